// rate_limit_counters on real MariaDB: each (bucket, window) counts on its own; purging removes the
// windows before a start and nothing after it, so a store purged every window holds a bounded number of
// rows however long it runs; two processes' stores count into the same windows.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countWindows, mysqlLimiterStore } from '../../../server/db/rate-limits.ts';
import { countOf, useTestDatabase } from '../../helpers/test-database.ts';

const db = useTestDatabase('ratelimit');
const hit = (bucket: string, windowStart: number) => mysqlLimiterStore(db.pool).hit(bucket, windowStart);
const MINUTE = 60_000;
/** Explicit window starts (the module takes them as given): each test its own stretch of time. */
const windowAt = (test: number, minute: number) => Date.UTC(2030, 0, 1 + test) + minute * MINUTE;

test('each bucket and each window counts on its own', async () => {
  const w0 = windowAt(0, 0), w1 = windowAt(0, 1);
  assert.deepEqual([await hit('key:a', w0), await hit('key:a', w0), await hit('key:b', w0)], [1, 2, 1]);
  assert.equal(await hit('key:a', w1), 1, 'a new window starts at one');
  assert.equal(await hit('key:a', w0), 3, 'the earlier window keeps its count');
  assert.equal(await countOf(db.pool, 'SELECT hits AS n FROM rate_limit_counters WHERE bucket = ? AND window_start = ?', ['key:a', w0]), 3);
});

test('purging removes the windows before the given start and keeps it and the later ones', async () => {
  const [early, current, next] = [windowAt(1, 0), windowAt(1, 1), windowAt(1, 2)];
  for (const w of [early, current, next]) await hit('purge:x', w);
  await mysqlLimiterStore(db.pool).purgeBefore(current);
  const left = await countOf(db.pool, 'SELECT COUNT(*) AS n FROM rate_limit_counters WHERE bucket = ?', ['purge:x']);
  assert.equal(left, 2);
  assert.equal(await hit('purge:x', current), 2, 'the current window kept its count');
  assert.equal(await hit('purge:x', early), 1, 'the purged window is gone');
});

test('a store purged every window holds at most two windows of rows, however many windows pass', async () => {
  const store = mysqlLimiterStore(db.pool);
  const buckets = Array.from({ length: 25 }, (_, i) => `addr:${i}`);
  let most = 0;
  for (let minute = 0; minute < 8; minute++) {
    const w = windowAt(2, minute);
    await Promise.all(buckets.map((b) => store.hit(b, w)));
    most = Math.max(most, await countWindows(db.pool));
    await store.purgeBefore(w);
  }
  assert.ok(most <= 2 * buckets.length, `rows held at most ${most}`);
  assert.equal(await countWindows(db.pool), buckets.length, 'after the last purge: the current window only');
});

test("two processes' stores count into the same window", async () => {
  const [a, b] = [mysqlLimiterStore(db.pool), mysqlLimiterStore(await db.otherPool())];
  const w = windowAt(3, 0);
  const counts = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).hit('org:shared', w)));
  assert.equal(Math.max(...counts), 6);
  assert.equal(new Set(counts).size, 6, 'no two hits saw the same count');
});
