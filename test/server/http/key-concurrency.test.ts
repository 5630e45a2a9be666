// Per-key concurrency: at most N documents in flight per key, a release frees exactly one slot (twice
// is once), keys count apart, and hold() answers 429 with Retry-After and frees its slot on close.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import type { Response } from 'express';
import { HttpError } from '../../../server/http/errors.ts';
import { KeyConcurrency } from '../../../server/http/key-concurrency.ts';

test('at most N per key; releases free slots once; other keys are not affected', () => {
  const k = new KeyConcurrency(2);
  const a = k.acquire('k1')!;
  const b = k.acquire('k1')!;
  assert.equal(k.acquire('k1'), null);
  assert.ok(k.acquire('k2'));
  assert.deepEqual([k.count('k1'), k.count('k2')], [2, 1]);
  a();
  a();
  assert.equal(k.count('k1'), 1);
  assert.ok(k.acquire('k1'));
  assert.equal(k.acquire('k1'), null);
  b();
  assert.equal(k.count('k1'), 1);
});

test('hold: a slot until the response closes; one more is 429 too_many_concurrent with Retry-After', () => {
  const k = new KeyConcurrency(1);
  const res = new EventEmitter() as unknown as Response;
  k.hold('k1', res);
  assert.throws(() => k.hold('k1', new EventEmitter() as unknown as Response), (err: unknown) =>
    err instanceof HttpError && err.status === 429 && err.reason === 'too_many_concurrent' && err.headers['Retry-After'] === '2');
  (res as unknown as EventEmitter).emit('close');
  assert.equal(k.count('k1'), 0);
  k.hold('k1', new EventEmitter() as unknown as Response);
  assert.equal(k.count('k1'), 1);
});
