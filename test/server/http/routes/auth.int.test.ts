// POST /auth/login, POST /auth/logout and GET /auth/me (server/http/routes/auth.ts) against the real
// service and MariaDB. Throttling and password changes: test/server/http/account-lifecycle.int.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { AuthMe } from '../../../../shared/contract.ts';
import { expectError, expectSessionRequired, startTestService, type TestService } from '../../../helpers/http-harness.ts';

let t: TestService;
before(async () => {
  t = await startTestService('route_auth', { TRIAL_CREDITS: '0' });
});
after(async () => {
  await t.stop();
});

async function tokenOf(email: string, password: string): Promise<string> {
  const login = await t.client.login(email, password);
  assert.ok(login.ok);
  return login.data.token;
}

describe('POST /auth/login', () => {
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
    for (const body of ['{}', '{"email":"a@example.org"}', '{"password":"x"}']) {
      const missing = await fetch(`${t.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      assert.equal(missing.status, 400);
      assert.equal(((await missing.json()) as { reason: string }).reason, 'missing_credentials', body);
    }
  });
});

describe('sessions', () => {
  test('session accepted with and without Bearer prefix; logout revokes it', async () => {
    const u = await t.user({});
    const token = await tokenOf(u.email, u.password);
    const bare = await fetch(`${t.url}/api-keys`, { headers: { authorization: token } });
    assert.equal(bare.status, 200);
    const bearer = await fetch(`${t.url}/api-keys`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(bearer.status, 200);
    const session = t.client.withSession(token);
    const out = await session.logout();
    assert.ok(out.ok);
    assert.deepEqual(out.data, { ok: true, success: true });
    expectError(await session.listKeys(), 401);
    expectError(await session.logout(), 401);
  });

  test('an expired session is 401, like one never issued; logout and me need a session', async () => {
    const u = await t.user({});
    const token = await tokenOf(u.email, u.password);
    await t.service.ctx.pool.query('UPDATE sessions SET expires_at = UTC_TIMESTAMP(3) - INTERVAL 1 SECOND WHERE user_id = ?', [u.userId]);
    assert.equal(expectError(await t.client.withSession(token).listKeys(), 401).error, 'Unauthorized');
    await expectSessionRequired(t, 'POST', '/auth/logout');
    await expectSessionRequired(t, 'GET', '/auth/me');
  });
});

describe('GET /auth/me', () => {
  const me = async (token: string): Promise<AuthMe> => {
    const res = await fetch(`${t.url}/auth/me`, { headers: { authorization: token } });
    assert.equal(res.status, 200);
    return (await res.json()) as AuthMe;
  };

  test('the user without an organisation: org and role null', async () => {
    const u = await t.user({ name: 'Ada Lovelace', credits: 4, plan: 'pro' });
    const body = await me(await tokenOf(u.email, u.password));
    assert.deepEqual({ ...body.user, created_at: 'x' }, { id: u.userId, email: u.email, name: 'Ada Lovelace', is_admin: false, plan: 'pro', credits: 4, created_at: 'x' });
    assert.ok(!Number.isNaN(Date.parse(body.user.created_at)));
    assert.deepEqual([body.org, body.role], [null, null]);
    assert.ok(!JSON.stringify(body).includes('password'), 'no password hash');
  });

  test('a member of an organisation: the organisation account state and the role; an admin is is_admin true', async () => {
    const u = await t.user({ org: 'me-org', role: 'manager' });
    const body = await me(await tokenOf(u.email, u.password));
    assert.equal(body.role, 'manager');
    assert.deepEqual({ ...body.org!, created_at: 'x' }, { id: u.orgId, slug: 'me-org', name: 'me-org', plan: body.org!.plan, credits: 0, members_enabled: false, created_at: 'x' });
    const admin = await t.user({ admin: true });
    assert.equal((await me(await tokenOf(admin.email, admin.password))).user.is_admin, true);
  });
});
