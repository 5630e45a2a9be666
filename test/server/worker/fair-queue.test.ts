// FairQueue: per-account shares of the engine workers, round-robin among waiting accounts, bounded waiting, aborts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FairQueue, QueueFull } from '../../../server/worker/fair-queue.ts';

const queue = (over: Partial<ConstructorParameters<typeof FairQueue>[0]> = {}) =>
  new FairQueue({ slots: 2, perAccount: 1, maxWaiting: 8, maxWaitingPerAccount: 4, ...over });

test('one account runs at most its share: with two workers, another account finds one free', async () => {
  const q = queue();
  const a1 = await q.acquire('a');
  let a2Started = false;
  const a2 = q.acquire('a').then((release) => ((a2Started = true), release));
  await new Promise((r) => setImmediate(r));
  assert.equal(a2Started, false, "a's second task waits although a worker is free");
  const b1 = await q.acquire('b');
  assert.deepEqual([q.active, q.queued], [2, 1]);
  b1();
  await new Promise((r) => setImmediate(r));
  assert.equal(a2Started, false, 'a is still at its share');
  a1();
  (await a2)();
  assert.deepEqual([q.active, q.queued], [0, 0]);
});

test('waiting tasks are served round-robin across accounts, each account in arrival order', async () => {
  const q = queue({ slots: 1, perAccount: 1 });
  const first = await q.acquire('a');
  const order: string[] = [];
  const take = (account: string, label: string) => q.acquire(account).then((release) => { order.push(label); release(); });
  // a queues three before b and c queue one each: they do not wait behind all of a's.
  const all = [take('a', 'a1'), take('a', 'a2'), take('a', 'a3'), take('b', 'b1'), take('c', 'c1')];
  first();
  await Promise.all(all);
  assert.deepEqual(order, ['a1', 'b1', 'c1', 'a2', 'a3']);
});

test('one account fills at most its part of the queue; the whole queue is bounded; both refusals are QueueFull', async () => {
  const q = queue({ slots: 1, perAccount: 1, maxWaiting: 3, maxWaitingPerAccount: 2 });
  const held = await q.acquire('a');
  const waiting = [q.acquire('a'), q.acquire('a')];
  await assert.rejects(q.acquire('a'), (err: unknown) => err instanceof QueueFull && err.scope === 'account');
  waiting.push(q.acquire('b'));
  await assert.rejects(q.acquire('c'), (err: unknown) => err instanceof QueueFull && err.scope === 'all');
  held();
  await Promise.all(waiting.map((w) => w.then((release) => release())));
  assert.equal(q.queued, 0);
});

test('a task aborted while it waits leaves the queue and the next one gets the slot', async () => {
  const q = queue({ slots: 1, perAccount: 1 });
  const held = await q.acquire('a');
  const cancel = new AbortController();
  const gone = q.acquire('b', cancel.signal);
  const next = q.acquire('c');
  cancel.abort(new Error('timed out'));
  await assert.rejects(gone, /timed out/);
  assert.equal(q.queued, 1);
  held();
  (await next)();
  assert.deepEqual([q.active, q.queued], [0, 0]);
});

test('a release called twice frees one slot', async () => {
  const q = queue({ slots: 1, perAccount: 1 });
  const release = await q.acquire('a');
  release();
  release();
  assert.equal(q.active, 0);
  const again = await q.acquire('b');
  assert.equal(q.active, 1);
  again();
});
