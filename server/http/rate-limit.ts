// Fixed one-minute windows counted in the database (rate_limit_counters), so that a limit holds
// across every server process sharing the database.
//
// The store must not become a way to take the service down (issue 11, item 2):
// - client addresses are counted in a bounded number of slots (addressBucket), so a flood of forged
//   or rotating addresses adds at most `addressSlots` rows per bucket kind and window;
// - expired windows are purged on a timer, whether or not anyone is being counted;
// - when the store fails (a full MEMORY table, a lost connection), the limit is "unknown": an alarm is
//   logged and hits are counted in a bounded in-process fallback for that window. Never a 500.
import { createHmac } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { LimiterStore } from '../db/rate-limits.ts';
import type { Logger } from './logger.ts';
import { HttpError } from './errors.ts';

export type { LimiterStore };

const WINDOW_MS = 60_000;
/** How often expired windows are deleted from the store. */
const PURGE_EVERY_MS = 30_000;
/** At most one alarm log line per this interval while the store keeps failing. */
const ALARM_EVERY_MS = 60_000;

export interface LimitCheck {
  bucket: string;
  limit: number;
  /**
   * The window's length: a minute (default) or a whole number of minutes (an hour for the slower caps).
   * A longer window's row is keyed by the start of its last minute, so the purge of windows before the
   * current minute keeps it until the window ends; the bucket name must say the window's length.
   */
  windowMs?: number;
}

export interface RateLimiterOptions {
  logger: Pick<Logger, 'error' | 'warn'>;
  /** Slots client addresses are hashed into (per bucket prefix). */
  addressSlots: number;
  /** Key of the address hash, the same in every process (derived from TOKEN_SECRET). */
  slotKey: string;
  /** Buckets the in-process fallback holds per window; further buckets share one overflow counter. */
  fallbackBuckets?: number;
  now?: () => number;
}

/** Counts of one window, kept in process while the store is failing. Bounded in size. */
class FallbackCounters {
  private window = -1;
  private readonly counts = new Map<string, number>();
  private overflow = 0;
  constructor(private readonly maxBuckets: number) {}

  hit(bucket: string, windowStart: number): number {
    if (windowStart !== this.window) {
      this.window = windowStart;
      this.counts.clear();
      this.overflow = 0;
    }
    const known = this.counts.get(bucket);
    if (known !== undefined) {
      this.counts.set(bucket, known + 1);
      return known + 1;
    }
    if (this.counts.size < this.maxBuckets) {
      this.counts.set(bucket, 1);
      return 1;
    }
    // Full: every further bucket shares one counter, so the limit still holds for the lot of them.
    this.overflow += 1;
    return this.overflow;
  }

  get size(): number {
    return this.counts.size;
  }
}

export class RateLimiter {
  private readonly now: () => number;
  private readonly fallback: FallbackCounters;
  private purgeTimer: NodeJS.Timeout | null = null;
  private lastAlarm = 0;
  /** Hits counted in process because the store failed (for tests and the bench). */
  fallbackHits = 0;

  constructor(private readonly store: LimiterStore, private readonly options: RateLimiterOptions) {
    this.now = options.now ?? Date.now;
    this.fallback = new FallbackCounters(options.fallbackBuckets ?? 10_000);
  }

  /** Starts the periodic purge of expired windows (unref'd: it never keeps the process alive). */
  start(): void {
    if (this.purgeTimer) return;
    this.purgeTimer = setInterval(() => void this.purge(), PURGE_EVERY_MS);
    this.purgeTimer.unref();
  }

  stop(): void {
    if (this.purgeTimer) clearInterval(this.purgeTimer);
    this.purgeTimer = null;
  }

  /** Deletes every window before the current one. Failures are logged, never thrown. */
  async purge(): Promise<void> {
    const windowStart = Math.floor(this.now() / WINDOW_MS) * WINDOW_MS;
    try {
      await this.store.purgeBefore(windowStart);
    } catch (err) {
      this.alarm(err, 'purge');
    }
  }

  /**
   * The bucket of a client address: `prefix:slot`, the slot a keyed hash of the address (IPv6 by its
   * /64 network, which one client usually owns whole), so forged or rotating addresses cannot add
   * more than `addressSlots` rows per prefix and window.
   */
  addressBucket(prefix: string, address: string | undefined): string {
    const network = address ? ipv6Network(address) : 'unknown';
    const digest = createHmac('sha256', this.options.slotKey).update(network).digest();
    return `${prefix}:${digest.readUInt32BE(0) % this.options.addressSlots}`;
  }

  /** Counts a hit in every bucket; throws 429 (Retry-After: the end of the longest window over its limit) when any bucket is over its limit. */
  async check(checks: LimitCheck[]): Promise<void> {
    const now = this.now();
    const windows = checks.map((c) => {
      const length = Math.max(WINDOW_MS, Math.round((c.windowMs ?? WINDOW_MS) / WINDOW_MS) * WINDOW_MS);
      const start = Math.floor(now / length) * length;
      return { key: start + length - WINDOW_MS, end: start + length };
    });
    const minute = Math.floor(now / WINDOW_MS) * WINDOW_MS;
    const counts = await Promise.all(checks.map((c, i) => this.count(c.bucket, windows[i]!.key, minute)));
    const over = counts.map((count, i) => count > checks[i]!.limit);
    if (over.some(Boolean)) {
      const end = Math.max(...windows.filter((_, i) => over[i]).map((w) => w.end));
      const retryAfter = Math.max(1, Math.ceil((end - now) / 1000));
      throw new HttpError(429, 'Rate limit exceeded', 'rate_limited', { retry_after: retryAfter, retryAfter }, { 'Retry-After': String(retryAfter) });
    }
  }

  /** Forgets the bucket's counts (every window); a failing store is logged, never thrown. */
  async reset(bucket: string): Promise<void> {
    try {
      await this.store.clear(bucket);
    } catch (err) {
      this.alarm(err, 'reset');
    }
  }

  private async count(bucket: string, windowKey: number, minute: number): Promise<number> {
    try {
      return await this.store.hit(bucket, windowKey);
    } catch (err) {
      // Limit unknown: count in process (bounded) and raise the alarm; the store may be full. The
      // fallback forgets every count each minute (longer windows too: a degraded mode, never a 500).
      this.alarm(err, 'hit');
      this.fallbackHits += 1;
      if ((err as { code?: string }).code === 'ER_RECORD_FILE_FULL') void this.purge();
      return this.fallback.hit(windowKey === minute ? bucket : `${bucket}@${windowKey}`, minute);
    }
  }

  private alarm(err: unknown, during: 'hit' | 'purge' | 'reset'): void {
    const now = this.now();
    if (now - this.lastAlarm < ALARM_EVERY_MS) return;
    this.lastAlarm = now;
    this.options.logger.error(
      { during, errCode: (err as { code?: string })?.code, errName: (err as { name?: string })?.name, fallbackBuckets: this.fallback.size },
      'rate-limit store failing: limits counted in process until it recovers',
    );
  }
}

/** An IPv6 address reduced to its /64 network; IPv4 (and IPv4-mapped IPv6) addresses unchanged. */
export function ipv6Network(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
