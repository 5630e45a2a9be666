// Sizes and depths are validated at the edge: what used to reach MariaDB or the engine and come back as
// a 500 (issue 11, item 10) is now a 400 naming the problem. The harness fails the file on any 500.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { corpusDoc, expectError, startTestService, type TestService } from '../../helpers/http-harness.ts';

let t: TestService;
before(async () => {
  t = await startTestService('edge', { TRIAL_CREDITS: '0', BILLING_SELF_COMPLETE: 'true' });
});
after(async () => {
  await t.stop();
});

/** The JSON text {"x":{"x":…{}…}} nested depth levels deep (built as text: JSON.stringify itself overflows). */
function nested(depth: number): string {
  return `${'{"x":'.repeat(depth)}{}${'}'.repeat(depth)}`;
}

async function postPreset(token: string, bodyText: string): Promise<Response> {
  return fetch(`${t.url}/org-presets`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: bodyText });
}

describe('settings size and depth', () => {
  test('a preset whose settings exceed the stored size is 400 settings_too_large', async () => {
    const manager = await t.user({ org: 'edge-a', role: 'manager' });
    const res = await manager.session.createPreset({ name: 'huge', settings: { note: 'x'.repeat(70_000) } as never });
    const body = expectError(res, 400);
    assert.equal(body.reason, 'settings_too_large');
  });

  test('a preset with settings nested thousands deep is 400 settings_too_deep', async () => {
    const manager = await t.user({ org: 'edge-b', role: 'manager' });
    const login = await t.client.login(manager.email, manager.password);
    assert.ok(login.ok);
    const deep = await postPreset(login.data.token, `{"name":"deep","settings":{"extra":${nested(5000)}}}`);
    assert.equal(deep.status, 400);
    assert.equal(((await deep.json()) as { reason: string }).reason, 'body_too_deep');
    const settingsDeep = await postPreset(login.data.token, `{"name":"deep","settings":{"extra":${nested(10)}}}`);
    assert.equal(settingsDeep.status, 400);
    assert.equal(((await settingsDeep.json()) as { reason: string }).reason, 'settings_too_deep');
    const ok = await postPreset(login.data.token, `{"name":"shallow","settings":{"extra":${nested(3)}}}`);
    assert.equal(ok.status, 201);
  });

  test('a settings form field nested thousands deep or over the size bound is 400, before the engine', async () => {
    const u = await t.user({ credits: 5 });
    const { client } = await u.key();
    const deep = expectError(await client.scan({ file: corpusDoc(), settingsText: `{"extra":${nested(5000)}}` }), 400);
    assert.equal(deep.reason, 'settings_too_deep');
    const arrays = expectError(await client.direct({ file: corpusDoc(), settingsText: `{"extra":${'['.repeat(6000)}${']'.repeat(6000)}}` }), 400);
    assert.equal(arrays.reason, 'settings_too_deep');
    const big = expectError(await client.scan({ file: corpusDoc(), settingsText: JSON.stringify({ note: 'y'.repeat(70_000) }) }), 400);
    assert.equal(big.reason, 'settings_too_large');
  });
});

describe('purchases and the credit column', () => {
  test('a purchase that would overflow the balance is 400 at create and 409 at complete, and adds nothing', async () => {
    const owner = await t.user({ org: 'edge-rich', role: 'owner' });
    await t.service.ctx.pool.query('UPDATE organisations SET credits = ? WHERE id = ?', [2_147_000_000, owner.orgId]);
    const refused = expectError(await owner.session.createPurchase(1_000_000, 'too-many'), 400);
    assert.equal(refused.reason, 'credit_balance_overflow');

    const small = await owner.session.createPurchase(400_000, 'fits-now');
    assert.ok(small.ok);
    const tiny = await owner.session.createPurchase(3, 'tiny');
    assert.ok(tiny.ok);
    const selfCompleted = await owner.session.completePurchase(tiny.data.purchase.id);
    assert.ok(selfCompleted.ok && selfCompleted.data.credits === 2_147_000_003, 'BILLING_SELF_COMPLETE=true lets the owner complete');
    await t.service.ctx.pool.query('UPDATE organisations SET credits = ? WHERE id = ?', [2_147_400_000, owner.orgId]);
    const late = expectError(await owner.session.completePurchase(small.data.purchase.id), 409);
    assert.equal(late.reason, 'credit_balance_overflow');
    const [rows] = await t.service.ctx.pool.query('SELECT credits FROM organisations WHERE id = ?', [owner.orgId]);
    assert.equal(Number((rows as { credits: number }[])[0]!.credits), 2_147_400_000);
  });
});
