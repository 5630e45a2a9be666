// Hourly housekeeping of the tables that only grow: documentation analytics events past their retention
// (DOCS_EVENTS_RETENTION_DAYS; the public /docs-events route writes them, so without a purge any client could
// fill the disk at the rate limit's pace) and sessions that ended (expired or revoked) a week ago. The resolver
// cache, the rate-limit counters and the registry slots purge themselves where they are written.
//
// Deletes run in batches, so no statement holds its locks for long; one round stops after MAX_BATCHES batches
// per table and the next hour goes on where it stopped.
import type { Pool } from 'mysql2/promise';
import { purgeDocsEventsOlderThan } from '../../db/docs-events.ts';
import { purgeEndedSessions } from '../../db/sessions.ts';
import type { AppContext } from '../context.ts';

export interface HousekeepingStore {
  /** Deletes up to `batch` analytics events older than `days` days; answers how many. */
  purgeDocsEvents(days: number, batch: number): Promise<number>;
  /** Deletes up to `batch` sessions (per kind: expired, revoked) that ended more than `graceDays` days ago. */
  purgeEndedSessions(graceDays: number, batch: number): Promise<number>;
}

function mysqlHousekeepingStore(pool: Pool): HousekeepingStore {
  return {
    purgeDocsEvents: (days, batch) => purgeDocsEventsOlderThan(pool, days, batch),
    purgeEndedSessions: (graceDays, batch) => purgeEndedSessions(pool, graceDays, batch),
  };
}

/** Days an ended session's row is kept after it expired or was revoked. */
const ENDED_SESSION_GRACE_DAYS = 7;
const BATCH_ROWS = 5_000;
const MAX_BATCHES = 40;
const HOUSEKEEPING_EVERY_MS = 3_600_000;

/** Rows one round deleted per table, and the tables whose purge failed (retried next round). */
interface HousekeepingRound {
  docsEvents: number;
  sessions: number;
  failed: string[];
}

/** Runs `purge` in batches until one comes back short of a full batch, or MAX_BATCHES ran; answers the rows deleted. */
async function inBatches(purge: (batch: number) => Promise<number>, batch: number): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const n = await purge(batch);
    total += n;
    if (n < batch) break;
  }
  return total;
}

/** One round: every table in turn; a failure of one does not keep the other from its purge. */
async function runHousekeeping(store: HousekeepingStore, policy: { docsEventsRetentionDays: number }): Promise<HousekeepingRound> {
  const failed: string[] = [];
  const attempt = async (name: string, purge: (batch: number) => Promise<number>): Promise<number> => {
    try {
      return await inBatches(purge, BATCH_ROWS);
    } catch {
      failed.push(name);
      return 0;
    }
  };
  const docsEvents = await attempt('docs_events', (b) => store.purgeDocsEvents(policy.docsEventsRetentionDays, b));
  const sessions = await attempt('sessions', (b) => store.purgeEndedSessions(ENDED_SESSION_GRACE_DAYS, b));
  return { docsEvents, sessions, failed };
}

/** Starts the hourly housekeeping (a first round right away, not awaited: start-up does not wait on a large purge);
 * returns the function that stops it. */
export function startHousekeeping(ctx: AppContext, store: HousekeepingStore = mysqlHousekeepingStore(ctx.pool)): () => void {
  const round = async (): Promise<void> => {
    const done = await runHousekeeping(store, { docsEventsRetentionDays: ctx.config.docsEventsRetentionDays });
    if (done.docsEvents > 0 || done.sessions > 0) ctx.logger.info({ docsEvents: done.docsEvents, sessions: done.sessions }, 'housekeeping deleted old rows');
    if (done.failed.length) ctx.logger.warn({ tables: done.failed }, 'housekeeping purge failed; retried next hour');
  };
  void round();
  const timer = setInterval(() => void round(), HOUSEKEEPING_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
