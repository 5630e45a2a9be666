// Credit purchases on an in-memory store and a scripted payment provider: idempotent creation (the same
// key and credits answer the first purchase; other credits are a conflict), the amount and balance caps,
// completion only once the provider says paid, once, and never past the balance cap. The SQL and the row
// lock run against MariaDB in test/server/http/routes/org-billing.int.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { NewPurchase, PurchaseRow } from '../../../../server/db/billing.ts';
import { MAX_CREDIT_BALANCE } from '../../../../server/db/credits.ts';
import type { PaymentProvider } from '../../../../server/http/billing/payment-provider.ts';

type PaymentState = Awaited<ReturnType<PaymentProvider['confirmPayment']>>;
import { completePurchase, createPurchase, type CreatePurchase, type PurchaseStore } from '../../../../server/http/services/billing.ts';
import { poolNotUsed, refusal } from '../../../helpers/service-context.ts';

class MemoryPurchases implements PurchaseStore {
  readonly rows = new Map<string, PurchaseRow>();
  balance = 0;
  /** Another request inserts the same idempotency key just before ours. */
  raceOnInsert = false;
  async findByIdempotencyKey(orgId: string, key: string) {
    return [...this.rows.values()].find((r) => r.org_id === orgId && r.idempotency_key === key) ?? null;
  }
  async find(id: string) {
    return this.rows.get(id) ?? null;
  }
  async insert(p: NewPurchase) {
    if (this.raceOnInsert) {
      this.raceOnInsert = false;
      this.add(p);
      return null;
    }
    return this.add(p).id;
  }
  add(p: NewPurchase): PurchaseRow {
    const id = `p${this.rows.size + 1}`;
    const row: PurchaseRow = {
      id, org_id: p.orgId, created_by: p.createdBy, credits: p.credits, amount_cents: p.amountCents, currency: p.currency, provider: p.provider,
      provider_ref: null, status: 'pending', idempotency_key: p.idempotencyKey, created_at: new Date('2026-01-01T00:00:00Z'), completed_at: null, completed_by: null,
    };
    this.rows.set(id, row);
    return row;
  }
  async setProviderRef(id: string, ref: string) {
    this.rows.get(id)!.provider_ref = ref;
  }
  async orgBalance() {
    return this.balance;
  }
  async complete(id: string, userId: string) {
    const row = this.rows.get(id);
    if (!row || row.status !== 'pending') return 'not-pending' as const;
    if (this.balance + row.credits > MAX_CREDIT_BALANCE) return 'overflow' as const;
    this.balance += row.credits;
    Object.assign(row, { status: 'completed', completed_at: new Date('2026-01-02T00:00:00Z'), completed_by: userId });
    return 'completed' as const;
  }
}

function provider(state: PaymentState = 'paid') {
  const created: string[] = [];
  const p: PaymentProvider = {
    name: 'scripted',
    createPayment: async (r) => (created.push(r.purchaseId), { providerRef: `ref_${r.purchaseId}`, checkoutUrl: `https://pay.example/${r.purchaseId}` }),
    confirmPayment: async () => state,
  };
  return { p, created };
}

const pool = poolNotUsed();
const buy = (extra: Partial<CreatePurchase> = {}): CreatePurchase => ({ orgId: 'org-1', userId: 'u1', credits: 100, idempotencyKey: 'key-1', priceCents: 50, ...extra });

test('a new purchase: pending, priced, with the provider\'s reference and checkout page', async () => {
  const store = new MemoryPurchases();
  const { p, created } = provider();
  const out = await createPurchase(pool, p, buy(), store);
  assert.equal(out.created, true);
  assert.equal(out.checkoutUrl, 'https://pay.example/p1');
  assert.deepEqual(created, ['p1']);
  assert.deepEqual(
    [out.purchase.status, out.purchase.credits, out.purchase.amount_cents, out.purchase.currency, out.purchase.provider, out.purchase.provider_ref],
    ['pending', 100, 5000, 'USD', 'scripted', 'ref_p1'],
  );
});

test('the same idempotency key and credits answer the first purchase; other credits are a conflict', async () => {
  const store = new MemoryPurchases();
  const { p, created } = provider();
  const first = await createPurchase(pool, p, buy(), store);
  const again = await createPurchase(pool, p, buy(), store);
  assert.deepEqual([again.created, again.checkoutUrl, again.purchase.id], [false, null, first.purchase.id]);
  assert.deepEqual(created, ['p1']);
  const r = await refusal(() => createPurchase(pool, p, buy({ credits: 5 }), store));
  assert.deepEqual([r.status, r.reason], [409, 'idempotency_key_reused']);
});

test('a concurrent request that took the key first: its purchase is the answer', async () => {
  const store = new MemoryPurchases();
  store.raceOnInsert = true;
  const { p, created } = provider();
  const out = await createPurchase(pool, p, buy(), store);
  assert.deepEqual([out.created, out.purchase.id], [false, 'p1']);
  assert.deepEqual(created, []);
});

test('caps at creation: an amount past the INT column, a balance past the credits column', async () => {
  const { p } = provider();
  const tooDear = await refusal(() => createPurchase(pool, p, buy({ credits: 50_000_000, priceCents: 50 }), new MemoryPurchases()));
  assert.deepEqual([tooDear.status, tooDear.reason], [400, 'amount_too_large']);
  const store = new MemoryPurchases();
  store.balance = MAX_CREDIT_BALANCE - 50;
  const overflow = await refusal(() => createPurchase(pool, p, buy({ credits: 51, priceCents: 1 }), store));
  assert.deepEqual([overflow.status, overflow.reason], [400, 'credit_balance_overflow']);
});

test('completing: credits added once the provider says paid; completing again changes nothing', async () => {
  const store = new MemoryPurchases();
  const { p } = provider('paid');
  const { purchase } = await createPurchase(pool, p, buy(), store);
  const done = await completePurchase(pool, p, purchase.id, 'admin', store);
  assert.deepEqual([done.purchase.status, done.credits, done.purchase.completed_at], ['completed', 100, '2026-01-02T00:00:00.000Z']);
  const again = await completePurchase(pool, p, purchase.id, 'admin', store);
  assert.equal(again.credits, 100);
});

for (const state of ['pending', 'failed'] as const) {
  test(`completing while the payment is ${state}: 409 payment_${state}, no credits`, async () => {
    const store = new MemoryPurchases();
    const { purchase } = await createPurchase(pool, provider().p, buy(), store);
    const r = await refusal(() => completePurchase(pool, provider(state).p, purchase.id, 'admin', store));
    assert.deepEqual([r.status, r.reason], [409, `payment_${state}`]);
    assert.equal(store.balance, 0);
  });
}

test('completing: a cancelled purchase, an unknown one, a balance that would overflow', async () => {
  const store = new MemoryPurchases();
  const { p } = provider();
  const { purchase } = await createPurchase(pool, p, buy(), store);
  store.rows.get(purchase.id)!.status = 'cancelled';
  assert.deepEqual((await refusal(() => completePurchase(pool, p, purchase.id, 'admin', store))).reason, 'purchase_cancelled');
  assert.deepEqual((await refusal(() => completePurchase(pool, p, 'nope', 'admin', store))).reason, 'purchase_not_found');
  const second = await createPurchase(pool, p, buy({ idempotencyKey: 'key-2' }), store);
  store.balance = MAX_CREDIT_BALANCE - 10;
  const r = await refusal(() => completePurchase(pool, p, second.purchase.id, 'admin', store));
  assert.deepEqual([r.status, r.reason], [409, 'credit_balance_overflow']);
});
