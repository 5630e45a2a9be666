// A citation match from a resolution: its target, alternatives and reason carried over only when set.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { citationMatch } from '../../../../../server/engine/detect/citations/match.ts';
import type { BibEntry } from '../../../../../server/engine/detect/types.ts';
import type { ModelParagraph } from '../../../../../server/engine/model/types.ts';

const paragraph = { text: 'As shown [1].' } as ModelParagraph;
const entry = (key: string) => ({ key }) as BibEntry;

test('a ready resolution: the target key, no alternatives or reason', () => {
  const m = citationMatch(paragraph, 10, 11, { status: 'ready', target: entry('bib-1'), alternatives: [], confidence: 0.97 });
  assert.deepEqual(m, { kind: 'citation', paragraph, start: 10, end: 11, status: 'ready', confidence: 0.97, targetKey: 'bib-1' });
});

test('a low-confidence one keeps its alternatives and reason; an unmatched one has no target', () => {
  const low = citationMatch(paragraph, 10, 11, { status: 'low_confidence', target: entry('bib-1'), alternatives: [entry('bib-4'), entry('bib-7')], confidence: 0.5, why: { code: 'severalAuthorYear', values: { n: '3' } } });
  assert.deepEqual([low.targetKey, low.alternatives, low.reason, low.reasonCode], ['bib-1', ['bib-4', 'bib-7'], '3 references match this author and year', { code: 'severalAuthorYear', values: { n: '3' } }]);
  const none = citationMatch(paragraph, 10, 11, { status: 'unmatched', alternatives: [], confidence: 0.3, why: { code: 'numberedMissing', values: { n: '9' } } });
  assert.deepEqual([none.reason, none.reasonCode], ['no reference numbered 9', { code: 'numberedMissing', values: { n: '9' } }]);
  assert.equal('targetKey' in none, false);
  assert.equal(none.status, 'unmatched');
});
