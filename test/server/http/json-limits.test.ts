import assert from 'node:assert/strict';
import { test } from 'node:test';
import { depthExceeds, textDepthExceeds } from '../../../server/http/json-limits.ts';

test('depthExceeds counts object and array levels iteratively, even 100,000 deep', () => {
  assert.equal(depthExceeds({ a: 1 }, 1), false);
  assert.equal(depthExceeds({ a: { b: [1] } }, 2), true);
  assert.equal(depthExceeds({ a: { b: [1] } }, 3), false);
  assert.equal(depthExceeds('text', 0), false);
  assert.equal(depthExceeds(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`), 32), true);
});

test('textDepthExceeds skips brackets inside strings and escaped quotes', () => {
  assert.equal(textDepthExceeds('{"a":"[[[[[[[[[["}', 2), false);
  assert.equal(textDepthExceeds('{"a":"\\"[[[[","b":[[1]]}', 3), false);
  assert.equal(textDepthExceeds('{"a":"\\"[[[[","b":[[[1]]]}', 3), true);
});
