import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InProcessLimiter } from '../../../server/resolver/limiter.ts';

const limits = (limit: number, intervalMs: number, concurrency: number) => ({ search: { limit, intervalMs, concurrency }, lookup: { limit: 100, intervalMs, concurrency } });

test('never more than `limit` grants in any window of the interval', async () => {
  const limiter = new InProcessLimiter(limits(2, 100, 10));
  const t0 = performance.now();
  const times: number[] = [];
  await Promise.all(Array.from({ length: 6 }, async () => {
    const slot = await limiter.acquire('search');
    times.push(performance.now() - t0);
    slot.release();
  }));
  times.sort((a, b) => a - b);
  for (let i = 2; i < times.length; i++) assert.ok(times[i]! - times[i - 2]! >= 99, `grant ${i} at ${times[i]!.toFixed(0)} ms, two before at ${times[i - 2]!.toFixed(0)} ms`);
  assert.ok(times[5]! >= 200);
});

test('concurrency: a slot frees only when released; releasing twice frees once', async () => {
  const limiter = new InProcessLimiter(limits(100, 1000, 1));
  const first = await limiter.acquire('search');
  let second = false;
  const pending = limiter.acquire('lookup').then((s) => { second = true; return s; });
  await new Promise((r) => setTimeout(r, 30));
  assert.equal(second, false, 'in flight counts across request classes');
  first.release();
  first.release();
  const s2 = await pending;
  assert.equal(second, true);
  let third = false;
  const p3 = limiter.acquire('search').then((s) => { third = true; return s; });
  await new Promise((r) => setTimeout(r, 30));
  assert.equal(third, false);
  s2.release();
  (await p3).release();
});

test('limits announced by the registry replace the starting ones', async () => {
  const limiter = new InProcessLimiter(limits(1, 1000, 1));
  limiter.updateLimits('search', { limit: 50, intervalMs: 1000, concurrency: 5 });
  assert.deepEqual(limiter.currentLimits('search'), { limit: 50, intervalMs: 1000, concurrency: 5 });
  const slots = await Promise.all(Array.from({ length: 5 }, () => limiter.acquire('search')));
  slots.forEach((s) => s.release());
});

test('a pause holds every class until it ends', async () => {
  const limiter = new InProcessLimiter(limits(100, 1000, 10));
  limiter.updateLimits('search', { limit: 100, intervalMs: 1000, concurrency: 10 }); // the registry has answered
  const t0 = Date.now();
  limiter.pauseUntil(t0 + 120);
  const [a, b] = await Promise.all([limiter.acquire('search'), limiter.acquire('lookup')]);
  assert.ok(Date.now() - t0 >= 115);
  a.release();
  b.release();
});

test('an aborted wait rejects with the reason and holds no slot', async () => {
  const limiter = new InProcessLimiter(limits(100, 1000, 1));
  const held = await limiter.acquire('search');
  const controller = new AbortController();
  const waiting = limiter.acquire('search', controller.signal);
  controller.abort(new Error('gone'));
  await assert.rejects(waiting, /gone/);
  await assert.rejects(limiter.acquire('search', controller.signal), /gone/);
  held.release();
  (await limiter.acquire('search')).release();
});

test('fair shares: the waiting account served least recently goes next, whatever the queue order', async () => {
  const limiter = new InProcessLimiter(limits(1000, 1000, 1));
  const order: string[] = [];
  const use = async (account: string) => {
    const slot = await limiter.acquire('search', undefined, account);
    order.push(account);
    await new Promise((r) => setTimeout(r, 5));
    slot.release();
  };
  const all = [...Array.from({ length: 6 }, () => use('hog')), use('other'), use('third')];
  await Promise.all(all);
  // Before: first come, first served: hog ×6, then the others.
  assert.deepEqual(order.slice(0, 3).sort(), ['hog', 'other', 'third']);
});

test('a slot marked sent counts in the window from then: a late request holds the next one back', async () => {
  const limiter = new InProcessLimiter(limits(1, 100, 10));
  const t0 = performance.now();
  const first = await limiter.acquire('search');
  await new Promise((r) => setTimeout(r, 80)); // the request left 80 ms after its grant (a busy event loop)
  first.sent();
  first.release();
  const second = await limiter.acquire('search');
  const waited = performance.now() - t0;
  second.release();
  // Counted from its grant the second would start at about 127 ms; from the send, at 80 + 127.
  assert.ok(waited >= 195, `the next request waits a window after the send (started at ${waited.toFixed(0)} ms)`);
});

test('a 429 halves the granted rate (the window stretches), which climbs back additively', async () => {
  let now = 1_000_000;
  const limiter = new InProcessLimiter(limits(2, 100, 10), () => now);
  assert.equal(limiter.rateShare('search'), 1);
  limiter.rateLimited('search');
  assert.equal(limiter.rateShare('search'), 0.5);
  limiter.rateLimited('search');
  assert.equal(limiter.rateShare('search'), 0.5, 'the same burst lowers it once');
  assert.equal(limiter.rateShare('lookup'), 1, 'per class');
  now += 500;
  assert.ok(Math.abs(limiter.rateShare('search') - 0.75) < 1e-9, 'five intervals later: 0.75');
  now += 500;
  assert.equal(limiter.rateShare('search'), 1);
});

test('below the whole rate no span of the interval holds more than the limit: the window stretches, the burst stays', async () => {
  const limiter = new InProcessLimiter(limits(3, 400, 10));
  limiter.updateLimits('search', { limit: 3, intervalMs: 400, concurrency: 10 });
  limiter.rateLimited('search');
  await new Promise((r) => setTimeout(r, 2400)); // six intervals: the share has climbed back to 0.8
  const t0 = performance.now();
  const grants: number[] = [];
  await Promise.all(Array.from({ length: 6 }, async () => {
    const slot = await limiter.acquire('search');
    grants.push(performance.now() - t0);
    slot.release();
  }));
  grants.sort((a, b) => a - b);
  // Before: 0.8 of 3 per 400 ms granted 2 per 365 ms (the window shortened with the burst): 4 within 400 ms.
  for (let i = 3; i < grants.length; i++) assert.ok(grants[i]! - grants[i - 3]! >= 399, `grants at ${grants.map((g) => g.toFixed(0)).join(', ')} ms: 4 inside one interval`);
});

test('until the registry first answers, one request at a time; then as many at once as the limits allow', async () => {
  const limiter = new InProcessLimiter(limits(10, 1000, 3));
  const first = await limiter.acquire('search');
  const granted: number[] = [];
  const rest = [1, 2].map((n) => limiter.acquire('lookup').then((s) => { granted.push(n); return s; }));
  await new Promise((r) => setTimeout(r, 30));
  assert.deepEqual(granted, [], 'the start limits allow three at once, the first request goes alone');
  first.sent();
  first.release();
  const slots = await Promise.all(rest);
  assert.deepEqual(granted.sort(), [1, 2], 'after the first answer both start together');
  slots.forEach((s) => s.release());
});

test('a request that never left ends nothing: the next one still goes alone; an announcement ends the probe', async () => {
  const limiter = new InProcessLimiter(limits(10, 1000, 3));
  const unsent = await limiter.acquire('search');
  unsent.release(); // cancelled before its headers left
  const a = await limiter.acquire('search');
  let second = false;
  const b = limiter.acquire('search').then((s) => { second = true; return s; });
  await new Promise((r) => setTimeout(r, 30));
  assert.equal(second, false, 'still one at a time');
  limiter.updateLimits('search', { limit: 3, intervalMs: 1000, concurrency: 3 });
  (await b).release();
  assert.equal(second, true, 'the headers of an answer say how many at once');
  a.release();
});
