// Engine failures as the contract's errors: one row per failure kind, status, reason, extras and
// Retry-After; anything that is not an EngineError passes through untouched (and counts as a 500).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HttpError } from '../../../../server/http/errors.ts';
import { engineHttpError, statusOf } from '../../../../server/http/services/engine-errors.ts';
import { EngineError } from '../../../../server/worker/pool.ts';
import type { EngineFailure } from '../../../../server/worker/protocol.ts';

interface Row {
  name: string;
  failure: EngineFailure;
  status: number;
  reason: string;
  error?: string | RegExp;
  extras?: Record<string, unknown>;
  headers?: Record<string, string>;
}

const rows: Row[] = [
  { name: 'a rejected DOCX is a 400 with the engine\'s reason', failure: { kind: 'docx-rejected', reason: 'macro-enabled', message: 'm' }, status: 400, reason: 'macro-enabled', error: 'DOCX rejected (macro-enabled)' },
  {
    name: 'a rejected decision is a 400 that names the decision (the engine\'s message as hint)',
    failure: { kind: 'decision-rejected', reason: 'unknown-match', message: 'decision 3 names no match' },
    status: 400, reason: 'unknown-match', error: 'Decisions rejected (unknown-match)', extras: { hint: 'decision 3 names no match' },
  },
  {
    name: 'a rejected resolved work is a 400 about resolvedWorks',
    failure: { kind: 'decision-rejected', reason: 'resolved-work-unknown-ref', message: 'ref 9' },
    status: 400, reason: 'resolved-work-unknown-ref', error: 'resolvedWorks rejected (resolved-work-unknown-ref)', extras: { hint: 'ref 9' },
  },
  { name: 'a scan that no longer matches the document is an invalid scan token', failure: { kind: 'scan-mismatch', reason: 'graph', message: 'm' }, status: 401, reason: 'graph_mismatch' },
  {
    name: 'too many matches is a 422 with the count and the limit',
    failure: { kind: 'too-much-output', reason: 'too-many-matches', message: 'm', count: 30001, limit: 25000 },
    status: 422, reason: 'too-many-matches', error: 'Too many matches (30001 of at most 25000)', extras: { count: 30001, limit: 25000 },
  },
  {
    name: 'a scan answer over the byte limit is a 422 with its size',
    failure: { kind: 'too-much-output', reason: 'answer-too-large', message: 'm', count: 30000000, limit: 25165824 },
    status: 422, reason: 'answer-too-large', error: 'Answer too large (30000000 bytes of at most 25165824)', extras: { count: 30000000, limit: 25165824 },
  },
  {
    name: 'every worker busy is a 503 with Retry-After',
    failure: { kind: 'engine-busy', reason: 'queue-full', message: 'm' },
    status: 503, reason: 'engine_busy', extras: { retry_after: 5, retryAfter: 5 }, headers: { 'Retry-After': '5' },
  },
  { name: 'an engine that cannot start is a 503', failure: { kind: 'engine-unavailable', reason: 'spawn', message: 'm' }, status: 503, reason: 'engine_unavailable' },
  { name: 'an engine time-out is a 503 processing_timeout', failure: { kind: 'engine-failed', reason: 'timeout', message: 'm' }, status: 503, reason: 'processing_timeout' },
];

for (const row of rows) {
  test(row.name, () => {
    const mapped = engineHttpError(new EngineError(row.failure));
    assert.ok(mapped instanceof HttpError);
    assert.equal(mapped.status, row.status);
    assert.equal(mapped.reason, row.reason);
    if (typeof row.error === 'string') assert.equal(mapped.error, row.error);
    for (const [k, v] of Object.entries(row.extras ?? {})) assert.deepEqual((mapped.extras as Record<string, unknown> | undefined)?.[k], v, k);
    if (row.headers) assert.deepEqual(mapped.headers, row.headers);
    assert.equal(statusOf(new EngineError(row.failure)), row.status);
  });
}

test('an engine crash other than a time-out stays an error of its own: a 500, never disguised', () => {
  const crash = new EngineError({ kind: 'engine-failed', reason: 'crashed', message: 'worker exited' });
  assert.equal(engineHttpError(crash), crash);
  assert.equal(statusOf(crash), 500);
});

test('errors that are not the engine\'s pass through unchanged', () => {
  const plain = new TypeError('x');
  assert.equal(engineHttpError(plain), plain);
  assert.equal(statusOf(plain), 500);
  const http = new HttpError(409, 'c', 'r');
  assert.equal(engineHttpError(http), http);
});
