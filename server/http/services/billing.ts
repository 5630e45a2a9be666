// Organisation credit purchases: create (pending, idempotent per idempotency key) then complete
// (credits added exactly once). Owners create; admins complete (owners too when BILLING_SELF_COMPLETE).
// A purchase never takes a balance past the credits column (400 at create, 409 at complete).
import type { CreditPurchase } from '../../../shared/contract.ts';
import type { Pool } from 'mysql2/promise';
import { findPurchase, findPurchaseByIdempotencyKey, insertPurchase, lockPurchase, markCompleted, setProviderRef, type NewPurchase, type PurchaseRow } from '../../db/billing.ts';
import { inTransaction } from '../../db/connection.ts';
import { purchaseView } from './contract-views.ts';
import { addCredits, creditBalance, MAX_CREDIT_BALANCE } from '../../db/credits.ts';
import type { PaymentProvider } from '../billing/payment-provider.ts';
import { HttpError, badRequest, conflict, notFound } from '../errors.ts';

/** The purchase rows and balances the service decides on (server/db on the service's pool). */
export interface PurchaseStore {
  findByIdempotencyKey(orgId: string, key: string): Promise<PurchaseRow | null>;
  find(id: string): Promise<PurchaseRow | null>;
  /** The new purchase's id; null when the idempotency key was taken meanwhile. */
  insert(p: NewPurchase): Promise<string | null>;
  setProviderRef(id: string, ref: string): Promise<void>;
  orgBalance(orgId: string): Promise<number>;
  /**
   * Under the purchase's row lock: adds its credits to the organisation and marks it completed, once.
   * 'not-pending' when it was completed or cancelled meanwhile; 'overflow' when the balance would pass the column.
   */
  complete(id: string, userId: string): Promise<'completed' | 'not-pending' | 'overflow'>;
}

function dbPurchases(pool: Pool): PurchaseStore {
  return {
    findByIdempotencyKey: (orgId, key) => findPurchaseByIdempotencyKey(pool, orgId, key),
    find: (id) => findPurchase(pool, id),
    insert: (p) => insertPurchase(pool, p),
    setProviderRef: (id, ref) => setProviderRef(pool, id, ref),
    orgBalance: (orgId) => creditBalance(pool, { kind: 'org', id: orgId }),
    complete: (id, userId) =>
      inTransaction(pool, async (conn) => {
        const locked = await lockPurchase(conn, id);
        if (!locked || locked.status !== 'pending') return 'not-pending' as const;
        if (!(await addCredits(conn, { kind: 'org', id: locked.org_id }, Number(locked.credits)))) return 'overflow' as const;
        await markCompleted(conn, id, userId);
        return 'completed' as const;
      }),
  };
}

export interface CreatePurchase {
  orgId: string;
  userId: string;
  credits: number;
  idempotencyKey: string;
  priceCents: number;
}

/** Returns the purchase and whether this call created it (false: an earlier call with the same key did). */
export async function createPurchase(pool: Pool, provider: PaymentProvider, p: CreatePurchase, store: PurchaseStore = dbPurchases(pool)): Promise<{ purchase: CreditPurchase; created: boolean; checkoutUrl: string | null }> {
  const existing = await store.findByIdempotencyKey(p.orgId, p.idempotencyKey);
  if (existing) return { purchase: sameOrConflict(existing, p.credits), created: false, checkoutUrl: null };
  const amountCents = p.credits * p.priceCents;
  if (amountCents > MAX_AMOUNT_CENTS) throw badRequest(`The amount of this purchase is too large (at most ${MAX_AMOUNT_CENTS} cents)`, 'amount_too_large');
  if ((await store.orgBalance(p.orgId)) + p.credits > MAX_CREDIT_BALANCE) throw balanceOverflow(400);
  const id = await store.insert({ orgId: p.orgId, createdBy: p.userId, credits: p.credits, amountCents, currency: 'USD', provider: provider.name, idempotencyKey: p.idempotencyKey });
  if (!id) {
    const raced = await store.findByIdempotencyKey(p.orgId, p.idempotencyKey);
    if (!raced) throw new Error('purchase vanished after idempotency conflict');
    return { purchase: sameOrConflict(raced, p.credits), created: false, checkoutUrl: null };
  }
  const payment = await provider.createPayment({ purchaseId: id, orgId: p.orgId, credits: p.credits, amountCents, currency: 'USD' });
  await store.setProviderRef(id, payment.providerRef);
  const row = await store.find(id);
  if (!row) throw new Error('purchase vanished after insert');
  return { purchase: purchaseView(row), created: true, checkoutUrl: payment.checkoutUrl };
}

/** amount_cents is an INT column. */
const MAX_AMOUNT_CENTS = 2_147_483_647;

const balanceOverflow = (status: 400 | 409): HttpError =>
  new HttpError(status, `The organisation's balance would exceed ${MAX_CREDIT_BALANCE} credits`, 'credit_balance_overflow');

function sameOrConflict(row: PurchaseRow, credits: number): CreditPurchase {
  if (Number(row.credits) !== credits) throw conflict('idempotency_key was already used for a different purchase', 'idempotency_key_reused');
  return purchaseView(row);
}

export async function loadPurchase(pool: Pool, id: string, store: PurchaseStore = dbPurchases(pool)): Promise<PurchaseRow> {
  const row = await store.find(id);
  if (!row) throw notFound('Purchase not found', 'purchase_not_found');
  return row;
}

/** Completes a pending purchase once; completing a completed purchase again changes nothing. */
export async function completePurchase(pool: Pool, provider: PaymentProvider, id: string, userId: string, store: PurchaseStore = dbPurchases(pool)): Promise<{ purchase: CreditPurchase; credits: number }> {
  const current = await loadPurchase(pool, id, store);
  if (current.status === 'pending') {
    const state = await provider.confirmPayment(current.provider_ref ?? '');
    if (state !== 'paid') throw new HttpError(409, `Payment is ${state}`, `payment_${state}`);
    if ((await store.complete(id, userId)) === 'overflow') throw balanceOverflow(409);
  } else if (current.status === 'cancelled') {
    throw conflict('Purchase was cancelled', 'purchase_cancelled');
  }
  const row = await loadPurchase(pool, id, store);
  return { purchase: purchaseView(row), credits: await store.orgBalance(row.org_id) };
}
