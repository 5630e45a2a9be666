// Fixed one-minute windows counted in the database (rate_limit_counters), so that a limit holds
// across every server process sharing the database.
import type { Pool } from 'mysql2/promise';
import { deleteWindowsBefore, hit } from '../db/rate-limits.ts';
import { HttpError } from './errors.ts';

const WINDOW_MS = 60_000;

export interface LimitCheck {
  bucket: string;
  limit: number;
}

export class RateLimiter {
  private lastCleanup = 0;
  constructor(private readonly pool: Pool, private readonly now: () => number = Date.now) {}

  /** Counts a hit in every bucket; throws 429 when any bucket is over its limit. */
  async check(checks: LimitCheck[]): Promise<void> {
    const now = this.now();
    const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
    const counts = await Promise.all(checks.map((c) => hit(this.pool, c.bucket, windowStart)));
    this.cleanupSometimes(windowStart);
    if (counts.some((count, i) => count > checks[i]!.limit)) {
      const retryAfter = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
      throw new HttpError(429, 'Rate limit exceeded', 'rate_limited', { retry_after: retryAfter, retryAfter }, { 'Retry-After': String(retryAfter) });
    }
  }

  private cleanupSometimes(windowStart: number): void {
    if (windowStart - this.lastCleanup < 5 * WINDOW_MS) return;
    this.lastCleanup = windowStart;
    deleteWindowsBefore(this.pool, windowStart - WINDOW_MS).catch(() => undefined);
  }
}
