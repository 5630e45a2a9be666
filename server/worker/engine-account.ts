// Which account the engine work of the current request is for: the engine pool shares its workers per account
// (fair-queue.ts). Set once around a request's handling (withEngineAccount, by the document routes), read by the
// pool for every task it runs, whatever the task: no engine call site passes it. The request's id travels the
// same way, so the pool's log line of each engine task names the request it served.
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<{ account: string; requestId: string | undefined }>();

/** Work started by callers outside any request (CLI, benches) shares this one account. */
const NO_ACCOUNT = 'none';

export function withEngineAccount<T>(account: string, run: () => T, requestId?: string): T {
  return current.run({ account, requestId }, run);
}

export function currentEngineAccount(): string {
  return current.getStore()?.account ?? NO_ACCOUNT;
}

/** The id of the request whose engine work this is; undefined outside a request. */
export function currentRequestId(): string | undefined {
  return current.getStore()?.requestId;
}
