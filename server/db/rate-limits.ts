// rate_limit_counters: fixed one-minute windows counted in the database, so limits hold across processes.
import { execute, selectRows, type Queryable } from './connection.ts';

/** Counts one hit in the bucket's window and returns the window's count including this hit. */
async function hit(db: Queryable, bucket: string, windowStart: number): Promise<number> {
  // LAST_INSERT_ID(expr) hands the new count back in the same statement: one round trip, atomic.
  const result = await execute(
    db,
    'INSERT INTO rate_limit_counters (bucket, window_start, hits) VALUES (?, ?, LAST_INSERT_ID(1)) ON DUPLICATE KEY UPDATE hits = LAST_INSERT_ID(hits + 1)',
    [bucket, windowStart],
  );
  return Number(result.insertId);
}

/** Deletes windows that ended before the given start. */
async function deleteWindowsBefore(db: Queryable, windowStart: number): Promise<void> {
  await execute(db, 'DELETE FROM rate_limit_counters WHERE window_start < ?', [windowStart]);
}

/** Deletes every window of a bucket (a limit reset, as after a successful sign-in). */
async function deleteBucket(db: Queryable, bucket: string): Promise<void> {
  await execute(db, 'DELETE FROM rate_limit_counters WHERE bucket = ?', [bucket]);
}

/** Rows in the store (the bench and tests watch that it stays bounded). */
export async function countWindows(db: Queryable): Promise<number> {
  const rows = await selectRows<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM rate_limit_counters');
  return Number(rows[0]?.n ?? 0);
}

/** Where rate-limit counters live (this table, or a fake in tests). */
export interface LimiterStore {
  /** Counts one hit in the bucket's window; returns the window's count including this hit. */
  hit(bucket: string, windowStart: number): Promise<number>;
  /** Deletes windows that started before `windowStart`. */
  purgeBefore(windowStart: number): Promise<void>;
  /** Forgets every window of the bucket. */
  clear(bucket: string): Promise<void>;
}

/** The store of the service's RateLimiter. */
export function mysqlLimiterStore(db: Queryable): LimiterStore {
  return {
    hit: (bucket, windowStart) => hit(db, bucket, windowStart),
    purgeBefore: (windowStart) => deleteWindowsBefore(db, windowStart),
    clear: (bucket) => deleteBucket(db, bucket),
  };
}
