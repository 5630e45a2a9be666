// Text comparison for style detection: entries normalised (links dropped, spacing collapsed), their
// shape (word classes, numbers as 0, punctuation kept), Levenshtein distance, similarity and median.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { median, normaliseEntry, shape, similarity } from '../../../server/citation-style/similarity.ts';

test('normaliseEntry drops links and DOIs, collapses white space, and keeps punctuation against the word', () => {
  assert.equal(normaliseEntry('Smith J .  Title ,  Nature.\n https://doi.org/10.1/x'), 'Smith J. Title, Nature.');
  assert.equal(normaliseEntry('Lee K. Work. 10.1234/abc.def'), 'Lee K. Work.');
});

test('shape: two styles of one reference differ in shape, two references of one style share it', () => {
  const apa1 = shape('Smith, J. (2011). Title here. Nature, 29(5), 1–9.');
  assert.equal(apa1, 'A, I. (0). A. A, 0(0), 0–0.'); // a run of words after a capitalised one is one A
  assert.equal(shape('Lee, K. (1999). Another long title. Science, 3(1), 10–12.'), apa1);
  assert.notEqual(shape('Smith J. Title here. Nature. 2011;29(5):1–9.'), apa1);
  assert.equal(shape('NASA report'), 'C a');
});

test('similarity counts the Levenshtein distance', () => {
  /** The distance similarity's value implies: (1 − similarity) × the longer length. */
  const editDistance = (a: string, b: string) => Math.round((1 - similarity(a, b)) * Math.max(a.length, b.length));
  const rows: Array<[string, string, number]> = [['', '', 0], ['abc', '', 3], ['', 'ab', 2], ['kitten', 'sitting', 3], ['flaw', 'lawn', 2], ['same', 'same', 0]];
  for (const [a, b, d] of rows) {
    assert.equal(editDistance(a, b), d, `${a}/${b}`);
    assert.equal(editDistance(b, a), d, `${b}/${a}`);
  }
});

test('similarity is 1 − distance / longer length', () => {
  assert.equal(similarity('', ''), 1);
  assert.equal(similarity('abcd', 'abcd'), 1);
  assert.equal(similarity('abcd', 'wxyz'), 0);
  assert.equal(similarity('kitten', 'sitting'), 1 - 3 / 7);
});

test('median of odd and even counts, and of none', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.equal(median([]), 0);
  const v = [5, 1];
  median(v);
  assert.deepEqual(v, [5, 1]);
});
