// credit_reservations: the credit a document request takes is recorded with the request (key, route,
// request id) as pending, then settled together with the request's usage row when the document is
// delivered, or refunded. Every transition is a conditional UPDATE on status = 'pending' under a row
// lock, so a reservation is settled or refunded exactly once whichever process gets there first.
// Times are the database's (UTC_TIMESTAMP), the one clock every process shares.
import { randomUUID } from 'node:crypto';
import type { Pool } from 'mysql2/promise';
import { execute, inTransaction, selectRows, type Queryable } from './connection.ts';
import { recordKeyUse } from './api-keys.ts';
import { MAX_CREDIT_BALANCE, type CreditAccount } from './credits.ts';
import { insertUsage, type UsageEvent } from './usage.ts';

export type ReservationStatus = 'pending' | 'settled' | 'refunded';

export interface NewReservation {
  account: CreditAccount;
  apiKeyId: string;
  route: string;
  requestId: string;
}

interface ReservationRow {
  id: string;
  account_kind: 'user' | 'org';
  account_id: string;
  status: ReservationStatus;
}

function table(kind: CreditAccount['kind']): string {
  return kind === 'user' ? 'users' : 'organisations';
}

/** Takes one credit and records it as a pending reservation (with `also`), atomically; null when no credit is left. */
export async function reserveCredit(pool: Pool, r: NewReservation, also?: (conn: Queryable, reservationId: string) => Promise<void>): Promise<string | null> {
  return inTransaction(pool, async (conn) => {
    const taken = await execute(conn, `UPDATE ${table(r.account.kind)} SET credits = credits - 1 WHERE id = ? AND credits > 0`, [r.account.id]);
    if (taken.affectedRows !== 1) return null;
    const id = randomUUID();
    await execute(
      conn,
      `INSERT INTO credit_reservations (id, account_kind, account_id, api_key_id, route, request_id, created_at) VALUES (?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(3))`,
      [id, r.account.kind, r.account.id, r.apiKeyId, r.route, r.requestId.slice(0, 64)],
    );
    // What must know the reservation as soon as it exists (an Idempotency-Key claim, to refund it on a take-over).
    if (also) await also(conn, id);
    return id;
  });
}

async function lockReservation(db: Queryable, id: string): Promise<ReservationRow | null> {
  const rows = await selectRows<ReservationRow>(db, 'SELECT id, account_kind, account_id, status FROM credit_reservations WHERE id = ? FOR UPDATE', [id]);
  return rows[0] ?? null;
}

/** Gives the credit back if the reservation is still pending; true when this call refunded it. */
export async function refundReservation(pool: Pool, id: string): Promise<boolean> {
  return inTransaction(pool, async (conn) => {
    const row = await lockReservation(conn, id);
    if (!row || row.status !== 'pending') return false;
    await execute(conn, "UPDATE credit_reservations SET status = 'refunded', resolved_at = UTC_TIMESTAMP(3) WHERE id = ? AND status = 'pending'", [id]);
    // Capped: credits added while the reservation was pending may have filled the INT column, and a
    // refund that overflowed it would fail every time (the reservation pending for ever).
    await execute(conn, `UPDATE ${table(row.account_kind)} SET credits = LEAST(credits + 1, ?) WHERE id = ?`, [MAX_CREDIT_BALANCE, row.account_id]);
    return true;
  });
}

/**
 * Settles a pending reservation and writes the request's usage row and key use in the same transaction:
 * either the document is charged and recorded, or neither. False when the reservation is no longer
 * pending (refunded as expired); throws when the database fails or `also` throws (nothing is then charged).
 */
export async function settleReservation(pool: Pool, id: string, usage: UsageEvent, also?: (conn: Queryable) => Promise<void>): Promise<boolean> {
  return inTransaction(pool, async (conn) => {
    const row = await lockReservation(conn, id);
    if (!row || row.status !== 'pending') return false;
    await execute(conn, "UPDATE credit_reservations SET status = 'settled', resolved_at = UTC_TIMESTAMP(3) WHERE id = ?", [id]);
    await insertUsage(conn, usage);
    await recordKeyUse(conn, usage.apiKeyId, 1);
    // What else must hold exactly when the charge does (the Idempotency-Key's kept answer); a throw rolls all back.
    if (also) await also(conn);
    return true;
  });
}

export async function reservationStatus(db: Queryable, id: string): Promise<ReservationStatus | null> {
  const rows = await selectRows<{ status: ReservationStatus }>(db, 'SELECT status FROM credit_reservations WHERE id = ?', [id]);
  return rows[0]?.status ?? null;
}

/** Reservations taken and not yet settled or refunded (the /metrics gauge). */
export async function countPendingReservations(db: Queryable): Promise<number> {
  const rows = await selectRows<{ n: number }>(db, "SELECT COUNT(*) AS n FROM credit_reservations WHERE status = 'pending'");
  return Number(rows[0]?.n ?? 0);
}

/** Refunds pending reservations older than olderThanMs (by the database clock), at most limit of them; returns how many. */
export async function refundExpiredReservations(pool: Pool, olderThanMs: number, limit = 500): Promise<number> {
  const rows = await selectRows<{ id: string }>(
    pool,
    "SELECT id FROM credit_reservations WHERE status = 'pending' AND created_at < TIMESTAMPADD(MICROSECOND, ?, UTC_TIMESTAMP(3)) ORDER BY created_at LIMIT ?",
    [-olderThanMs * 1000, limit],
  );
  let refunded = 0;
  for (const { id } of rows) if (await refundReservation(pool, id)) refunded++;
  return refunded;
}
