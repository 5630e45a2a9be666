// /org-keys (server/http/routes/org-keys.ts): organisation keys, managed by managers and owners of that
// organisation only, against the real service and MariaDB.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expectError, expectSessionRequired, startTestService, type TestService } from '../../../helpers/http-harness.ts';

let t: TestService;
before(async () => {
  t = await startTestService('route_org_keys', { MAX_ORG_KEYS: '2', TRIAL_CREDITS: '0' });
});
after(async () => {
  await t.stop();
});

describe('/org-keys', () => {
  test('owner and manager manage keys; member gets 403; no organisation gets 403', async () => {
    const owner = await t.user({ org: 'keys-one', role: 'owner' });
    const manager = await t.user({ org: 'keys-one', role: 'manager' });
    const member = await t.user({ org: 'keys-one', role: 'member' });
    const loner = await t.user({});

    const created = await owner.session.createOrgKey({ name: 'ci' });
    assert.equal(created.status, 201);
    assert.ok(created.ok);
    assert.match(created.data.key, /^sk_service_live_/);
    assert.deepEqual(Object.keys(created.data).sort(), ['created_at', 'id', 'key', 'key_prefix', 'name']);

    const listed = await manager.session.listOrgKeys();
    assert.ok(listed.ok && listed.data.keys.length === 1 && listed.data.keys[0]!.id === created.data.id);

    for (const call of [member.session.listOrgKeys(), member.session.createOrgKey({ name: 'm' }), member.session.revokeOrgKey(created.data.id)]) {
      const body = expectError(await call, 403);
      assert.equal(body.error, 'Manager or owner role required');
    }
    expectError(await loner.session.listOrgKeys(), 403);
  });

  test('duplicate active name is 409, MAX_ORG_KEYS is 409, bad bodies 400', async () => {
    const owner = await t.user({ org: 'keys-two', role: 'owner' });
    assert.equal((await owner.session.createOrgKey({ name: 'a' })).status, 201);
    assert.equal(expectError(await owner.session.createOrgKey({ name: 'a' }), 409).reason, 'duplicate_name');
    assert.equal((await owner.session.createOrgKey({ name: 'b' })).status, 201);
    const limit = expectError(await owner.session.createOrgKey({ name: 'c' }), 409);
    assert.equal(limit.reason, 'key_limit_reached');
    assert.equal(expectError(await owner.session.createOrgKey({ name: 'y'.repeat(101) }), 400).reason, 'name_too_long');
  });

  test('POST /org-keys without a body is 400; DELETE without key_id is 400', async () => {
    const owner = await t.user({ org: 'keys-three', role: 'owner' });
    const login = await t.client.login(owner.email, owner.password);
    assert.ok(login.ok);
    const post = await fetch(`${t.url}/org-keys`, { method: 'POST', headers: { authorization: login.data.token } });
    assert.equal(post.status, 400);
    assert.equal(((await post.json()) as { reason: string }).reason, 'missing_body');
    const del = await fetch(`${t.url}/org-keys`, { method: 'DELETE', headers: { authorization: login.data.token, 'content-type': 'application/json' }, body: '{}' });
    assert.equal(del.status, 400);
    assert.equal(((await del.json()) as { reason: string }).reason, 'missing_key_id');
  });

  test('revoked keys are listed only with include_inactive=true; another organisation can neither see nor revoke', async () => {
    const ownerA = await t.user({ org: 'tenant-a', role: 'owner' });
    const ownerB = await t.user({ org: 'tenant-b', role: 'owner' });
    const keyA = await ownerA.session.createOrgKey({ name: 'shared-name' });
    const keyB = await ownerB.session.createOrgKey({ name: 'shared-name' });
    assert.ok(keyA.ok && keyB.ok, 'names are unique per organisation only');

    const seenByB = await ownerB.session.listOrgKeys(true);
    assert.ok(seenByB.ok && seenByB.data.keys.every((k) => k.id !== keyA.data.id));
    expectError(await ownerB.session.revokeOrgKey(keyA.data.id), 404);
    const stillA = await ownerA.session.listOrgKeys();
    assert.ok(stillA.ok && stillA.data.keys.some((k) => k.id === keyA.data.id && k.is_active));

    assert.equal((await ownerA.session.revokeOrgKey(keyA.data.id)).status, 200);
    const active = await ownerA.session.listOrgKeys(false);
    assert.ok(active.ok && active.data.keys.length === 0);
    const all = await ownerA.session.listOrgKeys(true);
    assert.ok(all.ok && all.data.keys.length === 1 && all.data.keys[0]!.is_active === false);
    assert.equal(expectError(await ownerA.session.revokeOrgKey(keyA.data.id), 404).reason, 'key_not_found');
    const r = await fetch(`${t.url}/org-keys?include_inactive=maybe`, { headers: { authorization: (await t.client.login(ownerA.email, ownerA.password) as { data: { token: string } }).data.token } });
    assert.equal(r.status, 400);
    assert.equal(((await r.json()) as { reason: string }).reason, 'invalid_include_inactive');
  });

  test('every method needs a session: 401 without one', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) await expectSessionRequired(t, method, '/org-keys');
  });
});
