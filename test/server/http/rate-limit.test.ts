// RateLimiter without a database: bounded address slots, purge independent of hits, and a failing or
// full store answered as "limit unknown" (bounded in-process fallback, one alarm), never a throw.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { LimiterStore } from '../../../server/db/rate-limits.ts';
import { HttpError } from '../../../server/http/errors.ts';
import { ipv6Network, RateLimiter } from '../../../server/http/rate-limit.ts';

class MemoryStore implements LimiterStore {
  rows = new Map<string, number>();
  purged: number[] = [];
  failWith: string | null = null;
  async hit(bucket: string, windowStart: number): Promise<number> {
    if (this.failWith) throw Object.assign(new Error('store failed'), { code: this.failWith });
    const k = `${bucket}@${windowStart}`;
    const n = (this.rows.get(k) ?? 0) + 1;
    this.rows.set(k, n);
    return n;
  }
  async purgeBefore(windowStart: number): Promise<void> {
    this.purged.push(windowStart);
    for (const k of [...this.rows.keys()]) if (Number(k.split('@')[1]) < windowStart) this.rows.delete(k);
  }
  async clear(bucket: string): Promise<void> {
    for (const k of [...this.rows.keys()]) if (k.startsWith(`${bucket}@`)) this.rows.delete(k);
  }
}

function logger() {
  const lines: unknown[] = [];
  return { lines, error: (o: unknown) => void lines.push(o), warn: (o: unknown) => void lines.push(o) } as never as { lines: unknown[]; error: () => void; warn: () => void };
}

const limiter = (store: LimiterStore, now = () => 120_000, log = logger(), extra = {}) => new RateLimiter(store, { logger: log as never, addressSlots: 16, slotKey: 'k', now, ...extra });

async function status(p: Promise<void>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (err) {
    if (err instanceof HttpError) return err.status;
    throw err;
  }
}

describe('RateLimiter', () => {
  test('forged addresses land in a bounded number of slots', async () => {
    const store = new MemoryStore();
    const rl = limiter(store);
    for (let i = 0; i < 2000; i++) await rl.check([{ bucket: rl.addressBucket('docs-ip', `198.51.${i >> 8}.${i & 255}`), limit: 1000 }]);
    assert.ok(store.rows.size <= 16, `${store.rows.size} rows`);
    assert.equal(rl.addressBucket('docs-ip', '203.0.113.9'), rl.addressBucket('docs-ip', '203.0.113.9'));
  });

  test('IPv6 addresses count by /64 network', () => {
    assert.equal(ipv6Network('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
    assert.equal(ipv6Network('2001:db8:1:2:ffff:ffff:ffff:ffff'), '2001:db8:1:2::/64');
    assert.equal(ipv6Network('::ffff:192.0.2.1'), '192.0.2.1');
    assert.equal(ipv6Network('192.0.2.1'), '192.0.2.1');
    assert.equal(ipv6Network('::1'), '0:0:0:0::/64');
  });

  test('expired windows are purged on a timer, with no hits at all', async () => {
    const store = new MemoryStore();
    let now = 60_000;
    const rl = limiter(store, () => now);
    await rl.check([{ bucket: 'a', limit: 5 }]);
    now = 180_500;
    await rl.purge();
    assert.deepEqual(store.purged, [180_000]);
    assert.equal(store.rows.size, 0);
    rl.start();
    rl.stop();
  });

  test('a failing store is "limit unknown": no throw, one alarm, limits still counted in process', async () => {
    const store = new MemoryStore();
    store.failWith = 'ER_RECORD_FILE_FULL';
    const log = logger();
    const rl = limiter(store, () => 120_000, log);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push(await status(rl.check([{ bucket: 'key:1', limit: 5 }])));
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429, 429]);
    assert.equal(log.lines.length, 1, 'one alarm per minute, not one per hit');
    assert.equal(rl.fallbackHits, 8);
    assert.ok(store.purged.length >= 1, 'a full store triggers a purge');
  });

  test('the in-process fallback is bounded: past its size, new buckets share one counter', async () => {
    const store = new MemoryStore();
    store.failWith = 'ECONNREFUSED';
    const rl = limiter(store, () => 120_000, logger(), { fallbackBuckets: 10 });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push(await status(rl.check([{ bucket: `docs-ip:${i}`, limit: 5 }])));
    // 10 own buckets, then 20 sharing the overflow counter: 5 pass, 15 are limited.
    assert.equal(statuses.filter((s) => s === 429).length, 15);
  });

  test('the store recovering ends the fallback', async () => {
    const store = new MemoryStore();
    store.failWith = 'ER_RECORD_FILE_FULL';
    const rl = limiter(store);
    await rl.check([{ bucket: 'a', limit: 5 }]);
    store.failWith = null;
    await rl.check([{ bucket: 'a', limit: 5 }]);
    assert.equal(rl.fallbackHits, 1);
    assert.equal(store.rows.size, 1);
  });

  test('an hour window outlives the purge of past minutes, its 429 waits for the hour\'s end, and reset forgets it', async () => {
    const store = new MemoryStore();
    let now = 3_600_000 + 5 * 60_000; // five minutes into an hour
    const rl = limiter(store, () => now);
    const hourly = (bucket: string) => rl.check([{ bucket, limit: 3, windowMs: 3_600_000 }]);
    for (let i = 0; i < 3; i++) {
      assert.equal(await status(hourly('acct-h:1')), 200);
      now += 60_000;
      await rl.purge();
    }
    const limited = await hourly('acct-h:1').then(() => null, (err: unknown) => err);
    assert.ok(limited instanceof HttpError && limited.status === 429);
    assert.equal(limited.headers['Retry-After'], String((7_200_000 - now) / 1000), 'Retry-After runs to the end of the hour');
    await rl.reset('acct-h:1');
    assert.equal(await status(hourly('acct-h:1')), 200, 'a reset bucket starts again');
    now = 7_200_000 + 1000;
    await rl.purge();
    assert.equal(store.rows.size, 0, 'the window is purged once the hour is over');
  });
});
