// rate_limit_counters: fixed one-minute windows counted in the database, so limits hold across processes.
import { execute, type Queryable } from './connection.ts';

/** Counts one hit in the bucket's window and returns the window's count including this hit. */
export async function hit(db: Queryable, bucket: string, windowStart: number): Promise<number> {
  // LAST_INSERT_ID(expr) hands the new count back in the same statement: one round trip, atomic.
  const result = await execute(
    db,
    'INSERT INTO rate_limit_counters (bucket, window_start, hits) VALUES (?, ?, LAST_INSERT_ID(1)) ON DUPLICATE KEY UPDATE hits = LAST_INSERT_ID(hits + 1)',
    [bucket, windowStart],
  );
  return Number(result.insertId);
}

/** Deletes windows that ended before the given start. */
export async function deleteWindowsBefore(db: Queryable, windowStart: number): Promise<void> {
  await execute(db, 'DELETE FROM rate_limit_counters WHERE window_start < ?', [windowStart]);
}
