// Announced registry limits are clamped: never slower than the pool's floor without a 429, never faster than the ceiling.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clampLimits } from '../../../server/resolver/limits.ts';

/** Never faster than 50 requests a second, 10 at once; a proven slowdown at most ten times the floor (limits.ts). */
const CEILING = { perSecond: 50, concurrency: 10 };
const PROVEN_SLOWDOWN = 10;
import { POLITE_LIMITS, PUBLIC_LIMITS } from '../../../server/resolver/ports.ts';

const floor = POLITE_LIMITS.search;

test('sane announcements pass unchanged (what Crossref really sends)', () => {
  assert.deepEqual(clampLimits({ limit: 10, intervalMs: 1000, concurrency: 3 }, floor), { limit: 10, intervalMs: 1000, concurrency: 3 });
  assert.deepEqual(clampLimits({ limit: 5, intervalMs: 1000, concurrency: 1 }, PUBLIC_LIMITS.lookup), { limit: 5, intervalMs: 1000, concurrency: 1 });
});

test('"1 request per 600 s, 1 at once" without a 429 is followed at the floor', () => {
  assert.deepEqual(clampLimits({ limit: 1, intervalMs: 600_000, concurrency: 1 }, floor), { limit: floor.limit, intervalMs: floor.intervalMs, concurrency: floor.concurrency });
});

test('with a 429 to prove it, slower limits are followed, down to a tenth of the floor', () => {
  assert.deepEqual(clampLimits({ limit: 1, intervalMs: 1000, concurrency: 1 }, floor, true), { limit: 1, intervalMs: 1000, concurrency: 1 });
  const starved = clampLimits({ limit: 1, intervalMs: 600_000, concurrency: 1 }, floor, true);
  assert.ok(Math.abs(starved.limit / starved.intervalMs - floor.limit / floor.intervalMs / PROVEN_SLOWDOWN) < 1e-12, JSON.stringify(starved));
});

test('faster than the ceiling is cut to it; odd windows are brought into 100 ms–60 s', () => {
  assert.deepEqual(clampLimits({ limit: 100_000, intervalMs: 1000, concurrency: 500 }, floor), { limit: CEILING.perSecond, intervalMs: 1000, concurrency: CEILING.concurrency });
  assert.deepEqual(clampLimits({ limit: 1, intervalMs: 1, concurrency: 3 }, floor), { limit: 5, intervalMs: 100, concurrency: 3 });
  assert.deepEqual(clampLimits({ limit: 600, intervalMs: 3_600_000, concurrency: 3 }, floor), { limit: floor.limit, intervalMs: floor.intervalMs, concurrency: 3 });
});

test('parts not announced stay 0 (the limiter keeps what it has)', () => {
  assert.deepEqual(clampLimits({ limit: 0, intervalMs: 0, concurrency: 2 }, floor, true), { limit: 0, intervalMs: 0, concurrency: 2 });
  assert.deepEqual(clampLimits({ limit: 4, intervalMs: 0, concurrency: 0 }, floor), { limit: 4, intervalMs: 1000, concurrency: 0 });
});
