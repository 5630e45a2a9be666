// Admission to sign-in work (issue 24 item 6). Every sign-in costs database queries (limiter buckets, the user,
// its known addresses) before its password check: a flood of 600 at once from forged addresses queued those
// queries in the connection pool, and the owner's sign-in waited 11–12 s behind them (load 20, bench:abuse
// login-flood). The gate lets LOGIN_CONCURRENCY sign-ins work at once; the others wait in two lanes, as the
// password checks do: sign-ins this process has recently seen succeed for the same account from the same
// network go first; the others are refused (503 login_busy, Retry-After) past a short queue or a short wait. No
// database work is done before admission, so "seen succeed" is this process's memory (a bounded map of keyed
// hashes, never e-mails or addresses in clear); a sign-in it does not know still gets the database's
// known-address priority at the password check.
export class LoginBusy extends Error {
  constructor() {
    super('too many sign-ins at once');
    this.name = 'LoginBusy';
  }
}

export interface LoginGateOptions {
  /** Sign-ins past admission at once. */
  concurrency: number;
  /** Waiting sign-ins of the other lane before new ones are refused. */
  queue: number;
  /** A waiting sign-in of the other lane refused when its turn comes after this long. */
  maxWaitMs: number;
  /** Account-and-network pairs remembered as known (the oldest forgotten first). */
  remember: number;
}

interface Waiter {
  since: number;
  go(): void;
  refuse(): void;
}

export class LoginGate {
  private running = 0;
  private readonly priority: Waiter[] = [];
  private readonly other: Waiter[] = [];
  private readonly known = new Map<string, true>();

  constructor(private readonly options: LoginGateOptions) {}

  /** Whether `pair` (a keyed hash of account and network) signed in successfully here lately. */
  isKnown(pair: string): boolean {
    return this.known.has(pair);
  }

  remember(pair: string): void {
    this.known.delete(pair);
    this.known.set(pair, true);
    if (this.known.size > this.options.remember) this.known.delete(this.known.keys().next().value as string);
  }

  depth(): { running: number; priority: number; other: number } {
    return { running: this.running, priority: this.priority.length, other: this.other.length };
  }

  /** Runs `work` once admitted; throws LoginBusy when the other lane is full or its wait ran out. */
  async run<T>(priority: boolean, work: () => Promise<T>): Promise<T> {
    if (this.running < this.options.concurrency) this.running += 1;
    else {
      const lane = priority ? this.priority : this.other;
      // The priority lane is bounded too (a memory bound, not a throttle): ten times the other.
      if (lane.length >= (priority ? this.options.queue * 10 : this.options.queue)) throw new LoginBusy();
      await new Promise<void>((go, refuse) => lane.push({ since: performance.now(), go, refuse: () => refuse(new LoginBusy()) }));
    }
    try {
      return await work();
    } finally {
      const next = this.next();
      if (next) next.go();
      else this.running -= 1;
    }
  }

  private next(): Waiter | undefined {
    const first = this.priority.shift();
    if (first) return first;
    const now = performance.now();
    for (let w = this.other.shift(); w; w = this.other.shift()) {
      if (now - w.since <= this.options.maxWaitMs) return w;
      w.refuse();
    }
    return undefined;
  }
}
