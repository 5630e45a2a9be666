// Per-key concurrency on document routes (issue 11, item 3): one key may have at most N documents in
// flight in this process (upload, engine and answer), so one client's work cannot occupy every engine
// worker and the queue. One more is 429 with Retry-After. Counted per process: with P processes a
// key may have P × N in flight.
import type { Response } from 'express';
import { HttpError } from './errors.ts';

const RETRY_AFTER_SECONDS = 2;

export class KeyConcurrency {
  private readonly inFlight = new Map<string, number>();
  constructor(private readonly perKey: number) {}

  /** Takes a slot for the key; returns its release, or null when the key is at its limit. */
  acquire(key: string): (() => void) | null {
    const n = this.inFlight.get(key) ?? 0;
    if (n >= this.perKey) return null;
    this.inFlight.set(key, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inFlight.get(key) ?? 1) - 1;
      if (left <= 0) this.inFlight.delete(key);
      else this.inFlight.set(key, left);
    };
  }

  /** Requests in flight for a key. */
  count(key: string): number {
    return this.inFlight.get(key) ?? 0;
  }

  /** Holds a slot for the key until the answer is sent or the client goes away; 429 when none is free. */
  hold(key: string, res: Response): void {
    const release = this.acquire(key);
    if (!release) {
      throw new HttpError(429, 'Too many concurrent requests for this key', 'too_many_concurrent', {
        retry_after: RETRY_AFTER_SECONDS,
        retryAfter: RETRY_AFTER_SECONDS,
        hint: `At most ${this.perKey} documents per key at a time in one server process; wait for one to finish.`,
      }, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
    }
    res.once('close', release);
  }
}
