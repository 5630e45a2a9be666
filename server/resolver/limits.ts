// Limits the registry announces are untrusted input too. They are clamped to a sane range before
// any limiter uses them: never slower than the pool's documented default (the floor) unless a 429
// proves the registry means it (then at most ten times slower), never faster than CEILING; windows
// between 100 ms and 60 s. A registry announcing "1 request per 600 s" without ever answering 429
// is followed at the documented default, not starved.

import type { RateLimits } from './ports.ts';

const CEILING = { perSecond: 50, concurrency: 10 } as const;
const MIN_INTERVAL_MS = 100;
const MAX_INTERVAL_MS = 60_000;
/** With a 429 to prove it, an announcement may be this many times slower than the floor, no more. */
const PROVEN_SLOWDOWN = 10;

const rate = (l: Pick<RateLimits, 'limit' | 'intervalMs'>): number => l.limit / l.intervalMs;

/**
 * The announced limits made sane against `floor` (the pool's documented limits). Parts not announced
 * (0) stay 0, meaning "keep what you have". `proven`: a 429 was received recently.
 */
export function clampLimits(announced: RateLimits, floor: RateLimits, proven = false): RateLimits {
  let { limit, intervalMs, concurrency } = announced;
  if (limit > 0) {
    const interval = intervalMs > 0 ? intervalMs : floor.intervalMs;
    intervalMs = Math.min(MAX_INTERVAL_MS, Math.max(MIN_INTERVAL_MS, interval));
    limit = Math.max(1, Math.round((limit * intervalMs) / interval));
    const slowest = proven ? rate(floor) / PROVEN_SLOWDOWN : rate(floor);
    if (rate({ limit, intervalMs }) < slowest) {
      limit = floor.limit;
      intervalMs = proven ? floor.intervalMs * PROVEN_SLOWDOWN : floor.intervalMs;
    }
    const most = Math.max(1, Math.floor((CEILING.perSecond * intervalMs) / 1000));
    if (limit > most) limit = most;
  } else {
    intervalMs = 0;
  }
  if (concurrency > 0) {
    concurrency = Math.min(CEILING.concurrency, Math.max(proven ? 1 : floor.concurrency, Math.floor(concurrency)));
  }
  return { limit, intervalMs, concurrency };
}
