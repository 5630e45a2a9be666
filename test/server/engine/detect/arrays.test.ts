// Array helpers safe at any length (spreading 200,000 arguments overflows the call stack).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { maxOf, minOf, pushAll } from '../../../../server/engine/detect/arrays.ts';

test('pushAll appends in order, at lengths where push(...items) throws', () => {
  const into = [0];
  pushAll(into, [1, 2]);
  assert.deepEqual(into, [0, 1, 2]);
  const big = Array.from({ length: 200_000 }, (_, i) => i);
  assert.throws(() => [].push(...(big as never[])), RangeError);
  const out: number[] = [];
  pushAll(out, big);
  assert.equal(out.length, 200_000);
  assert.equal(out[199_999], 199_999);
});

test('minOf and maxOf match Math.min and Math.max, empty included, at any length', () => {
  for (const values of [[3, -1, 7], [5], []]) {
    assert.equal(minOf(values), Math.min(...values));
    assert.equal(maxOf(values), Math.max(...values));
  }
  const big = Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 200_003);
  assert.equal(maxOf(big), big.reduce((a, b) => (b > a ? b : a)));
  assert.equal(minOf(big), 0);
});
