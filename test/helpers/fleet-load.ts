// The mixed load of a fleet test or bench: workers, each with its accounts in turn, run scans, scan + apply,
// direct runs, resolves against the fake registry and account reads through the proxy. Every charged request
// carries an Idempotency-Key and, like a careful client, is retried with the same key after a dropped
// connection, a 502/504 from the proxy, a 503 or a 409 idempotency_in_flight, honouring retry_after. Every
// attempt is recorded with its times, so a test can tell which failed and when. Not a test file itself.
import { randomUUID } from 'node:crypto';
import type { ApiResult } from '../../shared/api-client.ts';
import type { FleetAccount } from './fleet.ts';

export type FleetOp = 'scan' | 'apply' | 'direct' | 'resolve' | 'account';
/** Operations that spend a credit (resolving spends none: docs/service.md, /hyperlink-crossref). */
export const CHARGED_OPS: ReadonlySet<FleetOp> = new Set(['apply', 'direct']);

export interface Attempt {
  startedAt: number;
  endedAt: number;
  /** HTTP status, or 'network' when the connection failed or was cut. */
  status: number | 'network';
  reason?: string;
  replayed?: boolean;
  /** retry_after of a refusal, in seconds. */
  retryAfterS?: number;
}

export interface OpRecord {
  op: FleetOp;
  account: number;
  idempotencyKey: string | null;
  attempts: Attempt[];
  /** The last attempt's status, or 'gave-up' when retries ran past the time allowed. */
  final: number | 'network' | 'gave-up';
}

export interface LoadOptions {
  workers: number;
  opsPerWorker: number;
  doc: Uint8Array;
  resolveDoc: (tag: string) => Promise<Uint8Array>;
  /** Called after each operation ends, with the number ended so far. */
  onOpDone?: (done: number) => void;
  /** How long one operation may keep retrying (default 180 s). */
  giveUpMs?: number;
  /** Which operations to run, in turn (default every kind). */
  mix?: FleetOp[];
}

const RESOLVE_SETTINGS = { doi: true, crossref: true };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A retry is due after a dropped connection, a proxy's 502/504, a 503 or a 409 for a key still in flight. */
function retryable(a: Attempt): boolean {
  return a.status === 'network' || a.status === 502 || a.status === 503 || a.status === 504 || (a.status === 409 && a.reason === 'idempotency_in_flight');
}

async function attempt<T>(call: () => Promise<ApiResult<T>>): Promise<{ attempt: Attempt; result: ApiResult<T> | null }> {
  const startedAt = Date.now();
  try {
    const result = await call();
    const reason = result.ok ? undefined : ((result.error as { reason?: string | null }).reason ?? undefined);
    const retryAfter = result.ok ? undefined : (result.error as { retry_after?: number }).retry_after;
    const a: Attempt = { startedAt, endedAt: Date.now(), status: result.status };
    if (reason) a.reason = reason;
    if (retryAfter) a.retryAfterS = retryAfter;
    if (result.headers.get('idempotent-replayed') === 'true') a.replayed = true;
    return { attempt: a, result };
  } catch {
    return { attempt: { startedAt, endedAt: Date.now(), status: 'network' }, result: null };
  }
}

/** Runs call until it gives an answer that is not retryable, or giveUpMs passed. */
async function withRetries<T>(record: OpRecord, giveUpMs: number, call: () => Promise<ApiResult<T>>): Promise<ApiResult<T> | null> {
  const deadline = Date.now() + giveUpMs;
  for (;;) {
    const { attempt: a, result } = await attempt(call);
    record.attempts.push(a);
    record.final = a.status;
    if (!retryable(a)) return result;
    if (Date.now() > deadline) {
      record.final = 'gave-up';
      return null;
    }
    await sleep(a.retryAfterS ? a.retryAfterS * 1000 : 300);
  }
}

export async function mixedLoad(accounts: FleetAccount[], options: LoadOptions): Promise<OpRecord[]> {
  const records: OpRecord[] = [];
  const giveUpMs = options.giveUpMs ?? 180_000;
  const mix = options.mix ?? ['direct', 'scan', 'resolve', 'apply', 'account'];
  let done = 0;
  const ended = (): void => {
    done += 1;
    options.onOpDone?.(done);
  };
  const run = async (op: FleetOp, accountIndex: number): Promise<void> => {
    const account = accounts[accountIndex]!;
    const record = (kind: FleetOp, key: string | null): OpRecord => {
      const r: OpRecord = { op: kind, account: accountIndex, idempotencyKey: key, attempts: [], final: 'gave-up' };
      records.push(r);
      return r;
    };
    if (op === 'scan') {
      await withRetries(record('scan', null), giveUpMs, () => account.key.scan({ file: options.doc }));
    } else if (op === 'direct') {
      const key = randomUUID();
      await withRetries(record('direct', key), giveUpMs, () => account.key.direct({ file: options.doc, idempotencyKey: key }));
    } else if (op === 'resolve') {
      const key = randomUUID();
      const doc = await options.resolveDoc(key.slice(0, 8));
      await withRetries(record('resolve', key), giveUpMs, () => account.key.crossref({ file: doc, settings: RESOLVE_SETTINGS, idempotencyKey: key }));
    } else if (op === 'apply') {
      const scanned = await withRetries(record('scan', null), giveUpMs, () => account.key.scan({ file: options.doc }));
      if (scanned?.ok) {
        const key = randomUUID();
        const input = { file: options.doc, scanToken: scanned.data.scanToken, scanFingerprint: scanned.data.scanFingerprint, decisions: [], idempotencyKey: key };
        await withRetries(record('apply', key), giveUpMs, () => account.key.apply(input));
      }
    } else {
      const r = record('account', null);
      if (account.kind === 'org') await withRetries(r, giveUpMs, () => account.session.orgUsage({ limit: 5 }));
      else await withRetries(r, giveUpMs, () => account.session.listKeys());
    }
    ended();
  };
  await Promise.all(
    Array.from({ length: options.workers }, async (_, w) => {
      for (let i = 0; i < options.opsPerWorker; i++) await run(mix[(w + i) % mix.length]!, (w + i) % accounts.length);
    }),
  );
  return records;
}

/** Attempts that failed for want of a replica (connection cut or refused, the proxy's 502/504), not refusals. */
export function droppedAttempts(records: OpRecord[]): Array<Attempt & { op: FleetOp }> {
  return records.flatMap((r) => r.attempts.filter((a) => a.status === 'network' || a.status === 502 || a.status === 504).map((a) => ({ ...a, op: r.op })));
}
