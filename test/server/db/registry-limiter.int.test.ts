// The MySQL registry limiter on real MariaDB: two limiter instances on two pools (as two processes
// would have) together never exceed the window limit or the concurrency limit; a pause holds every
// class; an abandoned slot expires; an aborted wait holds nothing.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Pool } from 'mysql2/promise';
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

test('announced limits replace the starting ones for every process', async () => {
  await reset();
  const a = new MysqlRegistryLimiter(poolA, { initial: LIMITS });
  const b = new MysqlRegistryLimiter(poolB, { initial: LIMITS });
  await a.updateLimits('search', { limit: 50, intervalMs: 1000, concurrency: 5 });
  await a.updateLimits('search', { limit: 0, intervalMs: 1000, concurrency: 5 }); // nonsense is ignored
  const seen = await b.currentLimits();
  assert.deepEqual({ limit: seen.search!.limit, intervalMs: seen.search!.intervalMs, concurrency: seen.search!.concurrency }, { limit: 50, intervalMs: 1000, concurrency: 5 });
  assert.equal(seen.lookup!.limit, 5);
});

test('a pause (429 Retry-After) holds every class in every process', async () => {
  await reset();
  const a = new MysqlRegistryLimiter(poolA, { initial: LIMITS });
  const b = new MysqlRegistryLimiter(poolB, { initial: LIMITS });
  await a.acquire('lookup').then((s) => s.release());
  const t0 = Date.now();
  await a.pauseUntil(Date.now() + 400);
  const [s1, s2] = await Promise.all([b.acquire('search'), b.acquire('lookup')]);
  const waited = Date.now() - t0;
  s1.release(); s2.release();
  assert.ok(waited >= 350, `waited ${waited} ms for a 400 ms pause`);
});

test('a slot never released expires after its lease; an aborted wait takes no slot', async () => {
  await reset();
  const one: Record<RequestClass, RateLimits> = { search: { limit: 100, intervalMs: 1000, concurrency: 1 }, lookup: LIMITS.lookup };
  const dead = new MysqlRegistryLimiter(poolA, { initial: one, leaseMs: 300 });
  const live = new MysqlRegistryLimiter(poolB, { initial: one, leaseMs: 300, pollMs: 20 });
  await dead.acquire('search'); // its holder "dies": never released
  const controller = new AbortController();
  const waiting = live.acquire('search', controller.signal);
  setTimeout(() => controller.abort(new Error('client went away')), 100);
  await assert.rejects(waiting, /client went away/);
  const t0 = Date.now();
  const slot = await live.acquire('search');
  slot.release();
  assert.ok(Date.now() - t0 >= 100, 'waited for the lease to run out');
  const [rows] = await poolA.query('SELECT COUNT(*) AS n FROM registry_slots');
  assert.equal(Number((rows as { n: number }[])[0]!.n), 2, 'the aborted wait inserted no slot');
});
