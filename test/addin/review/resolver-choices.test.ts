// The Resolve step's rows, starting choices and the resolvedWorks apply receives.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReferenceCandidate, ResolvedWork, ResolverReport } from '../../../shared/contract.ts';
import { initialChoices, parseTypedDoi, resolverRows, worksToApply } from '../../../addin/review/resolver-choices.ts';

const ref = (n: number, status: ReferenceCandidate['status'], extra: Partial<ReferenceCandidate> = {}): ReferenceCandidate => ({
  refId: `bib-${n}`, index: n - 1, refText: `Reference ${n}`, refTextHtml: `Reference ${n}`, author: null, year: null, title: null, existingDoi: null, existingUrl: null, status, reasons: [`why ${n}`], ...extra,
});
const work = (doi: string, confidence: number, status: ResolvedWork['status'], extra: Partial<ResolvedWork> = {}): ResolvedWork => ({
  doi, title: `Title of ${doi}`, confidence, citationImpact: 'link-only-safe', transactionPlan: null, status, source: 'crossref', ...extra,
});

const REPORT: ResolverReport = {
  scanFingerprint: 'sha256:1', scanToken: 't', detectedCslId: null, styleDetection: null,
  references: [ref(1, 'ready'), ref(2, 'low_confidence'), ref(3, 'unmatched'), ref(4, 'low_confidence'), ref(5, 'ready'), ref(6, 'held')],
  resolvedWorks: {
    'bib-1': work('10.1/one', 0.98, 'ready'),
    'bib-2': work('10.1/two', 0.8, 'low_confidence'),
    'bib-4': work('10.1/four', 0.6, 'low_confidence'),
    'bib-5': work('10.1/five', 0.97, 'ready', { updates: [{ type: 'retraction', noticeDoi: '10.1/notice', date: '2010-02-06' }] }),
  },
  resolverReport: { resolved: 2, reviewRequired: 2, unresolved: 2 },
};

test('rows: flagged first, then low confidence (least sure first), held, unmatched, ready', () => {
  const rows = resolverRows(REPORT);
  assert.deepEqual(rows.map((r) => r.refId), ['bib-5', 'bib-4', 'bib-2', 'bib-6', 'bib-3', 'bib-1']);
  assert.match(rows[0]!.flags[0]!, /retraction \(2010-02-06\): 10\.1\/notice/);
  assert.deepEqual(rows.find((r) => r.refId === 'bib-2')!.reasons, ['why 2']);
  assert.equal(rows.find((r) => r.refId === 'bib-3')!.work, null);
});

test('starting choices approve ready works that carry no flag, nothing else', () => {
  const c = initialChoices(REPORT);
  assert.deepEqual(Object.entries(c).filter(([, v]) => v.approved).map(([k]) => k), ['bib-1']);
  assert.deepEqual(initialChoices(null), {});
});

test('works to apply: approvals recorded, a typed DOI replaces or adds a work, a half-typed one sends nothing', () => {
  const works = worksToApply(REPORT, {
    'bib-1': { approved: true },
    'bib-2': { approved: false },
    'bib-3': { approved: true, doi: 'https://doi.org/10.5555/typed' },
    'bib-4': { approved: true, doi: '10.55' },
  })!;
  assert.equal(works['bib-1']!.approved, true);
  assert.equal(works['bib-2']!.approved, false);
  assert.deepEqual({ doi: works['bib-3']!.doi, approved: works['bib-3']!.approved, source: works['bib-3']!.source }, { doi: '10.5555/typed', approved: true, source: 'user' });
  assert.equal(works['bib-4'], undefined);
  assert.equal(works['bib-5']!.approved, false, 'no choice: not approved');
  assert.equal(worksToApply(null, {}), undefined);
});

test('typed DOIs: bare, doi:, URL; anything else is not one', () => {
  assert.equal(parseTypedDoi(' doi:10.1038/nature12373 '), '10.1038/nature12373');
  assert.equal(parseTypedDoi('http://dx.doi.org/10.1038/x'), '10.1038/x');
  assert.equal(parseTypedDoi('10.12/x'), null);
  assert.equal(parseTypedDoi('nature12373'), null);
});
