// Checks from a resolver report.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runChecks } from '../../../../server/engine/checks/index.ts';

test('registry findings: retracted and corrected works, a written DOI for another work, a DOI the manuscript lacks', () => {
  const loc = (paragraph: number) => ({ part: 'word/document.xml', paragraph, start: 0, end: 10 });
  const targets = [1, 2, 3].map((i) => ({ targetId: `bib-${i}`, label: `[${i}]`, type: 'bibliography' as const, text: `${i}. Entry ${i}`, location: loc(10 + i), refIndex: i }));
  const ref = (i: number, extra: object) => ({ refId: `bib-${i}`, index: i - 1, refText: '', refTextHtml: '', author: null, year: null, title: null, existingDoi: null, existingUrl: null, ...extra });
  const work = (doi: string, extra: object = {}) => ({ doi, title: 't', confidence: 0.99, citationImpact: '', transactionPlan: null, ...extra });
  const found = runChecks({ matches: [], targets, citeStyle: 'number' }, {
    references: [ref(1, { status: 'ready' }), ref(2, { status: 'ready', existingDoi: '10.1/x' }), ref(3, { status: 'ready', existingDoi: '10.1/y', existingDoiCheck: 'verified' })],
    resolvedWorks: {
      'bib-1': work('10.1/a', { updates: [{ type: 'retraction', noticeDoi: '10.1/r', date: '2020-01-02' }, { type: 'correction', noticeDoi: '10.1/c', date: null }] }),
      'bib-2': work('10.1/b', { identityChange: { writtenDoi: '10.1/x', registryTitle: 'Other', notFound: false } }),
      'bib-3': work('10.1/y'),
    },
  });
  const messages = found.map((f) => `${f.severity} ${f.code}: ${f.message}`);
  assert.ok(messages.includes('error retracted-work: Reference 1 (10.1/a) carries a retraction notice (2020-01-02): 10.1/r'), messages.join('\n'));
  assert.ok(messages.includes('note corrected-work: Reference 1 (10.1/a) has a correction: 10.1/c'));
  assert.ok(messages.includes('error doi-mismatch: Reference 2: the DOI written, 10.1/x, names another work (“Other”)'));
  assert.ok(messages.includes('note doi-available: Reference 1 gives no DOI; the registry has 10.1/a'));
  assert.ok(!messages.some((m) => m.includes('Reference 3')), 'a verified DOI is no finding');
});
