// credit_purchases on real MariaDB: an idempotency key makes a purchase once per organisation (also when
// two requests race), a purchase is completed once whoever completes it, and the list is the
// organisation's own, newest first, bounded by its limit.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  findPurchase, findPurchaseByIdempotencyKey, insertPurchase, lockPurchase, markCompleted, setProviderRef, type NewPurchase,
} from '../../../server/db/billing.ts';
import { inTransaction } from '../../../server/db/connection.ts';
import { addCredits, creditBalance } from '../../../server/db/credits.ts';
import { seedOrg, seedUser, useTestDatabase } from '../../helpers/test-database.ts';

const db = useTestDatabase('billing');

async function buyer() {
  const userId = await seedUser(db.pool);
  const orgId = await seedOrg(db.pool, { userId, role: 'owner' });
  const purchase = (idempotencyKey: string, credits = 100): NewPurchase => ({ orgId, createdBy: userId, credits, amountCents: credits * 10, currency: 'EUR', provider: 'manual', idempotencyKey });
  return { userId, orgId, purchase };
}

test('a purchase starts pending; its idempotency key is used once per organisation, even by racing requests', async () => {
  const a = await buyer();
  const b = await buyer();
  const ids = await Promise.all([insertPurchase(db.pool, a.purchase('retry-1')), insertPurchase(db.pool, a.purchase('retry-1')), insertPurchase(db.pool, a.purchase('retry-1'))]);
  const created = ids.filter((id): id is string => id !== null);
  assert.equal(created.length, 1, 'one purchase for three identical requests');
  const row = await findPurchaseByIdempotencyKey(db.pool, a.orgId, 'retry-1');
  assert.equal(row?.id, created[0]);
  assert.deepEqual([row?.status, row?.credits, row?.amount_cents, row?.currency, row?.completed_at], ['pending', 100, 1000, 'EUR', null]);
  assert.ok(await insertPurchase(db.pool, b.purchase('retry-1')), 'another organisation may use the same key');
  assert.equal(await findPurchaseByIdempotencyKey(db.pool, b.orgId, 'retry-2'), null);
});

test('a purchase is completed once, by whichever completion comes first', async () => {
  const a = await buyer();
  const admin = await seedUser(db.pool, { isAdmin: true });
  const id = (await insertPurchase(db.pool, a.purchase('complete-me')))!;
  await setProviderRef(db.pool, id, 'manual:42');
  const results = await Promise.all([markCompleted(db.pool, id, admin), markCompleted(db.pool, id, a.userId)]);
  assert.deepEqual(results.filter(Boolean).length, 1);
  const row = await findPurchase(db.pool, id);
  assert.equal(row?.status, 'completed');
  assert.equal(row?.provider_ref, 'manual:42');
  assert.ok(row?.completed_at instanceof Date);
  assert.equal(row?.completed_by, results[0] ? admin : a.userId, 'the first completion is the one recorded');
  assert.equal(await markCompleted(db.pool, id, admin), false);
});

test('completions racing in transactions that lock the purchase credit the organisation once', async () => {
  const a = await buyer();
  const id = (await insertPurchase(db.pool, a.purchase('locked', 250)))!;
  const complete = () => inTransaction(db.pool, async (conn) => {
    const locked = await lockPurchase(conn, id);
    if (locked?.status !== 'pending') return false;
    await addCredits(conn, { kind: 'org', id: locked.org_id }, locked.credits);
    return markCompleted(conn, id, a.userId);
  });
  const results = await Promise.all([complete(), complete(), complete()]);
  assert.equal(results.filter(Boolean).length, 1);
  assert.equal(await creditBalance(db.pool, { kind: 'org', id: a.orgId }), 250, 'the row lock lets one completion see the purchase pending');
  assert.equal(await lockPurchase(db.pool, '00000000-0000-0000-0000-000000000000'), null);
});

