// Fair shares of a fixed number of slots (the engine workers) among accounts (issue 24, item 4). Generic over what
// a slot runs: a caller takes a slot for an account, runs, and releases it.
//
// - An account runs at most `perAccount` tasks at once, so with two workers one account can never hold both while
//   another waits: a newcomer finds a worker free (or the next one to free up).
// - Waiting tasks are served round-robin across accounts: when a slot frees, the next account in turn that has a
//   task waiting and room under its share gets it; each account's own tasks go in arrival order.
// - At most `maxWaiting` tasks wait in all and at most `maxWaitingPerAccount` per account; one more is refused at
//   once (QueueFull), so one account filling the queue does not refuse another's work.
// - A task whose signal aborts while it waits leaves the queue (its promise rejects with the signal's reason).

import { abortReason } from '../common/abort.ts';

export class QueueFull extends Error {
  constructor(readonly scope: 'account' | 'all') {
    super(scope === 'account' ? 'this account has as many tasks waiting as it may' : 'the queue is full');
    this.name = 'QueueFull';
  }
}

export interface FairQueueOptions {
  /** Slots (workers). */
  slots: number;
  /** Tasks one account may run at once. */
  perAccount: number;
  maxWaiting: number;
  maxWaitingPerAccount: number;
}

interface Waiter {
  grant: (release: () => void) => void;
}

export class FairQueue {
  private readonly running = new Map<string, number>();
  /** Accounts with tasks waiting, in turn order; each account's waiters in arrival order. */
  private readonly waiting = new Map<string, Waiter[]>();
  private busy = 0;
  private waitingCount = 0;

  constructor(private readonly options: FairQueueOptions) {}

  /** Tasks running now. */
  get active(): number {
    return this.busy;
  }

  /** Tasks waiting for a slot. */
  get queued(): number {
    return this.waitingCount;
  }

  runningFor(account: string): number {
    return this.running.get(account) ?? 0;
  }

  /** A slot for `account`: its release (call it once the task is done), at once or in turn. */
  acquire(account: string, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    if (this.canStart(account) && !this.waiting.has(account)) return Promise.resolve(this.start(account));
    if (this.waitingCount >= this.options.maxWaiting) return Promise.reject(new QueueFull('all'));
    const queue = this.waiting.get(account) ?? [];
    if (queue.length >= this.options.maxWaitingPerAccount) return Promise.reject(new QueueFull('account'));
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        const list = this.waiting.get(account);
        const at = list?.indexOf(waiter) ?? -1;
        if (list && at >= 0) {
          list.splice(at, 1);
          this.waitingCount -= 1;
          if (list.length === 0) this.waiting.delete(account);
        }
        reject(abortReason(signal!));
      };
      const waiter: Waiter = {
        grant: (release) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(waiter);
      this.waiting.set(account, queue);
      this.waitingCount += 1;
    });
  }

  private canStart(account: string): boolean {
    return this.busy < this.options.slots && this.runningFor(account) < this.options.perAccount;
  }

  private start(account: string): () => void {
    this.busy += 1;
    this.running.set(account, this.runningFor(account) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.busy -= 1;
      const left = this.runningFor(account) - 1;
      if (left > 0) this.running.set(account, left);
      else this.running.delete(account);
      this.dispatch();
    };
  }

  /** Gives free slots to waiting accounts in turn: the first account (in turn order) with room goes, then moves to the back. */
  private dispatch(): void {
    while (this.busy < this.options.slots) {
      const account = [...this.waiting.keys()].find((a) => this.runningFor(a) < this.options.perAccount);
      if (account === undefined) return;
      const list = this.waiting.get(account)!;
      const waiter = list.shift()!;
      this.waitingCount -= 1;
      // Round robin: the account goes to the back of the turn order (or leaves it when it has nothing left waiting).
      this.waiting.delete(account);
      if (list.length > 0) this.waiting.set(account, list);
      waiter.grant(this.start(account));
    }
  }
}
