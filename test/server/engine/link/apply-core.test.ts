// apply on hand-built analyses: decision semantics and errors, external links and their
// relationships, resolved works, skip-all, applying twice, identity changes of our own links.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import JSZip from 'jszip';
import { buildDocx, p, r } from '../../../helpers/docx-builder.ts';
import { DecisionError } from '../../../../server/engine/errors.ts';
import { applyAnalysis } from '../../../helpers/apply-analysis.ts';
import { markIdentityChanges, readPersistedMetadata } from '../../../../server/engine/metadata/persisted.ts';
import { openDocx } from '../../../../server/engine/package/docx.ts';
import { hand, paragraphsXml, partText, NOW, type MatchSpec, type TargetSpec } from './fixture.ts';

const BODY = p('Known [1] and [2], see Figure 1.') + p('Figure 1. Caption text.', 'Caption') + p('1. Smith J. A title. 2020.') + p('2. Doe K. Second title. 2021.');
const TARGETS: TargetSpec[] = [
  { key: 'bib-1', type: 'bibliography', label: '[1]', para: 2, titleText: 'A title.' },
  { key: 'bib-2', type: 'bibliography', label: '[2]', para: 3, doi: '10.5555/two', titleText: 'Second title.' },
  { key: 'fig-1', type: 'figure', label: 'Figure 1', para: 1 },
];
const MATCHES: MatchSpec[] = [
  { id: 'c1', kind: 'citation', para: 0, text: '[1]', target: 'bib-1' },
  { id: 'c2', kind: 'citation', para: 0, text: '[2]', target: 'bib-2' },
  { id: 'f1', kind: 'figure', para: 0, text: 'Figure 1', target: 'fig-1' },
];
const all = (status: 'approved' | 'skipped') => MATCHES.map((m) => ({ refId: m.id, status }));

async function doc() { return buildDocx({ body: BODY }); }

function rescan(bytes: Uint8Array, settings = {}) {
  const input = hand(bytes, TARGETS, MATCHES, settings);
  markIdentityChanges([...input.matchById.values()], [...input.targetById.values()], readPersistedMetadata(input.pkg));
  return input;
}

test('decision errors are DecisionErrors with reasons', async () => {
  const bytes = await doc();
  const cases: [unknown[], string][] = [
    [[{ refId: 'nope', status: 'approved' }], 'unknown-ref-id'],
    [[{ refId: 'c1', status: 'retargeted', targetId: 'bib-9' }], 'unknown-target-id'],
    [[{ refId: 'c1', status: 'approved', targetId: 'zzz' }], 'unknown-target-id'],
    [[{ refId: 'c1', status: 'retargeted' }], 'invalid-decision'],
    [[{ refId: 'c1', status: 'maybe' }], 'invalid-decision'],
    [[{ refId: 'c1', status: 'approved' }, { refId: 'c1', status: 'skipped' }], 'duplicate-decision'],
    [[{ refId: 'c1', status: 'link_only' }], 'missing-doi'],
  ];
  for (const [decisions, reason] of cases) {
    assert.throws(() => applyAnalysis(hand(bytes, TARGETS, MATCHES), bytes, decisions as never), (e: unknown) => e instanceof DecisionError && e.reason === reason, reason);
  }
});

test('skip everything: linkCount 0 and the package is byte-identical', async () => {
  const bytes = await doc();
  const out = applyAnalysis(hand(bytes, TARGETS, MATCHES), bytes, all('skipped'), { now: NOW });
  assert.equal(out.linkCount, 0);
  assert.equal(out.appliedDecisions, 3);
  assert.deepEqual(Buffer.from(out.docx), Buffer.from(bytes));
  assert.equal(out.unmatched!.length, 3);
  assert.ok(out.unmatched!.every((u) => u.status === 'skipped'));
});

test('approve, retarget, link_only; stats per category', async () => {
  const bytes = await doc();
  const out = applyAnalysis(hand(bytes, TARGETS, MATCHES), bytes, [
    { refId: 'c1', status: 'retargeted', targetId: 'bib-2' },
    { refId: 'c2', status: 'link_only', doi: 'https://doi.org/10.5555/Two' },
    { refId: 'f1', status: 'approved' },
  ], { now: NOW });
  assert.equal(out.linkCount, 3);
  assert.equal(out.statCounts!.citations, 2, 'a link_only citation still counts as a citation');
  assert.equal(out.statCounts!.figures, 1);
  assert.equal(out.statCounts!.dois, 0);
  const xml = paragraphsXml(out.docx)[0]!;
  assert.match(xml, /<w:hyperlink w:anchor="_Hl_bib_2" w:history="1"><w:r>.*\[1\]/);
  assert.match(xml, /<w:hyperlink r:id="rIdHl\d+" w:history="1"><w:r>.*\[2\]/);
  const rels = partText(out.docx, 'word/_rels/document.xml.rels');
  assert.match(rels, /Target="https:\/\/doi.org\/10.5555\/Two" TargetMode="External"/);
  // bib-1 got no link, so no bookmark
  assert.doesNotMatch(paragraphsXml(out.docx)[2]!, /bookmarkStart/);
  assert.match(paragraphsXml(out.docx)[3]!, /bookmarkStart w:id="\d+" w:name="_Hl_bib_2"/);
  assert.match(partText(out.docx, 'word/styles.xml'), /w:styleId="Hyperlink"/);
});

test('appearance: colours and URL font from settings', async () => {
  const bytes = await doc();
  const input = hand(bytes, TARGETS, MATCHES, { linkColor: '#112233', xrefLinkColor: '#445566', urlFont: 'Courier New' });
  const out = applyAnalysis(input, bytes, [{ refId: 'c1', status: 'link_only', doi: '10.1000/a' }, { refId: 'f1', status: 'approved' }], { now: NOW });
  const xml = paragraphsXml(out.docx)[0]!;
  assert.match(xml, /<w:rFonts w:ascii="Courier New" w:hAnsi="Courier New" w:cs="Courier New"\/><w:color w:val="112233"\/><\/w:rPr><w:t xml:space="preserve">\[1\]/);
  assert.match(xml, /<w:color w:val="445566"\/><\/w:rPr><w:t xml:space="preserve">Figure 1/);
});

test('refTitleLink links the title of a linked reference to its DOI; resolved works add a DOI link to references without one', async () => {
  const bytes = await doc();
  const out = applyAnalysis(hand(bytes, TARGETS, MATCHES, { refTitleLink: true }), bytes, [{ refId: 'c2', status: 'approved' }], {
    now: NOW,
    resolvedWorks: { 'bib-1': { doi: '10.7777/one', title: 'A title', confidence: 0.99, citationImpact: 'link-only-safe', transactionPlan: null } },
  });
  assert.equal(out.linkCount, 3);
  assert.equal(out.stats!.titleLinks, 1);
  assert.equal(out.stats!.resolvedWorkLinks, 1);
  assert.match(paragraphsXml(out.docx)[2]!, /<w:hyperlink r:id="rIdHl\d+" w:history="1"><w:r>.*A title\.<\/w:t>/);
  assert.match(paragraphsXml(out.docx)[3]!, /<w:hyperlink r:id="rIdHl\d+" w:history="1"><w:r>.*Second title\.<\/w:t>/);
  const rels = partText(out.docx, 'word/_rels/document.xml.rels');
  assert.match(rels, /https:\/\/doi.org\/10.7777\/one/);
  assert.match(rels, /https:\/\/doi.org\/10.5555\/two/);
});

test('external link in a footnote creates the footnotes rels part and declares r:', async () => {
  const footnotes = `<w:footnote w:id="1"><w:p>${r('See doi:10.1000/abc.')}</w:p></w:footnote>`;
  const bytes = await buildDocx({ body: p('Body.'), footnotes: footnotes.replace('<w:footnote ', '<w:footnote ') });
  const input = hand(bytes, [], [{ id: 'd', kind: 'doi', part: 'word/footnotes.xml', para: 0, text: '10.1000/abc', doi: '10.1000/abc' }], { doi: true });
  const out = applyAnalysis(input, bytes, [{ refId: 'd', status: 'approved' }], { now: NOW });
  assert.equal(out.linkCount, 1);
  assert.match(partText(out.docx, 'word/_rels/footnotes.xml.rels'), /<Relationship Id="rIdHl1" Type="[^"]+\/hyperlink" Target="https:\/\/doi.org\/10.1000\/abc" TargetMode="External"\/>/);
  assert.match(paragraphsXml(out.docx, 'word/footnotes.xml')[0]!, /<w:hyperlink r:id="rIdHl1"/);
});

test('untouched parts are byte for byte; the metadata part records the links', async () => {
  const bytes = await doc();
  const out = applyAnalysis(hand(bytes, TARGETS, MATCHES), bytes, all('approved'), { now: NOW });
  const a = await JSZip.loadAsync(bytes), b = await JSZip.loadAsync(out.docx);
  for (const name of ['_rels/.rels']) assert.equal(await b.file(name)!.async('string'), await a.file(name)!.async('string'));
  const meta = readPersistedMetadata(openDocx(out.docx))!;
  assert.equal(meta.engine, 'hyperlinker');
  assert.equal(meta.links.length, 3);
  assert.deepEqual(meta.links.map((l) => l.sourceText).sort(), ['Figure 1', '[1]', '[2]']);
  assert.match(partText(out.docx, '[Content_Types].xml'), /itemProps1.xml/);
});

test('applying twice equals applying once: our links are recognised and held', async () => {
  const bytes = await doc();
  const once = applyAnalysis(hand(bytes, TARGETS, MATCHES), bytes, all('approved'), { now: NOW });
  const again = rescan(once.docx);
  const statuses = [...again.matchById.values()].map((m) => [m.status, m.reason]);
  assert.deepEqual(statuses, MATCHES.map(() => ['held', 'already linked by Hyperlinker']));
  const twice = applyAnalysis(again, once.docx, all('approved'), { now: NOW });
  assert.equal(twice.linkCount, 0);
  assert.deepEqual(Buffer.from(twice.docx), Buffer.from(once.docx));
});

test('a reference replaced behind our link is an identity_change; approving re-points and records the new identity', async () => {
  const bytes = await doc();
  const once = applyAnalysis(hand(bytes, TARGETS, MATCHES), bytes, all('approved'), { now: NOW });
  const zip = await JSZip.loadAsync(once.docx);
  const xml = (await zip.file('word/document.xml')!.async('string')).replace('1. Smith J. A title. 2020.', '1. Other P. New work. 2024.');
  zip.file('word/document.xml', xml);
  const edited = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
  const changed = rescan(edited);
  assert.equal(changed.matchById.get('c1')!.status, 'identity_change');
  assert.equal(changed.matchById.get('c2')!.status, 'held');
  const out = applyAnalysis(changed, edited, [{ refId: 'c1', status: 'approved' }], { now: NOW });
  assert.equal(out.linkCount, 1);
  assert.equal(out.stats!.relinked, 1);
  const third = rescan(out.docx);
  assert.equal(third.matchById.get('c1')!.status, 'held');
  assert.equal((paragraphsXml(out.docx)[0]!.match(/<w:hyperlink/g) ?? []).length, 3, 'no nested or doubled links');
});
