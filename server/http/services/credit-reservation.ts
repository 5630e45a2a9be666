// Charging a document: one credit is reserved (taken and recorded as pending with the request) before
// the engine runs; it is settled, together with the usage row, only when the document is ready to be
// sent; it is refunded when the engine fails, when the client has gone, when recording fails, and,
// for a process that died mid-request, by the sweeper of any process once the reservation is older
// than the engine time-out plus a grace. A client is never charged for a document it did not get.
import type { Pool } from 'mysql2/promise';
import { refundExpiredReservations, refundReservation, reservationStatus, reserveCredit, settleReservation, type NewReservation, type ReservationStatus } from '../../db/reservations.ts';
import type { CreditAccount } from '../../db/credits.ts';
import type { Queryable } from '../../db/connection.ts';
import type { UsageEvent } from '../../db/usage.ts';
import type { AppContext } from '../context.ts';
import { HttpError } from '../errors.ts';

export interface Charge {
  account: CreditAccount;
  apiKeyId: string;
  route: string;
  requestId: string;
  /** True once the client has gone: the output could not be delivered, so the credit is refunded instead of settled. */
  clientGone?: () => boolean;
  /** Runs inside the reserving transaction with the reservation's id (an Idempotency-Key claim records it). */
  onReserved?: (conn: Queryable, reservationId: string) => Promise<void>;
  /** Runs inside the settling transaction (the Idempotency-Key's answer is kept there); a throw undoes the charge. */
  onSettle?: (conn: Queryable) => Promise<void>;
}

/** The reservation rows withReservedCredit works on (server/db/reservations.ts on the service's pool). */
export interface ReservationStore {
  /** Takes one credit and records it as pending (with `also`, in the same transaction); null when the account has none. */
  reserve(r: NewReservation, also?: (conn: Queryable, reservationId: string) => Promise<void>): Promise<string | null>;
  refund(id: string): Promise<boolean>;
  /** Settles the reservation with its usage row (and `also`, in the same transaction); false when it was no longer pending. */
  settle(id: string, usage: UsageEvent, also?: (conn: Queryable) => Promise<void>): Promise<boolean>;
  status(id: string): Promise<ReservationStatus | null>;
}

function dbReservations(pool: Pool): ReservationStore {
  return {
    reserve: (r, also) => reserveCredit(pool, r, also),
    refund: (id) => refundReservation(pool, id),
    settle: (id, usage, also) => settleReservation(pool, id, usage, also),
    status: (id) => reservationStatus(pool, id),
  };
}

const noCredits = (): HttpError => new HttpError(402, 'No credits remaining', 'no_credits');

const notRecorded = (): HttpError =>
  new HttpError(503, 'Service temporarily unavailable', 'usage_not_recorded', {
    hint: 'The document was processed but its use could not be recorded, so it was not delivered and no credit was taken. Retry the request.',
  });

/** The client closed the connection before its document was ready; nobody reads this answer. */
const clientGone = (): HttpError => new HttpError(400, 'Client closed the connection', 'client_closed');

/**
 * Reserves a credit, runs produce, and settles the credit with usageOf(output) before returning the
 * output. onFailure runs (after the refund) when produce throws; its error is rethrown as given.
 */
export async function withReservedCredit<T>(
  ctx: AppContext,
  charge: Charge,
  produce: () => Promise<T>,
  usageOf: (output: T) => UsageEvent,
  onFailure: (err: unknown) => Promise<never>,
  store: ReservationStore = dbReservations(ctx.pool),
): Promise<T> {
  const take = () => store.reserve(charge, charge.onReserved);
  // Through the drain, so that a process stopping (SIGTERM) knows and refunds what it took (server/http/drain.ts).
  const reservation = ctx.drain ? await ctx.drain.reserve(take) : await take();
  if (!reservation) throw noCredits();
  ctx.metrics?.credit('reserved');
  try {
    return await settleOrRefund(ctx, charge, reservation, produce, usageOf, onFailure, store);
  } finally {
    ctx.drain?.reservations.delete(reservation);
  }
}

async function settleOrRefund<T>(
  ctx: AppContext,
  charge: Charge,
  reservation: string,
  produce: () => Promise<T>,
  usageOf: (output: T) => UsageEvent,
  onFailure: (err: unknown) => Promise<never>,
  store: ReservationStore,
): Promise<T> {
  const refund = async (): Promise<void> => {
    if (await store.refund(reservation)) ctx.metrics?.credit('refunded');
  };
  let output: T;
  try {
    output = await produce();
  } catch (err) {
    await refund();
    return onFailure(err);
  }
  if (charge.clientGone?.()) {
    await refund();
    throw clientGone();
  }
  let settled = false;
  try {
    settled = await store.settle(reservation, usageOf(output), charge.onSettle);
  } catch (err) {
    ctx.logger.error({ requestId: charge.requestId, errCode: (err as { code?: string }).code }, 'recording a processed document failed');
    // The commit may have gone through before the failure was seen: deliver what was charged.
    if ((await store.status(reservation).catch(() => null)) === 'settled') {
      ctx.metrics?.credit('settled');
      return output;
    }
    await refund().catch(() => undefined);
  }
  if (!settled) throw notRecorded();
  ctx.metrics?.credit('settled');
  return output;
}

/** How old a pending reservation must be before it counts as abandoned: the engine time-out plus the grace. */
function reservationTtlMs(ctx: AppContext): number {
  return ctx.config.engineTimeoutMs + ctx.config.creditReservationGraceMs;
}

/** Refunds abandoned reservations now and then every interval; returns the function that stops it. */
export async function startReservationSweeper(ctx: AppContext): Promise<() => void> {
  const ttl = reservationTtlMs(ctx);
  const sweep = async (): Promise<void> => {
    try {
      const refunded = await refundExpiredReservations(ctx.pool, ttl);
      if (refunded > 0) ctx.logger.warn({ refunded }, 'refunded credits of abandoned requests');
      ctx.metrics?.credit('refunded', refunded);
    } catch (err) {
      ctx.logger.error({ errCode: (err as { code?: string }).code }, 'refunding abandoned credit reservations failed');
    }
  };
  await sweep();
  const interval = Math.min(60_000, Math.max(1_000, Math.floor(ttl / 2)));
  const timer = setInterval(() => void sweep(), interval);
  timer.unref();
  return () => clearInterval(timer);
}
