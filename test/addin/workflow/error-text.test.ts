import { test } from 'node:test';
import assert from 'node:assert/strict';
import { errorInWords } from '../../../addin/workflow/error-text.ts';
import { ServiceError } from '../../../addin/service-client.ts';

const url = 'https://svc.example.org';

test('errors in words with the fix, never "Non-JSON response"', () => {
  assert.match(errorInWords(new ServiceError(0, 'x', null), url), /^The service is not reachable at https:\/\/svc\.example\.org/);
  assert.match(errorInWords(new ServiceError(401, 'x', { error: 'Invalid API key' }), url), /revoked.*sign in again/);
  // A refused scan token is not a refused key: no "sign in again".
  const token = errorInWords(new ServiceError(401, 'x', { error: 'scan token invalid', reason: 'expired' }), url);
  assert.doesNotMatch(token, /sign in/);
  assert.match(token, /no longer accepts this scan/);
  assert.match(errorInWords(new ServiceError(402, 'x', { error: 'No credits' }), url), /no credits/);
  assert.match(errorInWords(new ServiceError(504, 'x', { error: 'Non-JSON response (504)' }), url), /did not answer in time \(HTTP 504\)/);
  assert.match(errorInWords(new ServiceError(502, 'x', null), url), /HTTP 502/);
  assert.equal(errorInWords(new ServiceError(503, 'Engine busy: retry', { error: 'Engine busy' }), url), 'Engine busy: retry');
  assert.equal(errorInWords(new Error('plain'), url), 'plain');
});
