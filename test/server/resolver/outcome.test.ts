// What one reference resolves to in the report's terms: a registry work as a ResolvedWork (notices as
// reasons and updates, the citation impact), a match decision as a cached resolution, the query text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseReference } from '../../../server/references/parse.ts';
import type { MatchDecision } from '../../../server/resolver/match.ts';
import { fromDecision, queryText, toResolvedWork } from '../../../server/resolver/outcome.ts';
import { prepareReference } from '../../../server/resolver/score.ts';
import { workRecord, type CrossrefWork } from '../../../server/resolver/work.ts';

const work: CrossrefWork = {
  DOI: '10.1000/ABC.1', title: ['Moss on <i>walls</i>'], issued: { 'date-parts': [[2004]] }, 'container-title': ['Journal of Urban Botany'],
};

test('a ready work: lower-case DOI, plain title, year as text, link-only-safe, the registry record', () => {
  const agrees = { code: 'fieldAgrees', values: { field: 'title' } };
  assert.deepEqual(toResolvedWork(work, 'ready', 0.97, [agrees]), {
    doi: '10.1000/abc.1', title: 'Moss on walls', confidence: 0.97, citationImpact: 'link-only-safe', transactionPlan: null,
    year: '2004', containerTitle: 'Journal of Urban Botany', source: 'crossref', status: 'ready', reasons: ['title agrees'], reasonCodes: [agrees],
    record: workRecord(work),
  });
});

test('a retracted work: the notice among the reasons (sentence and code) and the updates; low confidence needs review', () => {
  const retracted: CrossrefWork = { ...work, issued: undefined, 'updated-by': [{ DOI: '10.1000/RET', type: 'retraction', updated: { 'date-parts': [[2021, 2, 3]] } }] };
  const out = toResolvedWork(retracted, 'low_confidence', 0.6, [{ code: 'fieldDiffers', values: { field: 'year' } }]);
  assert.equal(out.year, null);
  assert.equal(out.citationImpact, 'review-required');
  assert.deepEqual(out.reasons, ['year differs', 'retraction notice 10.1000/ret (2021-02-03)']);
  assert.deepEqual(out.reasonCodes?.[1], { code: 'updateDated', values: { type: 'retraction', doi: '10.1000/ret', date: '2021-02-03' } });
  assert.deepEqual(out.updates, [{ type: 'retraction', noticeDoi: '10.1000/ret', date: '2021-02-03' }]);
});

test('an identity change given as extra wins the citation impact', () => {
  const out = toResolvedWork(work, 'ready', 0.9, [], { identityChange: { writtenDoi: '10.1/x', registryTitle: null, notFound: true, betterDoi: null } });
  assert.equal(out.citationImpact, 'identity-change');
});

test('fromDecision: unmatched, or no best candidate, carries no work', () => {
  const d = (status: MatchDecision['status'], best: MatchDecision['best']): MatchDecision => ({ status, best, runnerUp: null, confidence: 0.5, reasons: [{ code: 'noCandidate' }] });
  assert.deepEqual(fromDecision(d('unmatched', null)), { status: 'unmatched', work: null, reasons: [{ code: 'noCandidate' }] });
  const ranked = { work, score: 50 } as unknown as NonNullable<MatchDecision['best']>;
  assert.deepEqual(fromDecision(d('unmatched', ranked)), { status: 'unmatched', work: null, reasons: [{ code: 'noCandidate' }] });
  const ready = fromDecision(d('ready', ranked));
  assert.deepEqual([ready.status, ready.work?.doi, ready.work?.confidence], ['ready', '10.1000/abc.1', 0.5]);
});

test('queryText: the cleaned reference, cut at a word under 400 characters', () => {
  const short = prepareReference(parseReference('[3] Smith J. Moss on walls. J Urban Bot. 2004;12:101-19. doi:10.1000/abc.1'));
  const q = queryText(short);
  assert.ok(!q.startsWith('[3]') && !q.includes('10.1000/abc.1'), q);
  const long = prepareReference(parseReference(`Smith J. ${'A very long title word '.repeat(40)}. J Urban Bot. 2004.`));
  const lq = queryText(long);
  assert.ok(lq.length <= 400 && !lq.endsWith(' '), String(lq.length));
  assert.ok(long.parsed.cleaned.startsWith(lq));
  assert.ok(/\s/.test(long.parsed.cleaned[lq.length] ?? ''));
});
