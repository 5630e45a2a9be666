// credit_purchases: organisation credit purchases, created pending and completed once.
import type { CreditPurchase } from '../../shared/contract.ts';
// An idempotency key per organisation makes "create" safe to retry.
import { randomUUID } from 'node:crypto';
import { execute, selectRows, type Queryable } from './connection.ts';

type PurchaseStatus = CreditPurchase['status'];

export interface PurchaseRow {
  id: string;
  org_id: string;
  created_by: string;
  credits: number;
  amount_cents: number;
  currency: string;
  provider: string;
  provider_ref: string | null;
  status: PurchaseStatus;
  idempotency_key: string;
  created_at: Date;
  completed_at: Date | null;
  completed_by: string | null;
}

export interface NewPurchase {
  orgId: string;
  createdBy: string;
  credits: number;
  amountCents: number;
  currency: string;
  provider: string;
  idempotencyKey: string;
}

export async function findPurchaseByIdempotencyKey(db: Queryable, orgId: string, key: string): Promise<PurchaseRow | null> {
  const rows = await selectRows<PurchaseRow>(db, 'SELECT * FROM credit_purchases WHERE org_id = ? AND idempotency_key = ?', [orgId, key]);
  return rows[0] ?? null;
}

export async function findPurchase(db: Queryable, id: string): Promise<PurchaseRow | null> {
  const rows = await selectRows<PurchaseRow>(db, 'SELECT * FROM credit_purchases WHERE id = ?', [id]);
  return rows[0] ?? null;
}

export async function lockPurchase(db: Queryable, id: string): Promise<PurchaseRow | null> {
  const rows = await selectRows<PurchaseRow>(db, 'SELECT * FROM credit_purchases WHERE id = ? FOR UPDATE', [id]);
  return rows[0] ?? null;
}

/** Inserts a pending purchase; returns null when the idempotency key is already used for the organisation. */
export async function insertPurchase(db: Queryable, p: NewPurchase): Promise<string | null> {
  const id = randomUUID();
  try {
    await execute(
      db,
      'INSERT INTO credit_purchases (id, org_id, created_by, credits, amount_cents, currency, provider, idempotency_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [id, p.orgId, p.createdBy, p.credits, p.amountCents, p.currency, p.provider, p.idempotencyKey],
    );
  } catch (err) {
    if ((err as { code?: string }).code === 'ER_DUP_ENTRY') return null;
    throw err;
  }
  return id;
}

export async function setProviderRef(db: Queryable, id: string, ref: string): Promise<void> {
  await execute(db, 'UPDATE credit_purchases SET provider_ref = ? WHERE id = ?', [ref, id]);
}

/** Marks a pending purchase completed; false when it was not pending (already completed or cancelled). */
export async function markCompleted(db: Queryable, id: string, completedBy: string): Promise<boolean> {
  const result = await execute(
    db,
    "UPDATE credit_purchases SET status = 'completed', completed_at = UTC_TIMESTAMP(3), completed_by = ? WHERE id = ? AND status = 'pending'",
    [completedBy, id],
  );
  return result.affectedRows === 1;
}
