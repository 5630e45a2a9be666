// The in-process RegistryLimiter (CLI, tests, bench): a sliding window per request class of the times
// requests left (each counted from its grant until the client marks it sent), a cap on requests in flight,
// a shared pause after a 429 and the rate halved by one, climbing back additively (aimd.ts). Starts from the
// documented polite (or public) limits, one request at a time until the registry has answered once (its headers
// say how many at once it allows: Crossref's public pool one, the polite pool three); the client feeds it the
// limits each response announces.

import { abortReason } from '../common/abort.ts';
import { afterRateLimited, FULL_RATE, sharedLimits, shareAt, type AimdState } from './aimd.ts';
import type { LimiterSlot, RateLimits, RegistryLimiter, RequestClass } from './ports.ts';
import { POLITE_LIMITS } from './ports.ts';

interface Waiter {
  requestClass: RequestClass;
  account: string;
  resolve: (slot: LimiterSlot) => void;
  reject: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/**
 * Slack on each window so that requests sent one interval apart never arrive within it at the registry: 80 ms on a
 * one-second window, above the 99th percentile of the delay between a request's send stamp and its arrival at the
 * fake registry under `bench:resolver --busy` (70 ms of 500 at load 16; 45 ms, the slack before, let 16 through and
 * earned 5 429s in 494 requests).
 */
const WINDOW_SLACK_MS = 40;
const WINDOW_SLACK_RATIO = 0.04;

export class InProcessLimiter implements RegistryLimiter {
  private readonly limits: Record<RequestClass, RateLimits>;
  /** Per class, when each request of the window left (its grant until it is marked sent), oldest first. */
  private readonly grants: Record<RequestClass, { at: number }[]> = { search: [], lookup: [] };
  private readonly aimd: Record<RequestClass, AimdState> = { search: FULL_RATE, lookup: FULL_RATE };
  private readonly waiters: Waiter[] = [];
  private inFlight = 0;
  /** Until the registry's first answer (or first announcement) one request at a time, whatever the start limits say. */
  private probing = true;
  private pausedUntil = 0;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = 0;
  /** Order in which accounts were last granted a slot: the waiting account served least recently goes next. */
  private readonly lastGrant = new Map<string, number>();
  private grantSeq = 0;

  constructor(start: Record<RequestClass, RateLimits> = POLITE_LIMITS, private readonly now: () => number = Date.now) {
    this.limits = { search: { ...start.search }, lookup: { ...start.lookup } };
  }

  currentLimits(requestClass: RequestClass): RateLimits {
    return { ...this.limits[requestClass] };
  }

  acquire(requestClass: RequestClass, signal?: AbortSignal, account = ''): Promise<LimiterSlot> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise<LimiterSlot>((resolve, reject) => {
      const waiter: Waiter = { requestClass, account, resolve, reject, ...(signal ? { signal } : {}) };
      if (signal) {
        waiter.onAbort = () => {
          const i = this.waiters.indexOf(waiter);
          if (i >= 0) this.waiters.splice(i, 1);
          reject(abortReason(signal));
          this.pump();
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.waiters.push(waiter);
      this.pump();
    });
  }

  updateLimits(requestClass: RequestClass, limits: RateLimits): void {
    const l = this.limits[requestClass];
    if (limits.limit > 0) l.limit = limits.limit;
    if (limits.intervalMs > 0) l.intervalMs = limits.intervalMs;
    if (limits.concurrency > 0) l.concurrency = limits.concurrency;
    this.probing = false;
    this.pump();
  }

  pauseUntil(untilEpochMs: number): void {
    if (untilEpochMs > this.pausedUntil) this.pausedUntil = untilEpochMs;
    this.pump();
  }

  rateLimited(requestClass: RequestClass): void {
    this.aimd[requestClass] = afterRateLimited(this.aimd[requestClass], this.now(), this.limits[requestClass].intervalMs);
  }

  /** The share of the announced rate granted now (1 until a 429; tests, diagnostics). */
  rateShare(requestClass: RequestClass): number {
    return shareAt(this.aimd[requestClass], this.now(), this.limits[requestClass].intervalMs);
  }

  /** Milliseconds until a request of the class may start (0: now). */
  private waitFor(requestClass: RequestClass, now: number): number {
    if (now < this.pausedUntil) return this.pausedUntil - now;
    const l = this.limits[requestClass];
    if (this.inFlight >= (this.probing ? 1 : l.concurrency)) return Infinity; // a release pumps
    const { limit, intervalMs } = sharedLimits(l.limit, l.intervalMs, this.rateShare(requestClass));
    const window = intervalMs * (1 + WINDOW_SLACK_RATIO) + WINDOW_SLACK_MS;
    const g = this.grants[requestClass];
    while (g.length && g[0]!.at <= now - window) g.shift();
    if (g.length < limit) return 0;
    return g[g.length - limit]!.at + window - now;
  }

  private pump(): void {
    const now = this.now();
    let next = Infinity;
    for (;;) {
      // Among the waiters that may start now, the one whose account was served least recently (then the oldest).
      let pick = -1;
      for (let i = 0; i < this.waiters.length; i++) {
        const w = this.waiters[i]!;
        const wait = this.waitFor(w.requestClass, now);
        if (wait > 0) { next = Math.min(next, wait); continue; }
        if (pick < 0 || (this.lastGrant.get(w.account) ?? 0) < (this.lastGrant.get(this.waiters[pick]!.account) ?? 0)) pick = i;
      }
      if (pick < 0) break;
      const [w] = this.waiters.splice(pick, 1) as [Waiter];
      if (w.signal && w.onAbort) w.signal.removeEventListener('abort', w.onAbort);
      const stamp = { at: now };
      const window = this.grants[w.requestClass];
      window.push(stamp);
      this.lastGrant.set(w.account, ++this.grantSeq);
      this.inFlight++;
      let released = false;
      let sent = false;
      w.resolve({
        sent: () => {
          sent = true;
          const at = this.now();
          if (at <= stamp.at) return;
          stamp.at = at;
          window.sort((a, b) => a.at - b.at);
        },
        release: () => {
          if (released) return;
          released = true;
          // An answer came (a request that never left says nothing about the registry).
          if (sent) this.probing = false;
          this.inFlight--;
          this.pump();
        },
      });
    }
    if (next !== Infinity && this.waiters.length) this.schedule(now + Math.max(1, Math.ceil(next)));
  }

  private schedule(at: number): void {
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pump();
    }, at - this.now());
  }
}
