import { test } from 'node:test';
import assert from 'node:assert/strict';
import { errorInWords } from '../../../addin/workflow/error-text.ts';
import { ServiceError } from '../../../addin/service-client.ts';
import { S } from '../../../addin/strings.ts';

const url = 'https://svc.example.org';

test('errors in words with the fix, never "Non-JSON response"', () => {
  assert.match(errorInWords(new ServiceError(0, 'x', null), url), /^The service is not reachable at https:\/\/svc\.example\.org/);
  assert.match(errorInWords(new ServiceError(401, 'x', { error: 'Invalid API key' }), url), /revoked.*sign in again/);
  // A refused scan token is not a refused key: no "sign in again".
  const token = errorInWords(new ServiceError(401, 'x', { error: 'scan token invalid', reason: 'expired' }), url);
  assert.doesNotMatch(token, /sign in/);
  assert.match(token, /no longer accepts this scan/);
  assert.match(errorInWords(new ServiceError(402, 'x', { error: 'No credits' }), url), /no credits/);
  assert.equal(errorInWords(new ServiceError(504, 'x', { error: 'Non-JSON response (504)' }), url), S.errors.slow);
  assert.equal(errorInWords(new ServiceError(502, 'x', null), url), S.errors.down(url, 502));
  assert.equal(errorInWords(new ServiceError(503, 'x', { error: 'Service temporarily unavailable', reason: 'engine_busy' }), url), S.errors.busy);
  assert.equal(errorInWords(new Error('plain'), url), 'plain');
});

test('one text per failure class, each with a way out: file rejected (the problem and its fix in Word), plan, unreachable vs slow vs down', () => {
  const rejected = (reason: string) => errorInWords(new ServiceError(400, `DOCX rejected (${reason}) (${reason}) [HTTP 400]`, { error: `DOCX rejected (${reason})`, reason }), url);
  assert.equal(rejected('not-a-zip'), S.errors.docxRejected('not-a-zip'));
  assert.doesNotMatch(rejected('not-a-zip'), /HTTP|not-a-zip/);
  assert.equal(errorInWords(new ServiceError(403, 'x', { error: 'hyperlinker_requires_paid_plan', reason: 'hyperlinker_requires_paid_plan' }), url), S.errors.paidPlan);
  // Through the dev proxy (addin/build/proxy-errors.mjs): a dead service is unreachable, a slow one slow.
  assert.equal(errorInWords(new ServiceError(502, 'x', { error: 'Service unreachable', reason: 'service_unreachable' }), url), S.errors.unreachable(url));
  assert.equal(errorInWords(new ServiceError(504, 'x', { error: 'Service did not answer in time', reason: 'service_timeout' }), url), S.errors.slow);
  assert.equal(errorInWords(new ServiceError(503, 'x', { error: 'Service temporarily unavailable', reason: 'processing_timeout' }), url), S.errors.slow);
  assert.equal(errorInWords(new ServiceError(503, 'x', { error: 'Service temporarily unavailable', reason: 'draining' }), url), S.errors.down(url, 503));
});
