// Idempotency-Key on POST /hyperlink, /hyperlink-apply and /hyperlink-crossref (as Stripe's API): the same key
// with the same input within 24 hours answers the first answer again (header Idempotent-Replayed: true) and
// charges nothing more; the same key with other input is 409 idempotency_key_reused; a key whose request is
// still running is 409 idempotency_in_flight with retry_after.
//
// The answer is recorded in the transaction that settles the credit (credit-reservation.ts), so either the
// request was charged and its answer is kept for the retry, or it was not charged. A request holds its key
// with a lease it renews while it works; a process killed mid-request stops renewing, and once the lease has
// run out a retry takes the key over, refunding the dead request's credit first. An answer larger than
// IDEMPOTENCY_MAX_STORED_BYTES is not kept: a retry recomputes it without a charge.
import { randomUUID } from 'node:crypto';
import type { Pool } from 'mysql2/promise';
import { sha256Hex } from '../../common/hash.ts';
import { inTransaction, type Queryable } from '../../db/connection.ts';
import { completeClaim, insertClaim, lockClaim, purgeExpiredClaims, releaseClaim, renewLease, retakeClaim, setClaimReservation, type NewClaim } from '../../db/idempotency.ts';
import { refundReservation } from '../../db/reservations.ts';
import type { AppContext } from '../context.ts';
import { badRequest, HttpError } from '../errors.ts';
import type { UploadedForm } from '../multipart.ts';
import { sha256OfBytes } from '../upload-buffer.ts';

/** Hours a key and its answer are kept. */
const IDEMPOTENCY_TTL_HOURS = 24;
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

/** The Idempotency-Key header: absent → null; 1 to 255 printable ASCII characters, else 400. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header[0] ?? '' : header;
  if (!KEY_SHAPE.test(value)) throw badRequest('Idempotency-Key must be 1 to 255 printable ASCII characters without spaces', 'invalid_idempotency_key');
  return value;
}

/** What identifies a request's input: the route, each file's sha256 and each field's value, in name order. */
export function requestHash(route: string, form: UploadedForm): string {
  const files = Object.keys(form.files).sort().map((name) => [name, sha256OfBytes(form.files[name]!)]);
  const fields = Object.keys(form.fields).sort().map((name) => [name, sha256Hex(form.fields[name]!)]);
  return sha256Hex(JSON.stringify({ route, files, fields }));
}

/** A key this request holds while it works. */
export interface IdempotencyClaim {
  scope: string;
  key: string;
  holder: string;
  /** Largest answer kept for a retry. */
  maxStoredBytes: number;
  /** In the reserving transaction: records the credit reservation the request holds (so a take-over can refund it). */
  reserved(db: Queryable, reservationId: string): Promise<void>;
  /** In the settling transaction: the answer is kept (or marked for recomputation). Throws when the claim was lost. */
  complete(db: Queryable, answer: Buffer): Promise<void>;
  /** Ends the claim: a request that did not complete gives its key back, so a retry runs afresh. */
  end(): Promise<void>;
}

export type IdempotentStart =
  | { kind: 'proceed'; claim: IdempotencyClaim }
  /** The key's request was answered: its answer, or null when too large to keep (recompute without a charge). */
  | { kind: 'replay'; answer: Buffer | null };

const reused = () =>
  new HttpError(409, 'Idempotency-Key was used with another request', 'idempotency_key_reused', { hint: 'Use a new key for a new request; a key is bound to its route, file and fields for 24 hours.' });
const inFlight = (ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return new HttpError(409, 'A request with this Idempotency-Key is still being processed', 'idempotency_in_flight', { retry_after: seconds, retryAfter: seconds }, { 'Retry-After': String(seconds) });
};

/** Claims the key for this request, or answers what the key's first request answered; throws the 409s. */
export async function startIdempotent(ctx: AppContext, scope: string, key: string, route: string, hash: string): Promise<IdempotentStart> {
  const pool = ctx.pool;
  const claim: NewClaim = { scope, key, route, requestHash: hash, holder: randomUUID(), leaseMs: ctx.config.idempotencyLeaseMs, ttlHours: IDEMPOTENCY_TTL_HOURS };
  await purgeExpiredClaims(pool, 50).catch(() => 0);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await insertClaim(pool, claim)) return { kind: 'proceed', claim: held(ctx, claim) };
    const outcome = await inTransaction(pool, async (conn) => {
      const row = await lockClaim(conn, scope, key);
      if (!row) return { kind: 'again' as const };
      if (row.expires_left_ms > 0) {
        if (row.request_hash !== hash || row.route !== route) throw reused();
        if (row.status === 'done') return { kind: 'replay' as const, answer: row.response_body ? Buffer.from(row.response_body) : null };
        if (row.lease_left_ms > 0) throw inFlight(row.lease_left_ms);
      }
      // Expired, or its process stopped renewing the lease (killed): this request takes the key over.
      await retakeClaim(conn, claim);
      return { kind: 'retaken' as const, deadReservation: row.status === 'in_flight' ? row.reservation_id : null };
    });
    if (outcome.kind === 'replay') return outcome;
    if (outcome.kind === 'retaken') {
      if (outcome.deadReservation && (await refundReservation(pool, outcome.deadReservation))) {
        ctx.logger.warn({ scope, reservation: outcome.deadReservation }, 'refunded the credit of a request whose process stopped; its retry takes over');
      }
      return { kind: 'proceed', claim: held(ctx, claim) };
    }
  }
  throw inFlight(1000);
}

function held(ctx: AppContext, c: NewClaim): IdempotencyClaim {
  const pool: Pool = ctx.pool;
  let ended = false;
  const renew = setInterval(() => {
    void renewLease(pool, c.scope, c.key, c.holder, c.leaseMs).catch((err: unknown) => {
      ctx.logger.warn({ errCode: (err as { code?: string }).code }, 'renewing an idempotency lease failed');
    });
  }, Math.max(250, Math.floor(c.leaseMs / 3)));
  renew.unref();
  const maxStoredBytes = ctx.config.idempotencyMaxStoredBytes;
  return {
    scope: c.scope,
    key: c.key,
    holder: c.holder,
    maxStoredBytes,
    reserved: (db, reservationId) => setClaimReservation(db, c.scope, c.key, c.holder, reservationId),
    async complete(db, answer) {
      if (!(await completeClaim(db, c.scope, c.key, c.holder, answer.length <= maxStoredBytes ? answer : null))) {
        throw new Error('idempotency claim lost to another request');
      }
    },
    async end() {
      if (ended) return;
      ended = true;
      clearInterval(renew);
      await releaseClaim(pool, c.scope, c.key, c.holder).catch((err: unknown) => {
        ctx.logger.warn({ errCode: (err as { code?: string }).code }, 'releasing an idempotency key failed; it frees itself when its lease ends');
      });
    },
  };
}
