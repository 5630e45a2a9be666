// The finders' shared helpers: trailing punctuation and unbalanced closing brackets trimmed; every match of a regexp.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { matchesOf, trimTrailing } from '../../../../../server/engine/detect/identifiers/types.ts';

test('trimTrailing drops sentence punctuation and quotation marks, repeatedly', () => {
  assert.equal(trimTrailing('a/b.'), 'a/b');
  assert.equal(trimTrailing('a/b.\u201d'), 'a/b');
  assert.equal(trimTrailing('a/b\u2026'), 'a/b');
  assert.equal(trimTrailing('a/b);.'), 'a/b');
  assert.equal(trimTrailing('a.b'), 'a.b', 'inner dots stay');
});

test('trimTrailing keeps balanced closing brackets and drops unbalanced ones of each kind', () => {
  assert.equal(trimTrailing('x_(b)'), 'x_(b)');
  assert.equal(trimTrailing('x_(b))'), 'x_(b)');
  assert.equal(trimTrailing('x[1]]'), 'x[1]');
  assert.equal(trimTrailing('x}'), 'x');
  assert.equal(trimTrailing('x>'), 'x');
});

test('matchesOf yields every match from the start, whatever lastIndex was, and survives empty matches', () => {
  const re = /\d+/g;
  re.lastIndex = 5;
  assert.deepEqual([...matchesOf(re, '12 ab 345 6')].map((m) => [m[0], m.index]), [['12', 0], ['345', 6], ['6', 10]]);
  assert.equal([...matchesOf(/x*/g, 'ab')].length, 3);
});
