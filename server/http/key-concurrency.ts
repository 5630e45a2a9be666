// Concurrency on document routes (issue 11, item 3; issue 24 item 4): one key may have at most N documents in
// flight in this process (upload, engine and answer), and one account (user or organisation) at most M over
// all its keys, so neither one client nor one account with many keys can hold every engine worker, the queue
// or the memory of uploads in flight. One more is 429 with Retry-After. Counted per process: with P processes
// a key may have P × N in flight.
import type { Response } from 'express';
import { HttpError } from './errors.ts';

const RETRY_AFTER_SECONDS = 2;

export class KeyConcurrency {
  private readonly inFlight = new Map<string, number>();
  /** `scope` names what is counted in the refusal ('key', 'account'). */
  constructor(private readonly perKey: number, private readonly scope: 'key' | 'account' = 'key') {}

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

  /** The 429 a request gets when its key (or account) has no slot free. */
  refusal(): HttpError {
    return new HttpError(429, `Too many concurrent requests for this ${this.scope}`, 'too_many_concurrent', {
      retry_after: RETRY_AFTER_SECONDS,
      retryAfter: RETRY_AFTER_SECONDS,
      hint: `At most ${this.perKey} documents per ${this.scope === 'key' ? 'key' : 'account (over all its keys)'} at a time in one server process; wait for one to finish.`,
    }, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
  }
}

/** Holds a slot of each counter (the key's, then its account's) until the answer is sent or the client goes
 * away; when one has none free, the slots taken are given back and its 429 thrown. */
export function holdAll(res: Response, holds: ReadonlyArray<readonly [KeyConcurrency, string]>): void {
  const releases: Array<() => void> = [];
  for (const [counter, key] of holds) {
    const release = counter.acquire(key);
    if (!release) {
      for (const r of releases) r();
      throw counter.refusal();
    }
    releases.push(release);
  }
  res.once('close', () => {
    for (const r of releases) r();
  });
}
