// An AppContext for unit tests of server/http/services without a database: the pool refuses every use
// (a service that reaches the database where the test expects a decision before it fails loudly), the
// rate limiter counts in memory, the engine and the payment provider are what the test passes, and the
// logger records its lines. What needs the real database is covered by test/server/http/routes/*.int.test.ts
// and the feature suites beside that folder.
import type { Pool } from 'mysql2/promise';
import type { LimiterStore } from '../../server/db/rate-limits.ts';
import type { AppContext } from '../../server/http/context.ts';
import { loadConfig, type ServiceConfig } from '../../server/http/config.ts';
import { manualPaymentProvider } from '../../server/http/billing/payment-provider.ts';
import { RateLimiter } from '../../server/http/rate-limit.ts';
import type { KeyCaller } from '../../server/http/auth.ts';
import type { EnginePool } from '../../server/worker/pool.ts';
import type { CslChecker } from '../../server/worker/csl-check-pool.ts';
import { parseCslFile } from '../../server/csl/csl-file.ts';

/** A pool whose every property access throws: the code under test must decide without the database. */
export function poolNotUsed(): Pool {
  return new Proxy({} as Pool, {
    get(_target, prop) {
      if (prop === 'then') return undefined; // not a thenable
      throw new Error(`the database was used (pool.${String(prop)}) where the service should have decided without it`);
    },
  });
}

export interface ScriptedQuery {
  sql: string;
  params: unknown[];
}

/** A pool that answers each query with the next scripted answer (rows for a SELECT, a result header or an error
 * to throw for a write) and records what was asked: services that map rows to the contract are tested without
 * MariaDB; the SQL itself runs against MariaDB in test/server/db. */
export function scriptedPool(answers: Array<unknown[] | { affectedRows: number } | Error>): Pool & { queries: ScriptedQuery[] } {
  const queries: ScriptedQuery[] = [];
  const pool = {
    queries,
    async query(sql: string, params: unknown[] = []) {
      queries.push({ sql, params });
      if (answers.length === 0) throw new Error(`unscripted query: ${sql}`);
      const answer = answers.shift()!;
      if (answer instanceof Error) throw answer;
      return [answer, []];
    },
    // inTransaction: one connection that answers from the same script (transaction calls are no-ops).
    async getConnection() {
      return { query: pool.query.bind(pool), beginTransaction: async () => {}, commit: async () => {}, rollback: async () => {}, release: () => {} };
    },
  };
  return pool as unknown as Pool & { queries: ScriptedQuery[] };
}

class MemoryLimiterStore implements LimiterStore {
  readonly rows = new Map<string, number>();
  async hit(bucket: string, windowStart: number): Promise<number> {
    const key = `${bucket}@${windowStart}`;
    const n = (this.rows.get(key) ?? 0) + 1;
    this.rows.set(key, n);
    return n;
  }
  async purgeBefore(): Promise<void> {}
  async clear(bucket: string): Promise<void> {
    for (const key of [...this.rows.keys()]) if (key.startsWith(`${bucket}@`)) this.rows.delete(key);
  }
}

interface LogLine {
  level: 'error' | 'warn' | 'info' | 'debug';
  fields: unknown;
  message?: string;
}

export interface TestContext extends AppContext {
  logLines: LogLine[];
}

export interface TestContextOptions {
  env?: Record<string, string>;
  engine?: Partial<EnginePool>;
  pool?: Pool;
  resolver?: AppContext['resolver'];
  /** The CSL checker; by default the check runs in this thread (parseCslFile), as the worker would run it. */
  csl?: CslChecker;
}

/** A CSL checker that runs the worker's check in this thread and counts its calls. */
export function inThreadCslChecker(): CslChecker & { calls: number } {
  const checker = {
    calls: 0,
    async check(bytes: Uint8Array) {
      checker.calls += 1;
      return parseCslFile(bytes);
    },
  };
  return checker;
}

export function serviceContext(options: TestContextOptions = {}): TestContext {
  const config: ServiceConfig = loadConfig({ TOKEN_SECRET: 'unit-test-secret', NODE_ENV: 'test', ...options.env });
  const logLines: LogLine[] = [];
  const record = (level: LogLine['level']) => (fields: unknown, message?: string) => void logLines.push({ level, fields, message });
  const logger = { error: record('error'), warn: record('warn'), info: record('info'), debug: record('debug') } as unknown as AppContext['logger'];
  const rateLimiter = new RateLimiter(new MemoryLimiterStore(), { logger, addressSlots: 64, slotKey: 'unit-test' });
  return {
    pool: options.pool ?? poolNotUsed(),
    config,
    logger,
    engine: (options.engine ?? {}) as EnginePool,
    csl: options.csl ?? inThreadCslChecker(),
    rateLimiter,
    payments: manualPaymentProvider,
    resolver: options.resolver ?? null,
    logLines,
  };
}

export function keyCaller(overrides: Partial<KeyCaller> = {}): KeyCaller {
  return {
    keyId: 'key-1',
    keyPrefix: 'hlk_test',
    userId: 'user-1',
    orgId: null,
    plan: 'pro',
    account: { kind: 'user', id: 'user-1' },
    tokenSubject: 'user-1',
    ...overrides,
  };
}

export interface Refusal {
  status: number;
  reason: string | undefined;
  error: string;
}

/** The HttpError a call throws (or its promise rejects with); fails the test when it succeeds or throws anything else. */
export async function refusal(call: () => unknown): Promise<Refusal> {
  const { HttpError } = await import('../../server/http/errors.ts');
  try {
    await call();
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return { status: err.status, reason: err.reason, error: err.error };
  }
  throw new Error('expected an HttpError, the call succeeded');
}
