// /api-keys (server/http/routes/api-keys.ts): the signed-in user's individual keys, against the real
// service and MariaDB. Keys in use on the document routes: test/server/http/routes/documents.int.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { updateUser } from '../../../../server/db/users.ts';
import { expectError, expectSessionRequired, startTestService, type TestService } from '../../../helpers/http-harness.ts';

let t: TestService;
before(async () => {
  t = await startTestService('route_api_keys', { MAX_KEYS_PER_USER: '3', TRIAL_CREDITS: '7' });
});
after(async () => {
  await t.stop();
});

describe('/api-keys', () => {
  test('create (201, full key once, trial credits once), list without secret, revoke', async () => {
    const u = await t.user({ credits: 3 });
    const first = await u.session.createKey({ name: 'laptop' });
    assert.equal(first.status, 201);
    assert.ok(first.ok);
    assert.match(first.data.key, /^sk_service_live_[A-Za-z0-9_-]{40,}$/);
    assert.ok(first.data.key.startsWith(first.data.prefix));
    assert.equal(first.data.trial_credits_granted, 7);
    assert.equal(first.data.api_credits, 10);
    const second = await u.session.createKey();
    assert.ok(second.ok);
    assert.equal(second.data.trial_credits_granted, 0);
    assert.equal(second.data.api_credits, 10);

    const list = await u.session.listKeys();
    assert.ok(list.ok);
    assert.equal(list.data.keys.length, 2);
    assert.ok(!JSON.stringify(list.data).includes(first.data.key), 'the full secret is never listed');
    const listed = list.data.keys.find((k) => k.id === first.data.id)!;
    assert.deepEqual(Object.keys(listed).sort(), ['created_at', 'expires_at', 'id', 'is_active', 'key_prefix', 'last_used_at', 'name', 'prefix', 'total_docs_processed']);
    assert.equal(listed.name, 'laptop');
    assert.equal(listed.is_active, true);
    assert.equal(listed.total_docs_processed, 0);
    assert.equal(listed.last_used_at, null);

    assert.equal((await u.session.revokeKey(first.data.id)).status, 200);
    const after = await u.session.listKeys();
    assert.ok(after.ok && after.data.keys.find((k) => k.id === first.data.id)!.is_active === false);
    const revoked = await t.client.withApiKey(first.data.key).scan({ file: new Uint8Array([1]) });
    expectError(revoked, 401);
  });

  test('DELETE without id is 400 missing_id, unknown or foreign id is 404', async () => {
    const a = await t.user({});
    const b = await t.user({});
    const bKey = await b.key();
    assert.equal(expectError(await a.session.revokeKey(''), 400).reason, 'missing_id');
    expectError(await a.session.revokeKey('00000000-0000-0000-0000-000000000000'), 404);
    expectError(await a.session.revokeKey(bKey.id), 404);
    const bList = await b.session.listKeys();
    assert.ok(bList.ok && bList.data.keys[0]!.is_active);
  });

  test('name longer than 100 characters is 400 name_too_long, not a string 400 invalid_name; exactly 100, or none, is fine', async () => {
    const u = await t.user({});
    assert.equal(expectError(await u.session.createKey({ name: 'x'.repeat(101) }), 400).reason, 'name_too_long');
    assert.equal(expectError(await u.session.createKey({ name: 42 as never }), 400).reason, 'invalid_name');
    assert.equal((await u.session.createKey({ name: 'x'.repeat(100) })).status, 201);
    assert.equal((await u.session.createKey({})).status, 201);
  });

  test('MAX_KEYS_PER_USER active keys: the next is 409; revoking frees a slot', async () => {
    const u = await t.user({});
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await u.session.createKey({ name: `k${i}` });
      assert.ok(r.ok);
      ids.push(r.data.id);
    }
    expectError(await u.session.createKey({ name: 'k3' }), 409);
    await u.session.revokeKey(ids[0]!);
    assert.equal((await u.session.createKey({ name: 'k3' })).status, 201);
  });

  test('API access policy refusing the user is 403', async () => {
    const u = await t.user({});
    await updateUser(t.service.ctx.pool, u.userId, { apiAccess: false });
    const r = expectError(await u.session.createKey(), 403);
    assert.equal(r.reason, 'api_access_disabled');
  });

  test('DELETE /api-keys/self: the key revokes itself without a session (an expired one is fine); then it is refused', async () => {
    const u = await t.user({});
    const key = await u.session.createKey({ name: 'Word add-in on Browser' });
    assert.ok(key.ok);
    const other = await u.session.createKey({ name: 'laptop' });
    assert.ok(other.ok);
    const byKey = t.client.withApiKey(key.data.key);
    const r = await byKey.revokeOwnApiKey();
    assert.equal(r.status, 200);
    assert.ok(r.ok && r.data.ok);
    const list = await u.session.listKeys();
    assert.ok(list.ok);
    assert.equal(list.data.keys.find((k) => k.id === key.data.id)!.is_active, false);
    assert.equal(list.data.keys.find((k) => k.id === other.data.id)!.is_active, true, 'only the calling key');
    assert.equal(expectError(await byKey.revokeOwnApiKey(), 401).reason, 'invalid_api_key');
    expectError(await t.client.revokeOwnApiKey(), 401);
    // A session token is not a key.
    const login = await t.client.login(u.email, u.password);
    assert.ok(login.ok);
    expectError(await t.client.withApiKey(login.data.token).revokeOwnApiKey(), 401);
  });

  test('every method needs a session: 401 without one', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) await expectSessionRequired(t, method, '/api-keys?id=x');
  });
});
