// Model queries: pieces under a range, code points, locations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { locationOf, piecesIn, toCodePoints } from '../../../../server/engine/model/queries.ts';
import type { ModelParagraph } from '../../../../server/engine/model/types.ts';

test('locations count code points, as the location convention says', () => {
  assert.equal(toCodePoints('abc', 2), 2);
  assert.equal(toCodePoints('𝑥 = 1, see [3]', 12), 11);
});

test('pieces under a range: those that overlap it, in order', () => {
  const pieces = [{ start: 0, end: 4 }, { start: 4, end: 9 }, { start: 9, end: 15 }] as unknown as ModelParagraph['pieces'];
  const paragraph = { part: 'word/document.xml', index: 3, text: 'Fig. 1 shows x', pieces } as unknown as ModelParagraph;
  assert.deepEqual(piecesIn(paragraph, 3, 5), [pieces[0], pieces[1]]);
  assert.deepEqual(piecesIn(paragraph, 9, 10), [pieces[2]]);
  assert.deepEqual(piecesIn(paragraph, 15, 20), []);
  assert.deepEqual(locationOf(paragraph, 0, 6), { part: 'word/document.xml', paragraph: 3, start: 0, end: 6 });
});
