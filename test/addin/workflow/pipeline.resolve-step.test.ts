// The add-in's Resolve step on the fake host with the real engine behind a fake client: progress per
// reference from the stream, then the choices (ready approved, one rejected, one DOI typed in) reach
// apply as resolvedWorks and the output links the references to exactly those DOIs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import JSZip from 'jszip';
import { FakeHost } from '../../../addin/host/fake-host.ts';
import { initialChoices } from '../../../addin/review/resolver-choices.ts';
import { emptyReviewState, reviewReducer } from '../../../addin/review/review-state.ts';
import type { ServiceClient } from '../../../addin/service-client.ts';
import { runApply, runScan, type Progress } from '../../../addin/workflow/pipeline.ts';
import { apply, scan } from '../../../server/engine/index.ts';
import type { ResolverReport } from '../../../shared/contract.ts';
import { DEFAULT_SETTINGS, type HyperlinkSettings } from '../../../shared/settings.ts';
import { buildDocx, p } from '../../helpers/docx-builder.ts';

const settings: HyperlinkSettings = { ...DEFAULT_SETTINGS, doi: true, crossref: true };
const REFS = ['Smith J. First study of things. J Res. 2020;1:1-2.', 'Doe A. Second study of things. Nature. 2019;5:3-4.', 'Roe B. Third study. Science. 2018;6:5-6.'];

function resolvingClient(): ServiceClient & { sent: Parameters<ServiceClient['apply']>[0][] } {
  const sent: Parameters<ServiceClient['apply']>[0][] = [];
  return {
    sent,
    scan: async (file, s) => ({ ...scan(file, s), scanToken: 'local' }),
    crossref: async (file, s, fingerprint, onProgress) => {
      const packet = scan(file, s);
      const bib = packet.targets.filter((t) => t.type === 'bibliography');
      onProgress?.(0, bib.length);
      bib.forEach((_, i) => onProgress?.(i + 1, bib.length));
      const report: ResolverReport = {
        scanFingerprint: fingerprint ?? packet.scanFingerprint, scanToken: 'local', detectedCslId: null, styleDetection: null,
        references: bib.map((t, i) => ({ refId: t.targetId, index: i, refText: t.text ?? '', refTextHtml: t.text ?? '', author: null, year: null, title: null, existingDoi: null, existingUrl: null, status: i === 2 ? 'unmatched' : i === 1 ? 'low_confidence' : 'ready', reasons: [] })),
        resolvedWorks: {
          [bib[0]!.targetId]: { doi: '10.1000/first', title: 'First study of things', confidence: 0.97, citationImpact: 'link-only-safe', transactionPlan: null, status: 'ready' },
          [bib[1]!.targetId]: { doi: '10.1000/second', title: 'Second study of things', confidence: 0.7, citationImpact: 'link-only-safe', transactionPlan: null, status: 'low_confidence' },
        },
        resolverReport: { resolved: 1, reviewRequired: 1, unresolved: 1 },
      };
      return report;
    },
    apply: async (req) => {
      sent.push(req);
      const out = apply(req.file, req.settings, req.decisions, req.resolvedWorks ? { resolvedWorks: req.resolvedWorks } : undefined);
      return { ...out, docx: Buffer.from(out.docx).toString('base64') };
    },
    stylePreview: async () => {
      throw new Error('not used');
    },
    direct: async () => { throw new Error('not used'); },
  };
}

test('resolve step: progress per reference, then approved and typed DOIs are linked, rejected ones not', async () => {
  const host = new FakeHost();
  const body = p('As shown [1], [2] and [3].') + p('References', 'Heading1') + REFS.map((r, i) => p(`${i + 1}. ${r}`)).join('');
  host.loadBytes(await buildDocx({ body }), 'refs.docx');
  const client = resolvingClient();
  const progress: Progress[] = [];
  const session = await runScan(host, client, settings, (x) => progress.push(x));
  const resolving = progress.filter((x) => x.phase === 'resolving' && x.total !== undefined).map((x) => `${x.done}/${x.total}`);
  assert.deepEqual(resolving, ['0/3', '1/3', '2/3', '3/3']);
  const choices = initialChoices(session.resolver);
  assert.deepEqual(Object.entries(choices).filter(([, c]) => c.approved).map(([id]) => id), ['bib-1'], 'only the ready work starts approved');
  choices['bib-2'] = { approved: false };
  choices['bib-3'] = { approved: true, doi: 'doi:10.1000/typed' };
  let review = reviewReducer(emptyReviewState, { type: 'load', packet: session.packet });
  for (const m of review.matches) review = reviewReducer(review, { type: 'approve', refId: m.refId });
  const step = await runApply(host, client, { session, review, approvedWorks: choices }, () => undefined);
  assert.equal(step.kind, 'applied');
  const sent = client.sent[0]!.resolvedWorks!;
  assert.deepEqual(Object.fromEntries(Object.entries(sent).map(([id, w]) => [id, [w.doi, w.approved]])), { 'bib-1': ['10.1000/first', true], 'bib-2': ['10.1000/second', false], 'bib-3': ['10.1000/typed', true] });
  const docx = await JSZip.loadAsync(Buffer.from(host.replacements.at(-1)!.b64, 'base64'));
  const rels = await docx.file('word/_rels/document.xml.rels')!.async('string');
  assert.match(rels, /https:\/\/doi\.org\/10\.1000\/first/);
  assert.match(rels, /https:\/\/doi\.org\/10\.1000\/typed/);
  assert.doesNotMatch(rels, /10\.1000\/second/);
});

test('Crossref refused by the plan: the scan is still usable and the warning says so in words, with the way out', async () => {
  const { ServiceError } = await import('../../../addin/service-client.ts');
  const { S } = await import('../../../addin/strings.ts');
  const host = new FakeHost();
  host.loadBytes(await buildDocx({ body: p('As shown [1].') + p('References') + p(`1. ${REFS[0]}`) }), 'm.docx');
  const client: ServiceClient = {
    ...resolvingClient(),
    crossref: () => Promise.reject(new ServiceError(403, 'hyperlinker_requires_paid_plan (hyperlinker_requires_paid_plan) [HTTP 403]', { error: 'hyperlinker_requires_paid_plan', reason: 'hyperlinker_requires_paid_plan' })),
  };
  const s = await runScan(host, client, settings, () => undefined);
  assert.equal(s.resolver, null);
  assert.equal(s.resolverWarning, S.resolver.paidPlan);
  assert.doesNotMatch(s.resolverWarning, /HTTP|hyperlinker_requires/);
});
