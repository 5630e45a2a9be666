// Apply uses the resolver's evidence: approved resolvedWorks link each reference entry to its DOI
// (title with refTitleLink, else the DOI written, else the whole entry) without changing any text;
// link_only citations go straight to the DOI; evidence is checked against the scan.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ResolvedWork, ReviewDecision } from '../../../../shared/contract.ts';
import { parseSettings, type HyperlinkSettings } from '../../../../shared/settings.ts';
import { apply, direct, scan, DecisionError } from '../../../../server/engine/index.ts';
import { buildModel } from '../../../../server/engine/model/document.ts';
import { openDocx } from '../../../../server/engine/package/docx.ts';
import { buildDocx, p, r } from '../../../helpers/docx-builder.ts';

const ENTRY1 = '1. Smith J, Jones K. Variability of neural activity in cortex. J Neurosci. 2020;40(3):123-130.';
const ENTRY2 = '2. Doe A. A second study of things. Nature. 2019;571:45-49. doi:10.1038/s41586-019-1234-5';
const ENTRY3 = '3. Roe B. Third paper on matters. Science. 2018;360:1-5. https://doi.org/10.1126/science.aaa0001';
const BODY = p('Results agree with [1] and [2] and [3].') + p('References', 'Heading1') + p(ENTRY1) + p(ENTRY2) + p(ENTRY3);

function work(doi: string, extra: Partial<ResolvedWork> & { status?: string } = {}): ResolvedWork {
  return { doi, title: 'T', confidence: 0.99, citationImpact: 'link-only-safe', transactionPlan: null, source: 'crossref', ...extra };
}

/** Every link of the output's main part: its text and where it goes (URL or #bookmark). */
function linksOf(docx: Uint8Array): { text: string; to: string }[] {
  const pkg = openDocx(docx);
  const rels = new Map<string, string>();
  for (const m of pkg.zip.text('word/_rels/document.xml.rels').matchAll(/Id="([^"]+)"[^>]*Target="([^"]+)"/g)) rels.set(m[1]!, m[2]!);
  const out: { text: string; to: string }[] = [];
  for (const para of buildModel(pkg).paragraphs) {
    for (const l of para.links) out.push({ text: para.text.slice(l.start, l.end), to: l.anchor ? `#${l.anchor}` : rels.get(l.relId!)! });
  }
  return out;
}

function texts(docx: Uint8Array): string[] {
  return buildModel(openDocx(docx)).paragraphs.map((x) => x.text);
}

async function setup(settings: Partial<HyperlinkSettings> = {}) {
  const bytes = await buildDocx({ body: BODY });
  const s = parseSettings({ doi: true, crossref: true, ...settings });
  return { bytes, s, packet: scan(bytes, s) };
}

const citationsOnly = (packet: ReturnType<typeof scan>): ReviewDecision[] =>
  packet.matches.filter((m) => m.kind === 'citation').map((m) => ({ refId: m.refId, status: 'approved' }));

test('an approved resolved work links the whole entry (without its label) when the entry has no DOI; text unchanged', async () => {
  const { bytes, s, packet } = await setup();
  const out = apply(bytes, s, citationsOnly(packet), { resolvedWorks: { 'bib-1': work('10.1523/JNEUROSCI.1234-19.2020') } });
  const links = linksOf(out.docx).filter((l) => l.to.startsWith('https:'));
  assert.deepEqual(links, [{ text: ENTRY1.slice(3), to: 'https://doi.org/10.1523/JNEUROSCI.1234-19.2020' }]);
  assert.equal(out.stats!.resolvedWorkLinks, 1);
  assert.equal(out.statCounts!.dois, 1);
  assert.deepEqual(texts(out.docx), texts(bytes));
});

test('refTitleLink: the entry title carries the resolved DOI (and entries with a DOI written get their title linked to it)', async () => {
  const { bytes, s, packet } = await setup({ refTitleLink: true });
  const out = apply(bytes, s, citationsOnly(packet), { resolvedWorks: { 'bib-1': work('10.1523/jn.1') } });
  const links = linksOf(out.docx).filter((l) => l.to.startsWith('https:'));
  assert.deepEqual(links, [
    { text: 'Variability of neural activity in cortex', to: 'https://doi.org/10.1523/jn.1' },
    { text: 'A second study of things', to: 'https://doi.org/10.1038/s41586-019-1234-5' },
    { text: 'Third paper on matters', to: 'https://doi.org/10.1126/science.aaa0001' },
  ]);
  assert.equal(out.stats!.resolvedWorkLinks, 1);
  assert.equal(out.stats!.titleLinks, 2);
  assert.deepEqual(texts(out.docx), texts(bytes));
});

test('a DOI written in the entry carries the link; the same DOI approved twice is linked once', async () => {
  const { bytes, s, packet } = await setup();
  const all = packet.matches.map((m) => ({ refId: m.refId, status: 'approved' as const }));
  const out = apply(bytes, s, all, { resolvedWorks: { 'bib-2': work('10.1038/S41586-019-1234-5'), 'bib-3': work('10.1126/science.aaa0001') } });
  const external = linksOf(out.docx).filter((l) => l.to.startsWith('https:'));
  assert.deepEqual(external, [
    { text: '10.1038/s41586-019-1234-5', to: 'https://doi.org/10.1038/s41586-019-1234-5' },
    { text: 'https://doi.org/10.1126/science.aaa0001', to: 'https://doi.org/10.1126/science.aaa0001' },
  ]);
  assert.equal(out.unmatched!.length, 0);
});

test('a corrected DOI the reviewer approved replaces the written one on the DOI text; the DOI match is reported', async () => {
  const { bytes, s, packet } = await setup();
  const all = packet.matches.map((m) => ({ refId: m.refId, status: 'approved' as const }));
  const out = apply(bytes, s, all, { resolvedWorks: { 'bib-3': work('10.1126/science.aaa0002') } });
  const entry3 = linksOf(out.docx).filter((l) => l.text.includes('science'));
  assert.deepEqual(entry3, [{ text: 'https://doi.org/10.1126/science.aaa0001', to: 'https://doi.org/10.1126/science.aaa0002' }]);
  const replaced = out.unmatched!.find((u) => u.kind === 'doi');
  assert.equal(replaced!.reason, "the reference's DOI link (10.1126/science.aaa0002) is written here instead");
  assert.deepEqual(replaced!.reasonCode, { code: 'referenceDoiHere', values: { doi: '10.1126/science.aaa0002' } }, 'why, as a code for the pane');
  assert.deepEqual(texts(out.docx), texts(bytes));
});

test('a skipped DOI match leaves the DOI text to the approved resolved work', async () => {
  const { bytes, s, packet } = await setup();
  const decisions = packet.matches.map((m) => ({ refId: m.refId, status: m.kind === 'doi' ? 'skipped' as const : 'approved' as const }));
  const out = apply(bytes, s, decisions, { resolvedWorks: { 'bib-2': work('10.1038/s41586-019-1234-5') } });
  assert.deepEqual(linksOf(out.docx).filter((l) => l.to.startsWith('https:')), [{ text: '10.1038/s41586-019-1234-5', to: 'https://doi.org/10.1038/s41586-019-1234-5' }]);
});

test('only approved works are linked: approved false, or a review status without approval, are not', async () => {
  const { bytes, s, packet } = await setup();
  const out = apply(bytes, s, citationsOnly(packet), {
    resolvedWorks: {
      'bib-1': work('10.1000/rejected', { approved: false }),
      'bib-2': work('10.1000/review', { status: 'low_confidence' }),
      'bib-3': work('', { status: 'unmatched' }),
    },
  });
  assert.equal(linksOf(out.docx).filter((l) => l.to.startsWith('https:')).length, 0);
  const approved = apply(bytes, s, citationsOnly(packet), { resolvedWorks: { 'bib-1': work('10.1000/reviewed', { status: 'low_confidence', approved: true }) } });
  assert.deepEqual(linksOf(approved.docx).filter((l) => l.to.startsWith('https:')).map((l) => l.to), ['https://doi.org/10.1000/reviewed']);
});

test('evidence is checked against the scan: unknown ids, non-reference targets, malformed DOIs are DecisionErrors', async () => {
  const { bytes, s, packet } = await setup();
  const cases: [Record<string, unknown>, string][] = [
    [{ 'bib-9': work('10.1000/x') }, 'unknown-resolved-work'],
    [{ 'cit-p0-20': work('10.1000/x') }, 'unknown-resolved-work'],
    [{ 'bib-1': work('not a doi') }, 'invalid-resolved-doi'],
    [{ 'bib-1': work('10.12/too-short-prefix') }, 'invalid-resolved-doi'],
    [{ 'bib-1': 'text' }, 'invalid-resolved-work'],
  ];
  for (const [resolvedWorks, reason] of cases) {
    assert.throws(
      () => apply(bytes, s, citationsOnly(packet), { resolvedWorks: resolvedWorks as Record<string, ResolvedWork> }),
      (e: unknown) => e instanceof DecisionError && e.reason === reason,
      reason,
    );
  }
});

test('link_only takes the DOI from the approved resolved work; the entry is linked too', async () => {
  const { bytes, s, packet } = await setup();
  const cite1 = packet.matches.find((m) => m.kind === 'citation' && m.targetId === 'bib-1')!;
  const out = apply(bytes, s, [{ refId: cite1.refId, status: 'link_only' }], { resolvedWorks: { 'bib-1': work('10.1523/jn.7') } });
  const links = linksOf(out.docx);
  assert.deepEqual(links, [
    { text: '1', to: 'https://doi.org/10.1523/jn.7' },
    { text: ENTRY1.slice(3), to: 'https://doi.org/10.1523/jn.7' },
  ]);
  assert.equal(out.statCounts!.citations, 1);
  // without a resolved work and without a DOI in the decision, link_only has nothing to link to
  assert.throws(() => apply(bytes, s, [{ refId: cite1.refId, status: 'link_only' }]), (e: unknown) => e instanceof DecisionError && e.reason === 'missing-doi');
});

test('direct links ready resolved works with everything the scan marks ready', async () => {
  const { bytes, s } = await setup();
  const out = direct(bytes, s, { resolvedWorks: { 'bib-1': work('10.1523/jn.8'), 'bib-2': work('10.9/x', { status: 'low_confidence' }) } });
  const external = linksOf(out.docx).filter((l) => l.to.startsWith('https:')).map((l) => l.to);
  assert.deepEqual(external, ['https://doi.org/10.1523/jn.8', 'https://doi.org/10.1038/s41586-019-1234-5', 'https://doi.org/10.1126/science.aaa0001']);
  assert.deepEqual(texts(out.docx), texts(bytes));
});

test('applying the output again keeps one link per entry (the resolved link is recognised as ours)', async () => {
  const { bytes, s, packet } = await setup();
  const once = apply(bytes, s, citationsOnly(packet), { resolvedWorks: { 'bib-1': work('10.1523/jn.9') } });
  const again = scan(once.docx, s);
  const twice = apply(once.docx, s, citationsOnly(again), { resolvedWorks: { 'bib-1': work('10.1523/jn.9') } });
  assert.equal(linksOf(twice.docx).filter((l) => l.to.startsWith('https:')).length, 1);
  assert.ok(!twice.warnings!.some((w) => /DOI link not written/.test(w)), twice.warnings!.join('; '));
});

test('a reference link that cannot be written is a warning naming the entry by its label code (said in the pane\'s language)', async () => {
  // An equation inside the entry: the whole-entry link would hold it, so it is not written.
  const entry = `<w:p>${r('1. Smith J. Growth of ')}<m:oMath><m:r><m:t>x</m:t></m:r></m:oMath>${r(' in moss. J Bot. 2004;12:1–9.')}</w:p>`;
  const bytes = await buildDocx({ body: p('Results agree with [1].') + p('References', 'Heading1') + entry });
  const s = parseSettings({ doi: true, crossref: true });
  const out = apply(bytes, s, citationsOnly(scan(bytes, s)), { resolvedWorks: { 'bib-1': work('10.1000/moss.1') } });
  const label = { code: 'referenceLabel', values: { number: '1' } };
  const why = { code: 'insideHold', values: { hold: 'math' } };
  assert.deepEqual(out.warningCodes, [{ code: 'doiNotWritten', values: { label: 'Reference 1', why: 'inside math' }, parts: { label: [label], why: [why] } }]);
  assert.deepEqual(out.warnings, ['Reference 1: DOI link not written (inside math)']);
});
