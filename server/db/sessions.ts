// sessions: browser session tokens, stored only as sha256 hashes.
import { randomUUID } from 'node:crypto';
import { execute, selectRows, type Queryable } from './connection.ts';

export interface SessionRow {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: Date;
}

export async function insertSession(db: Queryable, userId: string, tokenHash: string, expiresAt: Date): Promise<string> {
  const id = randomUUID();
  await execute(db, 'INSERT INTO sessions (id, user_id, token_hash, expires_at) VALUES (?, ?, ?, ?)', [id, userId, tokenHash, expiresAt]);
  return id;
}

/** The live session whose token hashes to tokenHash, or null when unknown, expired or revoked. */
export async function findLiveSession(db: Queryable, tokenHash: string): Promise<SessionRow | null> {
  const rows = await selectRows<SessionRow>(
    db,
    'SELECT id, user_id, token_hash, expires_at FROM sessions WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > UTC_TIMESTAMP(3)',
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function revokeSession(db: Queryable, id: string): Promise<void> {
  await execute(db, 'UPDATE sessions SET revoked_at = UTC_TIMESTAMP(3) WHERE id = ? AND revoked_at IS NULL', [id]);
}

/** Deletes up to `batch` sessions that ended (expired or revoked) more than `graceDays` days ago; returns how many went. */
export async function purgeEndedSessions(db: Queryable, graceDays: number, batch: number): Promise<number> {
  const expired = await execute(db, 'DELETE FROM sessions WHERE expires_at < UTC_TIMESTAMP(3) - INTERVAL ? DAY LIMIT ?', [graceDays, batch]);
  const revoked = await execute(db, 'DELETE FROM sessions WHERE revoked_at < UTC_TIMESTAMP(3) - INTERVAL ? DAY LIMIT ?', [graceDays, batch]);
  return expired.affectedRows + revoked.affectedRows;
}
