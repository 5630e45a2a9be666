// Model queries: pieces under a range, code points, locations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { locationOf, piecesIn } from '../../../../server/engine/model/queries.ts';
import type { ModelParagraph } from '../../../../server/engine/model/types.ts';

const para = (text: string, index = 0) => ({ part: 'word/document.xml', index, text, pieces: [] }) as unknown as ModelParagraph;

test('locations count code points, as the location convention says', () => {
  assert.deepEqual(locationOf(para('abc'), 1, 2), { part: 'word/document.xml', paragraph: 0, start: 1, end: 2 });
  const math = para('𝑥 = 1, see [3]');
  assert.deepEqual(locationOf(math, 11, 14), { part: 'word/document.xml', paragraph: 0, start: 10, end: 13 });
  // Several pairs, and an offset past the end (clamped).
  const text = '😀a😀😀b [1]';
  const many = para(text);
  const naive = (offset: number) => [...text.slice(0, offset)].length;
  for (let offset = 0; offset <= text.length; offset++) {
    // Offsets from the detectors are at character boundaries: skip those between the halves of a pair.
    if (offset > 0 && text.charCodeAt(offset - 1) >= 0xd800 && text.charCodeAt(offset - 1) <= 0xdbff) continue;
    assert.equal(locationOf(many, 0, offset).end, naive(offset), `offset ${offset}`);
  }
  assert.equal(locationOf(many, 0, 999).end, [...text].length);
});

test('an equal text in a new paragraph (a second scan of the same document) is read as its own paragraph', () => {
  const first = para('x'.repeat(100) + '😀 [2]');
  const second = para('x'.repeat(100) + '😀 [2]');
  assert.equal(locationOf(first, 103, 106).start, 102);
  assert.equal(locationOf(second, 103, 106).start, 102);
  const plain = para('x'.repeat(100) + ' [2]');
  assert.equal(locationOf(plain, 101, 104).start, 101);
});

test('pieces under a range: those that overlap it, in order', () => {
  const pieces = [{ start: 0, end: 4 }, { start: 4, end: 9 }, { start: 9, end: 15 }] as unknown as ModelParagraph['pieces'];
  const paragraph = { part: 'word/document.xml', index: 3, text: 'Fig. 1 shows x', pieces } as unknown as ModelParagraph;
  assert.deepEqual(piecesIn(paragraph, 3, 5), [pieces[0], pieces[1]]);
  assert.deepEqual(piecesIn(paragraph, 9, 10), [pieces[2]]);
  assert.deepEqual(piecesIn(paragraph, 15, 20), []);
  assert.deepEqual(locationOf(paragraph, 0, 6), { part: 'word/document.xml', paragraph: 3, start: 0, end: 6 });
});
