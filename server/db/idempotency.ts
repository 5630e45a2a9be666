// idempotency_keys: one row per caller account (scope) and Idempotency-Key, kept 24 hours. A request claims
// its key (in_flight, with a lease its process renews while it works); the answer is recorded (done) in the
// transaction that settles its credit, or on its own for uncharged routes. Times are the database's.
import { execute, selectRows, type Queryable } from './connection.ts';

export interface IdempotencyRow {
  scope: string;
  idem_key: string;
  route: string;
  request_hash: string;
  status: 'in_flight' | 'done';
  holder: string;
  reservation_id: string | null;
  response_body: Buffer | null;
  /** Milliseconds until the lease ends (negative: ended) and until the row expires, by the database clock. */
  lease_left_ms: number;
  expires_left_ms: number;
}

export interface NewClaim {
  scope: string;
  key: string;
  route: string;
  requestHash: string;
  /** A random token of the request holding the claim (request ids come from clients and may repeat). */
  holder: string;
  leaseMs: number;
  ttlHours: number;
}

const ROW = `scope, idem_key, route, request_hash, status, holder, reservation_id, response_body,
  TIMESTAMPDIFF(MICROSECOND, UTC_TIMESTAMP(3), lease_until) DIV 1000 AS lease_left_ms,
  TIMESTAMPDIFF(MICROSECOND, UTC_TIMESTAMP(3), expires_at) DIV 1000 AS expires_left_ms`;

/** Inserts the claim; false when the scope already has a row for this key. */
export async function insertClaim(db: Queryable, c: NewClaim): Promise<boolean> {
  try {
    await execute(
      db,
      `INSERT INTO idempotency_keys (scope, idem_key, route, request_hash, status, holder, lease_until, expires_at)
       VALUES (?, ?, ?, ?, 'in_flight', ?, TIMESTAMPADD(MICROSECOND, ?, UTC_TIMESTAMP(3)), TIMESTAMPADD(HOUR, ?, UTC_TIMESTAMP(3)))`,
      [c.scope, c.key, c.route, c.requestHash, c.holder, c.leaseMs * 1000, c.ttlHours],
    );
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === 'ER_DUP_ENTRY') return false;
    throw err;
  }
}

/** The row, locked for the rest of the transaction. */
export async function lockClaim(db: Queryable, scope: string, key: string): Promise<IdempotencyRow | null> {
  const rows = await selectRows<IdempotencyRow>(db, `SELECT ${ROW} FROM idempotency_keys WHERE scope = ? AND idem_key = ? FOR UPDATE`, [scope, key]);
  const row = rows[0];
  return row ? { ...row, lease_left_ms: Number(row.lease_left_ms), expires_left_ms: Number(row.expires_left_ms) } : null;
}

/** Makes an existing row this request's claim (its key expired, or its process died): in flight again, answer cleared. */
export async function retakeClaim(db: Queryable, c: NewClaim): Promise<void> {
  await execute(
    db,
    `UPDATE idempotency_keys SET route = ?, request_hash = ?, status = 'in_flight', holder = ?, reservation_id = NULL, response_body = NULL,
        lease_until = TIMESTAMPADD(MICROSECOND, ?, UTC_TIMESTAMP(3)), expires_at = TIMESTAMPADD(HOUR, ?, UTC_TIMESTAMP(3))
      WHERE scope = ? AND idem_key = ?`,
    [c.route, c.requestHash, c.holder, c.leaseMs * 1000, c.ttlHours, c.scope, c.key],
  );
}

/** Extends the lease of a claim still held by this request; false when it is not (taken over, or gone). */
export async function renewLease(db: Queryable, scope: string, key: string, holder: string, leaseMs: number): Promise<boolean> {
  const result = await execute(
    db,
    "UPDATE idempotency_keys SET lease_until = TIMESTAMPADD(MICROSECOND, ?, UTC_TIMESTAMP(3)) WHERE scope = ? AND idem_key = ? AND holder = ? AND status = 'in_flight'",
    [leaseMs * 1000, scope, key, holder],
  );
  return result.affectedRows === 1;
}

/** Records the credit reservation the claim's request holds (refunded if another request must take over). */
export async function setClaimReservation(db: Queryable, scope: string, key: string, holder: string, reservationId: string): Promise<void> {
  await execute(db, 'UPDATE idempotency_keys SET reservation_id = ? WHERE scope = ? AND idem_key = ? AND holder = ?', [reservationId, scope, key, holder]);
}

/** The claim's answer: done, with the body when it is kept (null: recomputed on a retry, without a charge). */
export async function completeClaim(db: Queryable, scope: string, key: string, holder: string, body: Buffer | null): Promise<boolean> {
  const result = await execute(
    db,
    "UPDATE idempotency_keys SET status = 'done', response_body = ? WHERE scope = ? AND idem_key = ? AND holder = ? AND status = 'in_flight'",
    [body, scope, key, holder],
  );
  return result.affectedRows === 1;
}

/** Drops a claim whose request failed before it was charged, so a retry runs afresh. */
export async function releaseClaim(db: Queryable, scope: string, key: string, holder: string): Promise<void> {
  await execute(db, "DELETE FROM idempotency_keys WHERE scope = ? AND idem_key = ? AND holder = ? AND status = 'in_flight'", [scope, key, holder]);
}

/** Deletes up to `limit` expired rows; answers how many. */
export async function purgeExpiredClaims(db: Queryable, limit = 200): Promise<number> {
  const result = await execute(db, 'DELETE FROM idempotency_keys WHERE expires_at < UTC_TIMESTAMP(3) LIMIT ?', [limit]);
  return result.affectedRows;
}
