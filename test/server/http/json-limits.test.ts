import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkSettingsText, depthExceeds } from '../../../server/http/json-limits.ts';

test('depthExceeds counts object and array levels iteratively, even 100,000 deep', () => {
  assert.equal(depthExceeds({ a: 1 }, 1), false);
  assert.equal(depthExceeds({ a: { b: [1] } }, 2), true);
  assert.equal(depthExceeds({ a: { b: [1] } }, 3), false);
  assert.equal(depthExceeds('text', 0), false);
  assert.equal(depthExceeds(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`), 32), true);
});

test('settings text: brackets inside strings and after escaped quotes are not nesting (at most 8 levels)', () => {
  const nested = (levels: number) => `{"a":"\\"[[[[","b":${'['.repeat(levels - 1)}1${']'.repeat(levels - 1)}}`;
  assert.doesNotThrow(() => checkSettingsText(`{"a":"${'['.repeat(20)}"}`));
  assert.doesNotThrow(() => checkSettingsText(nested(8)));
  assert.throws(() => checkSettingsText(nested(9)), /nested too deeply/);
});
