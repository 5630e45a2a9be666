// Which account the engine work of the current request is for: the engine pool shares its workers per account
// (fair-queue.ts). Set once around a request's handling (withEngineAccount, by the document routes), read by the
// pool for every task it runs, whatever the task: no engine call site passes it.
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<string>();

/** Work started by callers outside any request (CLI, benches) shares this one account. */
export const NO_ACCOUNT = 'none';

export function withEngineAccount<T>(account: string, run: () => T): T {
  return current.run(account, run);
}

export function currentEngineAccount(): string {
  return current.getStore() ?? NO_ACCOUNT;
}
