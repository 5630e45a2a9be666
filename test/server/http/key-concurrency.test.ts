// Per-key concurrency: at most N documents in flight per key, a release frees exactly one slot (twice
// is once), keys count apart, and holdAll() answers 429 with Retry-After and frees its slots on close; an account
// counts the documents of all its keys.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import type { Response } from 'express';
import { HttpError } from '../../../server/http/errors.ts';
import { holdAll, KeyConcurrency } from '../../../server/http/key-concurrency.ts';

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

const response = () => new EventEmitter() as unknown as Response;

test('holdAll: a slot until the response closes; one more is 429 too_many_concurrent with Retry-After', () => {
  const k = new KeyConcurrency(1);
  const res = response();
  holdAll(res, [[k, 'k1']]);
  assert.throws(() => holdAll(response(), [[k, 'k1']]), (err: unknown) =>
    err instanceof HttpError && err.status === 429 && err.reason === 'too_many_concurrent' && err.headers['Retry-After'] === '2');
  (res as unknown as EventEmitter).emit('close');
  assert.equal(k.count('k1'), 0);
  holdAll(response(), [[k, 'k1']]);
  assert.equal(k.count('k1'), 1);
});

test("an account's keys share the account's slots: past them 429 names the account, and the key's slot taken is given back", () => {
  const perKey = new KeyConcurrency(2);
  const perAccount = new KeyConcurrency(3, 'account');
  const held = ['k1', 'k1', 'k2'].map((key) => {
    const res = response();
    holdAll(res, [[perKey, key], [perAccount, 'user:1']]);
    return res;
  });
  assert.throws(() => holdAll(response(), [[perKey, 'k3'], [perAccount, 'user:1']]), (err: unknown) =>
    err instanceof HttpError && err.status === 429 && err.message.includes('account') && String(err.extras.hint).includes('account'));
  assert.equal(perKey.count('k3'), 0, "the refused request's key slot is given back");
  holdAll(response(), [[perKey, 'k3'], [perAccount, 'user:2']]);
  (held[0] as unknown as EventEmitter).emit('close');
  holdAll(response(), [[perKey, 'k3'], [perAccount, 'user:1']]);
  assert.deepEqual([perKey.count('k1'), perKey.count('k3'), perAccount.count('user:1')], [1, 2, 3]);
});
