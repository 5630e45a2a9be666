// Sessions, individual keys and organisation keys over HTTP against the real service and MariaDB.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { updateUser } from '../../../server/db/users.ts';
import { expectError, startTestService, type TestService } from '../../helpers/http-harness.ts';

let t: TestService;
before(async () => {
  t = await startTestService('accounts', { MAX_KEYS_PER_USER: '3', MAX_ORG_KEYS: '2', TRIAL_CREDITS: '7' });
});
after(async () => {
  await t.stop();
});

describe('POST /auth/login and /auth/logout', () => {
  test('login returns a token and expiry; wrong password and unknown email are 401; missing fields 400', async () => {
    const u = await t.user({});
    const ok = await t.client.login(u.email, u.password);
    assert.equal(ok.status, 200);
    assert.ok(ok.ok && ok.data.token.length >= 40 && !Number.isNaN(Date.parse(ok.data.expires_at)));
    expectError(await t.client.login(u.email, 'wrong-password'), 401);
    expectError(await t.client.login('nobody@example.org', 'whatever1'), 401);
    const res = await fetch(`${t.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as { error: string }).error, 'Invalid JSON body');
    const missing = await fetch(`${t.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal(missing.status, 400);
  });

  test('session accepted with and without Bearer prefix; logout revokes it', async () => {
    const u = await t.user({});
    const login = await t.client.login(u.email, u.password);
    assert.ok(login.ok);
    const bare = await fetch(`${t.url}/api-keys`, { headers: { authorization: login.data.token } });
    assert.equal(bare.status, 200);
    const bearer = await fetch(`${t.url}/api-keys`, { headers: { authorization: `Bearer ${login.data.token}` } });
    assert.equal(bearer.status, 200);
    const session = t.client.withSession(login.data.token);
    assert.equal((await session.logout()).status, 200);
    expectError(await session.listKeys(), 401);
  });

  test('missing authorization header is 401 with the contract error', async () => {
    const body = expectError(await t.client.listKeys(), 401);
    assert.equal(body.error, 'Missing authorization header');
    const bad = expectError(await t.client.withSession('not-a-session').listKeys(), 401);
    assert.equal(bad.error, 'Unauthorized');
  });
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

  test('DELETE without id is 400, unknown or foreign id is 404', async () => {
    const a = await t.user({});
    const b = await t.user({});
    const bKey = await b.key();
    expectError(await a.session.revokeKey(''), 400);
    expectError(await a.session.revokeKey('00000000-0000-0000-0000-000000000000'), 404);
    expectError(await a.session.revokeKey(bKey.id), 404);
    const bList = await b.session.listKeys();
    assert.ok(bList.ok && bList.data.keys[0]!.is_active);
  });

  test('name longer than 100 characters is 400; exactly 100 is fine', async () => {
    const u = await t.user({});
    expectError(await u.session.createKey({ name: 'x'.repeat(101) }), 400);
    assert.equal((await u.session.createKey({ name: 'x'.repeat(100) })).status, 201);
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
    expectError(await t.client.listOrgKeys(), 401);
  });

  test('duplicate active name is 409, MAX_ORG_KEYS is 409, bad bodies 400', async () => {
    const owner = await t.user({ org: 'keys-two', role: 'owner' });
    assert.equal((await owner.session.createOrgKey({ name: 'a' })).status, 201);
    expectError(await owner.session.createOrgKey({ name: 'a' }), 409);
    assert.equal((await owner.session.createOrgKey({ name: 'b' })).status, 201);
    const limit = expectError(await owner.session.createOrgKey({ name: 'c' }), 409);
    assert.equal(limit.reason, 'key_limit_reached');
    expectError(await owner.session.createOrgKey({ name: 'y'.repeat(101) }), 400);
  });

  test('POST /org-keys without a body is 400; DELETE without key_id is 400', async () => {
    const owner = await t.user({ org: 'keys-three', role: 'owner' });
    const login = await t.client.login(owner.email, owner.password);
    assert.ok(login.ok);
    const post = await fetch(`${t.url}/org-keys`, { method: 'POST', headers: { authorization: login.data.token } });
    assert.equal(post.status, 400);
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
    expectError(await ownerA.session.revokeOrgKey(keyA.data.id), 404);
    const r = await fetch(`${t.url}/org-keys?include_inactive=maybe`, { headers: { authorization: (await t.client.login(ownerA.email, ownerA.password) as { data: { token: string } }).data.token } });
    assert.equal(r.status, 400);
  });
});

describe('service-wide behaviour', () => {
  test('unknown route is a JSON 404 with X-Request-Id; incoming X-Request-Id is echoed', async () => {
    const res = await fetch(`${t.url}/api/hyperlink-scan`, { headers: { 'x-request-id': 'abc-123' } });
    assert.equal(res.status, 404);
    assert.equal(res.headers.get('x-request-id'), 'abc-123');
    assert.deepEqual(await res.json(), { error: 'Not found', reason: 'route_not_found', requestId: 'abc-123' });
  });

  test('GET /openapi.json serves an OpenAPI 3.1 document', async () => {
    const r = await t.client.openapi();
    assert.ok(r.ok);
    assert.equal(r.data.openapi, '3.1.0');
    const paths = Object.keys(r.data.paths as object);
    for (const p of ['/hyperlink-scan', '/hyperlink-crossref', '/hyperlink-apply', '/hyperlink', '/api-keys', '/org-keys', '/org-presets', '/org-usage', '/admin-docs-insights', '/org', '/org-billing', '/org-members', '/docs-events', '/auth/login']) {
      assert.ok(paths.includes(p), `openapi lists ${p}`);
    }
    const schemas = (r.data.components as { schemas: Record<string, { properties: Record<string, { enum?: string[] }> }> }).schemas;
    assert.deepEqual(schemas.HyperlinkSettings!.properties.citeStyle!.enum, ['auto', 'number', 'author-year', 'superscript', 'off']);
    assert.equal((schemas.DocsInsightsResponse as unknown as { additionalProperties: boolean }).additionalProperties, false);
  });
});
