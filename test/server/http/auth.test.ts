// Authentication outcomes without a database: API keys on document routes, session tokens on account
// routes, and the organisation role checks. The pool is a fake holding a few rows by table; what the SQL
// itself decides (a session's expiry and revocation) is run against MariaDB by test/server/http/routes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Pool } from 'mysql2/promise';
import type { Request } from 'express';
import type { KeyAuthRow } from '../../../server/db/api-keys.ts';
import type { MembershipRow } from '../../../server/db/organisations.ts';
import type { SessionRow } from '../../../server/db/sessions.ts';
import type { UserRow } from '../../../server/db/users.ts';
import { sha256Hex } from '../../../server/common/hash.ts';
import { keyCallerOf, managerOf, orgCallerOf, requireApiKey, requireSession, sessionOf, type SessionCaller } from '../../../server/http/auth.ts';
import { refusal, serviceContext } from '../../helpers/service-context.ts';

interface Tables {
  keys?: KeyAuthRow[];
  sessions?: SessionRow[];
  users?: UserRow[];
  memberships?: MembershipRow[];
}

/** A pool answering the four lookups authentication makes, from rows held in memory. */
function fakePool(tables: Tables): Pool {
  const query = async (sql: string, params: unknown[]): Promise<[unknown[]]> => {
    const [param] = params;
    if (/FROM api_keys/.test(sql)) return [(tables.keys ?? []).filter((k) => k.key_hash === param)];
    if (/FROM sessions/.test(sql)) return [(tables.sessions ?? []).filter((s) => s.token_hash === param)];
    if (/FROM users/.test(sql)) return [(tables.users ?? []).filter((u) => u.id === param)];
    if (/FROM memberships/.test(sql)) return [(tables.memberships ?? []).filter((m) => m.user_id === param)];
    throw new Error(`unexpected query: ${sql}`);
  };
  return { query } as unknown as Pool;
}

const KEY = 'sk_service_live_0123456789abcdefghijklmnopqrstuvwxyzABCD';
const TOKEN = 'session-token-0123456789abcdefghijklmnopqrstuvwxyz';

function keyRow(overrides: Partial<KeyAuthRow> = {}): KeyAuthRow {
  return {
    id: 'key-1', user_id: 'user-1', org_id: null, name: 'laptop', key_prefix: KEY.slice(0, 24), key_hash: sha256Hex(KEY),
    is_active: 1, last_used_at: null, total_docs_processed: 0, created_at: new Date('2026-01-01T00:00:00Z'), expires_at: null,
    user_plan: 'free', user_api_access: 1, org_plan: null, creator_is_member: 1, ...overrides,
  };
}

function userRow(overrides: Partial<UserRow> = {}): UserRow {
  return {
    id: 'user-1', email: 'ada@example.org', name: 'Ada', password_hash: 'x', is_admin: 0, plan: 'free', credits: 0,
    trial_granted: 0, api_access: 1, created_at: new Date('2026-01-01T00:00:00Z'), ...overrides,
  };
}

const liveSession: SessionRow = { id: 'session-1', user_id: 'user-1', token_hash: sha256Hex(TOKEN), expires_at: new Date(Date.now() + 3_600_000) };

function request(authorization?: string): Request {
  return { headers: authorization === undefined ? {} : { authorization } } as Request;
}

/** Runs a middleware on a request; resolves with the request once next() is called. */
async function passes(middleware: (req: Request, res: never, next: () => void) => Promise<void>, req: Request): Promise<Request> {
  let called = false;
  await middleware(req, undefined as never, () => { called = true; });
  assert.ok(called, 'next() was called');
  return req;
}

describe('requireApiKey', () => {
  const withKeys = (...keys: KeyAuthRow[]) => requireApiKey(serviceContext({ pool: fakePool({ keys }) }));

  test('a missing or empty header is 401 Missing authorization header, before any lookup', async () => {
    const auth = requireApiKey(serviceContext());
    for (const header of [undefined, '', 'Bearer', 'Bearer    ']) {
      assert.deepEqual(await refusal(() => auth(request(header), undefined as never, () => undefined)), { status: 401, reason: 'missing_authorization', error: 'Missing authorization header' });
    }
  });

  test('an unknown, revoked or expired key is 401 naming which; a user whose API access is off is 403', async () => {
    const call = (auth: ReturnType<typeof withKeys>, header = `Bearer ${KEY}`) => refusal(() => auth(request(header), undefined as never, () => undefined));
    assert.deepEqual(await call(withKeys(keyRow({ key_hash: sha256Hex('another key') }))), { status: 401, reason: 'invalid_api_key', error: 'Invalid API key' });
    assert.deepEqual(await call(withKeys(keyRow({ is_active: 0 }))), { status: 401, reason: 'invalid_api_key', error: 'Invalid API key' });
    assert.deepEqual(await call(withKeys(keyRow({ expires_at: new Date(Date.now() - 1000) }))), { status: 401, reason: 'api_key_expired', error: 'API key expired' });
    assert.deepEqual(await call(withKeys(keyRow({ user_api_access: 0 }))), { status: 403, reason: 'api_access_disabled', error: 'API access is not enabled for this account' });
  });

  test('a live individual key, with or without Bearer, makes the user the caller on the user plan and account', async () => {
    const auth = withKeys(keyRow({ user_plan: 'pro', expires_at: new Date(Date.now() + 60_000) }));
    for (const header of [`Bearer ${KEY}`, `  ${KEY} `, `bearer ${KEY}`]) {
      const req = await passes(auth, request(header));
      assert.deepEqual(keyCallerOf(req), {
        keyId: 'key-1', keyPrefix: KEY.slice(0, 24), userId: 'user-1', orgId: null, plan: 'pro',
        account: { kind: 'user', id: 'user-1' }, tokenSubject: 'user:user-1',
      });
    }
  });

  test('an organisation key bills the organisation on its plan, and keeps working when its creator loses API access', async () => {
    const auth = withKeys(keyRow({ org_id: 'org-1', org_plan: 'team', user_plan: 'free', user_api_access: 0 }));
    const caller = keyCallerOf(await passes(auth, request(`Bearer ${KEY}`)));
    assert.deepEqual([caller.plan, caller.account, caller.tokenSubject, caller.orgId], ['team', { kind: 'org', id: 'org-1' }, 'org:org-1', 'org-1']);
  });

  test('an organisation key whose creator no longer belongs to the organisation is 401 api_key_revoked', async () => {
    const auth = withKeys(keyRow({ org_id: 'org-1', org_plan: 'team', creator_is_member: 0 }));
    assert.deepEqual(await refusal(() => auth(request(`Bearer ${KEY}`), undefined as never, () => undefined)), { status: 401, reason: 'api_key_revoked', error: 'API key revoked' });
  });
});

describe('requireSession', () => {
  const tables: Tables = { sessions: [liveSession], users: [userRow()], memberships: [] };

  test('a missing header is 401 Missing authorization header; a token with no live session is 401 Unauthorized', async () => {
    const auth = requireSession(serviceContext({ pool: fakePool(tables) }));
    const call = (header?: string) => refusal(() => auth(request(header), undefined as never, () => undefined));
    assert.deepEqual(await call(undefined), { status: 401, reason: 'missing_authorization', error: 'Missing authorization header' });
    assert.deepEqual(await call('Bearer '), { status: 401, reason: 'missing_authorization', error: 'Missing authorization header' });
    assert.deepEqual(await call('not-a-session'), { status: 401, reason: undefined, error: 'Unauthorized' });
    assert.deepEqual(await call(KEY), { status: 401, reason: undefined, error: 'Unauthorized' }, 'an API key is not a session');
  });

  test('a session whose user is gone is 401', async () => {
    const auth = requireSession(serviceContext({ pool: fakePool({ ...tables, users: [] }) }));
    assert.equal((await refusal(() => auth(request(TOKEN), undefined as never, () => undefined))).status, 401);
  });

  test('a live session makes its user the caller, with the organisation and role of the membership when there is one', async () => {
    const alone = sessionOf(await passes(requireSession(serviceContext({ pool: fakePool(tables) })), request(`Bearer ${TOKEN}`)));
    assert.deepEqual([alone.sessionId, alone.user.email, alone.orgId, alone.role], ['session-1', 'ada@example.org', null, null]);
    const membership: MembershipRow = { user_id: 'user-1', org_id: 'org-1', role: 'manager', created_at: new Date() };
    const member = sessionOf(await passes(requireSession(serviceContext({ pool: fakePool({ ...tables, memberships: [membership] }) })), request(TOKEN)));
    assert.deepEqual([member.orgId, member.role], ['org-1', 'manager']);
  });
});

describe('callers of a request', () => {
  const withSession = (orgId: string | null, role: SessionCaller['role']): Request =>
    ({ headers: {}, sessionCaller: { sessionId: 's', user: userRow(), orgId, role } }) as unknown as Request;

  test('a request no authentication middleware passed has no caller: 401', async () => {
    assert.equal((await refusal(() => keyCallerOf(request()))).status, 401);
    assert.equal((await refusal(() => sessionOf(request()))).status, 401);
  });

  test('organisation routes: no organisation is 403 organisation_required; a member where a manager is needed is 403 manager_or_owner_required', async () => {
    assert.deepEqual(await refusal(() => orgCallerOf(withSession(null, null))), { status: 403, reason: 'organisation_required', error: 'Organisation membership required' });
    assert.equal(orgCallerOf(withSession('org-1', 'member')).orgId, 'org-1');
    assert.deepEqual(await refusal(() => managerOf(withSession('org-1', 'member'))), { status: 403, reason: 'manager_or_owner_required', error: 'Manager or owner role required' });
    assert.equal((await refusal(() => managerOf(withSession(null, null)))).reason, 'organisation_required');
    for (const role of ['manager', 'owner'] as const) assert.equal(managerOf(withSession('org-1', role)).role, role);
  });
});
