// docs_events: sanitised documentation analytics events (page views, searches, playground responses, feedback).
import { execute, selectRows, type Queryable } from './connection.ts';

export interface DocsEventInsert {
  eventType: string;
  sessionHash: string | null;
  path: string;
  detailJson: string;
}

export interface DocsEventRow {
  id: number;
  event_type: string;
  session_hash: string | null;
  path: string;
  detail_json: string;
  created_at: Date | null;
}

export async function insertDocsEvent(db: Queryable, e: DocsEventInsert): Promise<void> {
  await execute(db, 'INSERT INTO docs_events (event_type, session_hash, path, detail_json) VALUES (?, ?, ?, ?)', [
    e.eventType, e.sessionHash, e.path, e.detailJson,
  ]);
}

/** The most recent events of the last `days` days, newest first, at most `limit` rows. */
export async function recentDocsEvents(db: Queryable, days: number, limit: number): Promise<DocsEventRow[]> {
  return selectRows<DocsEventRow>(
    db,
    'SELECT id, event_type, session_hash, path, detail_json, created_at FROM docs_events WHERE created_at >= UTC_TIMESTAMP(3) - INTERVAL ? DAY ORDER BY created_at DESC, id DESC LIMIT ?',
    [days, limit],
  );
}

/** Deletes up to `batch` events older than `days` days; returns how many went (fewer than `batch`: none are left). */
export async function purgeDocsEventsOlderThan(db: Queryable, days: number, batch: number): Promise<number> {
  const result = await execute(db, 'DELETE FROM docs_events WHERE created_at < UTC_TIMESTAMP(3) - INTERVAL ? DAY LIMIT ?', [days, batch]);
  return result.affectedRows;
}
