// The drift check itself: it must catch what it is there to catch.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkAnswer, componentViolations } from './openapi-check.ts';

test('a documented answer passes', () => {
  assert.deepEqual(checkAnswer('GET', '/healthz', 200, { ok: true }), []);
  assert.deepEqual(checkAnswer('POST', '/auth/login', 401, { error: 'Invalid credentials', reason: null }), []);
});

test('wrong types, missing and undocumented fields fail', () => {
  assert.match(checkAnswer('GET', '/healthz', 200, { ok: 'yes' })[0] ?? '', /\$\.ok: expected boolean, got string/);
  assert.match(checkAnswer('GET', '/healthz', 200, {})[0] ?? '', /missing required 'ok'/);
  assert.match(checkAnswer('GET', '/healthz', 200, { ok: true, extra: 1 })[0] ?? '', /'extra' is not in the document/);
  assert.match(checkAnswer('POST', '/auth/login', 200, { token: 't' })[0] ?? '', /missing required 'expires_at'/);
  assert.match(checkAnswer('POST', '/auth/login', 401, { message: 'no' })[0] ?? '', /missing required 'error'/);
});

test('undocumented routes fail unless they answer an error', () => {
  assert.match(checkAnswer('GET', '/not-a-route', 200, {})[0] ?? '', /route not in the OpenAPI document/);
  assert.deepEqual(checkAnswer('GET', '/not-a-route', 404, { error: 'Not found' }), []);
});

test('a value is checked against one component; an unknown component is a violation', () => {
  assert.deepEqual(componentViolations('Health', { ok: true }), []);
  assert.match(componentViolations('Health', { ok: 1 })[0] ?? '', /\$\.ok: expected boolean, got integer/);
  assert.deepEqual(componentViolations('NoSuchThing', {}), ['NoSuchThing is not a component of the OpenAPI document']);
});
