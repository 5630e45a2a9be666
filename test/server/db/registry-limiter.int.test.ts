// The MySQL registry limiter on real MariaDB: two limiter instances on two pools (as two processes
// would have) together never exceed the window limit or the concurrency limit; a pause holds every
// class; an abandoned slot expires; an aborted wait holds nothing.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { before, test } from 'node:test';
import type { Pool } from 'mysql2/promise';
import { openDatabase } from '../../../server/db/connection.ts';
import { MysqlRegistryLimiter } from '../../../server/db/registry-limiter.ts';
import type { RateLimits, RequestClass } from '../../../server/resolver/ports.ts';
import { useTestDatabase } from '../../helpers/test-database.ts';
import { maxInWindow } from '../../helpers/time-windows.ts';

const db = useTestDatabase('limiter', { connectionLimit: 4 });
let poolA: Pool, poolB: Pool;
const LIMITS: Record<RequestClass, RateLimits> = { search: { limit: 3, intervalMs: 300, concurrency: 2 }, lookup: { limit: 5, intervalMs: 300, concurrency: 3 } };

before(async () => {
  poolA = await db.ready();
  poolB = await db.otherPool();
});

async function reset(): Promise<void> {
  await poolA.query('DELETE FROM registry_slots');
  await poolA.query('DELETE FROM registry_limits');
}

test('two limiters sharing the database together keep the window and concurrency limits', async () => {
  await reset();
  const a = new MysqlRegistryLimiter(poolA, { initial: LIMITS, marginMs: 0, pollMs: 10 });
  const b = new MysqlRegistryLimiter(poolB, { initial: LIMITS, marginMs: 0, pollMs: 10 });
  let inFlight = 0, maxInFlight = 0;
  const t0 = Date.now();
  await Promise.all(Array.from({ length: 12 }, async (_, i) => {
    const slot = await (i % 2 ? a : b).acquire('search');
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    slot.sent();
    await new Promise((r) => setTimeout(r, 40));
    inFlight--;
    slot.release();
  }));
  const elapsed = Date.now() - t0;
  assert.ok(maxInFlight <= 2, `at most 2 at once (got ${maxInFlight})`);
  assert.ok(elapsed >= 900, `12 grants at 3 per 300 ms take at least 3 windows (took ${elapsed} ms)`);
  // The database's own grant times are the ground truth (the client sees each grant a little later).
  await new Promise((r) => setTimeout(r, 100));
  const [rows] = await poolA.query('SELECT granted_at, released_at FROM registry_slots');
  const slots = (rows as { granted_at: number; released_at: number | null }[]).map((r) => ({ g: Number(r.granted_at), r: r.released_at === null ? null : Number(r.released_at) }));
  assert.equal(slots.length, 12);
  assert.ok(slots.every((x) => x.r !== null), 'every slot released');
  assert.ok(maxInWindow(slots.map((x) => x.g), 300) <= 3, `at most 3 grants per 300 ms (got ${maxInWindow(slots.map((x) => x.g), 300)})`);
});

test('until the registry first answers this process, it takes a slot only when none is in flight', async () => {
  await reset();
  const a = new MysqlRegistryLimiter(poolA, { initial: LIMITS, marginMs: 0, pollMs: 10 });
  const first = await a.acquire('search');
  let second = false;
  const pending = a.acquire('lookup').then((s) => { second = true; return s; });
  await new Promise((r) => setTimeout(r, 150));
  assert.equal(second, false, 'the start limits allow two at once; before the first answer one goes alone');
  first.sent();
  first.release();
  const s2 = await pending;
  const s3 = await a.acquire('search'); // answered once: two at once now
  s2.release();
  s3.release();
});

test('a new process opens up at once when the table holds limits the registry confirmed; a start row keeps it probing', async () => {
  await reset();
  const a = new MysqlRegistryLimiter(poolA, { initial: LIMITS, marginMs: 0, pollMs: 10, confirmAfter: { count: 2, spanMs: 0 } });
  const confirmed = async () => Number(((await poolA.query("SELECT confirmed FROM registry_limits WHERE request_class = 'search'"))[0] as Array<{ confirmed: number }>)[0]!.confirmed);
  // Another process's first slot: none confirmed yet, the start row keeps a newcomer to one at a time.
  const early = new MysqlRegistryLimiter(poolB, { initial: LIMITS, marginMs: 0, pollMs: 10 });
  const held = await early.acquire('search');
  let second = false;
  const waiting = early.acquire('search').then((s) => { second = true; return s; });
  await new Promise((r) => setTimeout(r, 150));
  assert.equal(second, false, 'unconfirmed: one at a time before the first answer');
  held.sent();
  held.release();
  (await waiting).release();
  assert.equal(await confirmed(), 0);
  // The registry announces 2 at once on two answers to process a: written, confirmed.
  await a.updateLimits('search', { limit: 50, intervalMs: 1000, concurrency: 2 });
  await a.updateLimits('search', { limit: 50, intervalMs: 1000, concurrency: 2 });
  assert.equal(await confirmed(), 1);
  // A new process, no answer yet: two slots at once.
  const fresh = new MysqlRegistryLimiter(poolB, { initial: LIMITS, marginMs: 0, pollMs: 10 });
  const s1 = await fresh.acquire('search');
  const s2 = await Promise.race([fresh.acquire('search'), new Promise<null>((r) => setTimeout(() => r(null), 1000))]);
  assert.ok(s2, 'a second slot while the first is in flight, before any answer');
  s1.release();
  s2.release();
});

test('an announcement is followed by its process at once and written for every process once confirmed', async () => {
  await reset();
  const a = new MysqlRegistryLimiter(poolA, { initial: LIMITS, confirmAfter: { count: 3, spanMs: 0 } });
  const b = new MysqlRegistryLimiter(poolB, { initial: LIMITS });
  const shared = async () => { const l = (await b.currentLimits()).search!; return { limit: l.limit, intervalMs: l.intervalMs, concurrency: l.concurrency }; };
  await a.updateLimits('search', { limit: 50, intervalMs: 1000, concurrency: 5 });
  await a.updateLimits('search', { limit: 0, intervalMs: 1000, concurrency: 5 }); // nonsense is ignored
  await a.updateLimits('search', { limit: 50, intervalMs: 1000, concurrency: 5 });
  assert.deepEqual(await shared(), LIMITS.search, 'not yet confirmed: the other process keeps the starting limits');
  await a.updateLimits('search', { limit: 50, intervalMs: 1000, concurrency: 5 });
  assert.deepEqual(await shared(), { limit: 50, intervalMs: 1000, concurrency: 5 });
  assert.equal((await b.currentLimits()).lookup!.limit, 5);
});

test('"1 request per 600 s" announced again and again never stops another process (clamped to the floor)', async () => {
  await reset();
  const floor: Record<RequestClass, RateLimits> = { search: { limit: 5, intervalMs: 200, concurrency: 2 }, lookup: LIMITS.lookup };
  const a = new MysqlRegistryLimiter(poolA, { initial: floor, marginMs: 0, pollMs: 10, confirmAfter: { count: 2, spanMs: 0 } });
  const b = new MysqlRegistryLimiter(poolB, { initial: floor, marginMs: 0, pollMs: 10 });
  for (let i = 0; i < 6; i++) await a.updateLimits('search', { limit: 1, intervalMs: 600_000, concurrency: 1 });
  // Before this fix the row said 1 per 600 s and the other process's second request waited ten minutes.
  const t0 = Date.now();
  for (let i = 0; i < 8; i++) (await b.acquire('search')).release();
  for (let i = 0; i < 4; i++) (await a.acquire('search')).release();
  assert.ok(Date.now() - t0 < 5000, `12 grants at 5 per 200 ms took ${Date.now() - t0} ms`);
  // A row poisoned by an older version is clamped when read.
  await poolA.query("UPDATE registry_limits SET rate_limit = 1, interval_ms = 600000, concurrency = 1 WHERE request_class = 'search'");
  const c = new MysqlRegistryLimiter(poolB, { initial: floor, marginMs: 0, pollMs: 10 });
  const t1 = Date.now();
  for (let i = 0; i < 4; i++) (await c.acquire('search')).release();
  assert.ok(Date.now() - t1 < 5000, `4 grants under a poisoned row took ${Date.now() - t1} ms`);
});

test('a pause (429 Retry-After) holds every class in every process', async () => {
  await reset();
  const a = new MysqlRegistryLimiter(poolA, { initial: LIMITS });
  const b = new MysqlRegistryLimiter(poolB, { initial: LIMITS });
  await a.acquire('lookup').then((s) => s.release());
  await b.acquire('lookup').then((s) => { s.sent(); s.release(); }); // answered once: two at once from now on
  const t0 = Date.now();
  await a.pauseUntil(Date.now() + 400);
  const [s1, s2] = await Promise.all([b.acquire('search'), b.acquire('lookup')]);
  const waited = Date.now() - t0;
  s1.release(); s2.release();
  assert.ok(waited >= 350, `waited ${waited} ms for a 400 ms pause`);
});

test('a 429 in one process halves the rate every process grants (the window doubles), shared through the table', async () => {
  await reset();
  const two: Record<RequestClass, RateLimits> = { search: { limit: 2, intervalMs: 400, concurrency: 5 }, lookup: LIMITS.lookup };
  const a = new MysqlRegistryLimiter(poolA, { initial: two, marginMs: 0, pollMs: 10 });
  const b = new MysqlRegistryLimiter(poolB, { initial: two, marginMs: 0, pollMs: 10 });
  await a.rateLimited('search');
  await a.rateLimited('search'); // the same burst's second 429 lowers nothing more
  const share = (await b.currentLimits()).search!.rateShare;
  assert.ok(share >= 0.5 && share < 0.55, `the other process reads half the rate (${share})`);
  assert.equal((await b.currentLimits()).lookup!.rateShare, 1, 'per class');
  const t0 = Date.now();
  const times: number[] = [];
  await Promise.all(Array.from({ length: 3 }, async () => {
    const slot = await b.acquire('search');
    times.push(Date.now() - t0);
    slot.release();
  }));
  times.sort((x, y) => x - y);
  // At the whole rate the third would start 400 ms after the first two; at half, a window of about 800 ms (less what
  // the share regains meanwhile), never two windows inside 400 ms.
  assert.ok(times[2]! - times[0]! >= 650, `the window doubled (${times.join(', ')} ms)`);
});

test('a slot marked sent counts from then: its window starts when the request left, not at its grant', async () => {
  await reset();
  const one: Record<RequestClass, RateLimits> = { search: { limit: 1, intervalMs: 300, concurrency: 5 }, lookup: LIMITS.lookup };
  const a = new MysqlRegistryLimiter(poolA, { initial: one, marginMs: 0, pollMs: 10 });
  const b = new MysqlRegistryLimiter(poolB, { initial: one, marginMs: 0, pollMs: 10 });
  const t0 = Date.now();
  const first = await a.acquire('search');
  await new Promise((r) => setTimeout(r, 200)); // left 200 ms after its grant
  first.sent();
  first.release();
  const second = await b.acquire('search');
  const waited = Date.now() - t0;
  second.release();
  assert.ok(waited >= 480, `the next grant waits a window after the send, not the grant (${waited} ms)`);
});

test('a slot never released expires after its lease; an aborted wait takes no slot', async () => {
  await reset();
  const one: Record<RequestClass, RateLimits> = { search: { limit: 100, intervalMs: 1000, concurrency: 1 }, lookup: LIMITS.lookup };
  const deadPool = await openDatabase(db.url, 1);
  const dead = new MysqlRegistryLimiter(deadPool, { initial: one, leaseMs: 300 });
  const live = new MysqlRegistryLimiter(poolB, { initial: one, leaseMs: 300, pollMs: 20 });
  await dead.acquire('search'); // its holder "dies": never released, its lease no longer renewed
  const died = Date.now();
  await deadPool.end();
  const controller = new AbortController();
  const waiting = live.acquire('search', controller.signal);
  setTimeout(() => controller.abort(new Error('client went away')), 100);
  await assert.rejects(waiting, /client went away/);
  const t0 = Date.now();
  const slot = await live.acquire('search');
  slot.release();
  assert.ok(Date.now() - died >= 280 && t0 > 0, `waited for the lease to run out (${Date.now() - died} ms)`);
  const [rows] = await poolA.query('SELECT COUNT(*) AS n FROM registry_slots');
  assert.equal(Number((rows as { n: number }[])[0]!.n), 2, 'the aborted wait inserted no slot');
});

test('fair shares: an account that starts waiting behind another account\'s 24 requests is served next, across processes', async () => {
  await reset();
  await poolA.query('DELETE FROM registry_waiters');
  const one: Record<RequestClass, RateLimits> = { search: { limit: 1000, intervalMs: 1000, concurrency: 1 }, lookup: LIMITS.lookup };
  const a = new MysqlRegistryLimiter(poolA, { initial: one, marginMs: 0, pollMs: 10 });
  const b = new MysqlRegistryLimiter(poolB, { initial: one, marginMs: 0, pollMs: 10 });
  const order: string[] = [];
  const use = async (limiter: MysqlRegistryLimiter, account: string) => {
    const slot = await limiter.acquire('search', undefined, account);
    order.push(account);
    await new Promise((r) => setTimeout(r, 40));
    slot.release();
  };
  const hog = Promise.all(Array.from({ length: 24 }, () => use(a, 'user:hog')));
  await new Promise((r) => setTimeout(r, 150)); // the hog holds the registry
  const servedBefore = order.length;
  await use(b, 'user:other');
  await hog;
  const position = order.indexOf('user:other');
  // Before: the one request polled against 24 and came, on average, half-way down the queue.
  // Its first try (a transaction, slow on a loaded machine) registers it as waiting; the hog is served meanwhile.
  assert.ok(position - servedBefore <= 6, `served ${position - servedBefore} grants after it started waiting (order ${order.join(' ')})`);
});

test('a slot held by a process killed with SIGKILL is free again within the lease (5 s), while a live holder keeps its slot', async () => {
  await reset();
  const one: Record<RequestClass, RateLimits> = { search: { limit: 1000, intervalMs: 1000, concurrency: 1 }, lookup: LIMITS.lookup };
  // A live holder with a short lease keeps its slot past the lease: it renews it.
  const live = new MysqlRegistryLimiter(poolA, { initial: one, leaseMs: 300, pollMs: 20 });
  const other = new MysqlRegistryLimiter(poolB, { initial: one, leaseMs: 300, pollMs: 20 });
  const held = await live.acquire('search');
  const controller = new AbortController();
  setTimeout(() => controller.abort(new Error('gave up')), 1000);
  await assert.rejects(other.acquire('search', controller.signal), /gave up/, 'the renewed slot stays held for 1 s (3 leases)');
  held.release();
  await new Promise((r) => setTimeout(r, 100));
  await reset();
  // A process with the default lease takes a slot and is killed.
  const limiterUrl = new URL('../../../server/db/registry-limiter.ts', import.meta.url).href;
  const connUrl = new URL('../../../server/db/connection.ts', import.meta.url).href;
  const script = `
    const { MysqlRegistryLimiter } = await import(${JSON.stringify(limiterUrl)});
    const { openDatabase } = await import(${JSON.stringify(connUrl)});
    const pool = await openDatabase(${JSON.stringify(db.url)}, 2);
    const l = new MysqlRegistryLimiter(pool, { initial: ${JSON.stringify(one)} });
    await l.acquire('search');
    console.log('held');
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => { if (d.toString().includes('held')) resolve(); });
    child.once('exit', (code) => reject(new Error(`child exited ${code}`)));
  });
  await new Promise((r) => setTimeout(r, 2500)); // at least one renewal happened
  child.kill('SIGKILL');
  const t0 = Date.now();
  const waiter = new MysqlRegistryLimiter(poolB, { initial: one, pollMs: 50 });
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new Error('still held after 15 s')), 15_000);
  const slot = await waiter.acquire('search', timeout.signal);
  clearTimeout(timer);
  slot.release();
  const freedMs = Date.now() - t0;
  // Before: the lease was 60 s, and a kill -9 during a resolve held the registry for 64.7 s.
  assert.ok(freedMs <= 6000, `freed after ${freedMs} ms`);
});
