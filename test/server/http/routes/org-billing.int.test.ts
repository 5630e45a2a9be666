// POST /org-billing (server/http/routes/org-billing.ts): owners create credit purchases, an administrator
// completes them (an owner too where BILLING_SELF_COMPLETE=true), against the real service and MariaDB.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expectError, expectFetchError, expectSessionRequired, startTestService, type TestService } from '../../../helpers/http-harness.ts';

let t: TestService;
before(async () => {
  t = await startTestService('route_billing', { TRIAL_CREDITS: '0' });
});
after(async () => {
  await t.stop();
});

describe('/org-billing', () => {
  test('owner creates (201), only an admin completes; retries are idempotent; manager 403; other org 404', async () => {
    const owner = await t.user({ org: 'billing-a', role: 'owner' });
    const manager = await t.user({ org: 'billing-a', role: 'manager' });
    const ownerB = await t.user({ org: 'billing-b', role: 'owner' });
    const admin = await t.user({ admin: true });
    const created = await owner.session.createPurchase(10, 'order-1');
    assert.equal(created.status, 201);
    assert.ok(created.ok);
    assert.equal(created.data.purchase.status, 'pending');
    assert.equal(created.data.purchase.provider, 'manual');
    const retry = await owner.session.createPurchase(10, 'order-1');
    assert.ok(retry.ok && retry.status === 200 && retry.data.purchase.id === created.data.purchase.id);
    expectError(await owner.session.createPurchase(11, 'order-1'), 409);
    expectError(await manager.session.createPurchase(10, 'order-2'), 403);
    expectError(await owner.session.createPurchase(0, 'order-3'), 400);
    expectError(await owner.session.createPurchase(5, ''), 400);
    expectError(await manager.session.completePurchase(created.data.purchase.id), 403);
    expectError(await ownerB.session.completePurchase(created.data.purchase.id), 404);

    // Without BILLING_SELF_COMPLETE an owner cannot mint credits by completing an unpaid purchase.
    const minted = expectError(await owner.session.completePurchase(created.data.purchase.id), 403);
    assert.equal(minted.reason, 'admin_required');
    const org = await owner.session.org();
    assert.ok(org.ok && org.data.org.credits === 0, 'nothing was added');

    const done = await admin.session.completePurchase(created.data.purchase.id);
    assert.ok(done.ok);
    assert.equal(done.data.purchase.status, 'completed');
    assert.equal(done.data.credits, 10);
    const again = await admin.session.completePurchase(created.data.purchase.id);
    assert.ok(again.ok && again.data.credits === 10, 'completing twice adds credits once');

    const second = await owner.session.createPurchase(4, 'order-4');
    assert.ok(second.ok);
    const byAdmin = await admin.session.completePurchase(second.data.purchase.id);
    assert.ok(byAdmin.ok && byAdmin.data.credits === 14);
    expectError(await admin.session.completePurchase('no-such-purchase'), 404);
  });

  test('a purchase that would overflow the balance is 400 at create and 409 at complete, and adds nothing', async () => {
    const owner = await t.user({ org: 'edge-rich', role: 'owner' });
    await t.service.ctx.pool.query('UPDATE organisations SET credits = ? WHERE id = ?', [2_147_000_000, owner.orgId]);
    const refused = expectError(await owner.session.createPurchase(1_000_000, 'too-many'), 400);
    assert.equal(refused.reason, 'credit_balance_overflow');

    const small = await owner.session.createPurchase(400_000, 'fits-now');
    assert.ok(small.ok);
    const tiny = await owner.session.createPurchase(3, 'tiny');
    assert.ok(tiny.ok);
    // The setting is read per request: this test alone lets owners complete, as BILLING_SELF_COMPLETE=true does.
    t.service.ctx.config.billingSelfComplete = true;
    try {
      const selfCompleted = await owner.session.completePurchase(tiny.data.purchase.id);
      assert.ok(selfCompleted.ok && selfCompleted.data.credits === 2_147_000_003, 'BILLING_SELF_COMPLETE=true lets the owner complete');
      await t.service.ctx.pool.query('UPDATE organisations SET credits = ? WHERE id = ?', [2_147_400_000, owner.orgId]);
      const late = expectError(await owner.session.completePurchase(small.data.purchase.id), 409);
      assert.equal(late.reason, 'credit_balance_overflow');
    } finally {
      t.service.ctx.config.billingSelfComplete = false;
    }
    const [rows] = await t.service.ctx.pool.query('SELECT credits FROM organisations WHERE id = ?', [owner.orgId]);
    assert.equal(Number((rows as { credits: number }[])[0]!.credits), 2_147_400_000);
  });

  test('validation names the problem; no session 401; creating needs an organisation and its owner', async () => {
    const owner = await t.user({ org: 'billing-v', role: 'owner' });
    const login = await t.client.login(owner.email, owner.password);
    assert.ok(login.ok);
    const reasonOf = async (body: unknown): Promise<string | null | undefined> => {
      const res = await fetch(`${t.url}/org-billing`, { method: 'POST', headers: { authorization: login.data.token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return (await expectFetchError(res, 400)).reason;
    };
    assert.equal(await reasonOf({ action: 'refund' }), 'invalid_action');
    assert.equal(await reasonOf({ action: 'create', credits: 1.5, idempotency_key: 'k' }), 'invalid_credits');
    assert.equal(await reasonOf({ action: 'create', credits: 1, idempotency_key: 'has space' }), 'invalid_idempotency_key');
    assert.equal(await reasonOf({ action: 'complete' }), 'missing_purchase_id');
    await expectSessionRequired(t, 'POST', '/org-billing');
    assert.equal(expectError(await (await t.user({})).session.createPurchase(1, 'k'), 403).reason, 'organisation_required');
    const member = await t.user({ org: 'billing-v', role: 'member' });
    assert.equal(expectError(await member.session.createPurchase(1, 'k'), 403).reason, 'owner_required');
  });
});
