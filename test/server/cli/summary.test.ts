// The human summaries of `link` and `resolve`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { kindBreakdown, linkSummary, resolveSummary } from '../../../server/cli/summary.ts';

const statCounts = { citations: 51, figures: 35, tables: 1, equations: 30, sections: 0, dois: 0 };

test('kinds with links, singular or plural, in the contract order', () => {
  assert.equal(kindBreakdown(statCounts), '51 citations, 35 figures, 1 table, 30 equations');
  assert.equal(kindBreakdown({}), '');
});

test('link: the headline with the review hint, the resolver line, unmatched mentions and each warning', () => {
  const lines = linkSummary({ linkCount: 117, statCounts, unmatched: [{ refId: 'm1', kind: 'citation', sourceText: '[45]', status: 'unmatched', reason: 'no entry 45' }], warnings: ['Bibliography rewrite (apa): 2 entries kept'] }, { input: '/tmp/papers/sample.docx', output: 'linked.docx', needReview: 3, resolver: { resolved: 40, reviewRequired: 2, unresolved: 1 } });
  assert.deepEqual(lines, [
    'Linked 117 mentions in sample.docx → linked.docx: 51 citations, 35 figures, 1 table, 30 equations; 3 need review: run `hyperlinker scan sample.docx`',
    'Crossref: 40 references resolved, 2 to review, 1 not found',
    '1 mention points to no target (--json lists them)',
    'warning: Bibliography rewrite (apa): 2 entries kept',
  ]);
  assert.deepEqual(linkSummary({ linkCount: 1, statCounts: { dois: 1 } }, { input: 'a.docx', output: 'b.docx', needReview: 0 }), ['Linked 1 mention in a.docx → b.docx: 1 DOI']);
});

test('resolve: what was found, what needs review, what is held, and how much came from the cache', () => {
  assert.equal(
    resolveSummary({ input: 'x/ms.docx', total: 59, resolved: 50, reviewRequired: 6, unresolved: 2, held: 1, cached: 10 }),
    'Resolved 59 references in ms.docx (10 from the cache): 50 with a DOI, 6 to review, 2 not found, 1 held (registry unavailable: resolve again later); --json prints the report',
  );
});
