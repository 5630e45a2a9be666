// GET /auth/me's answer: the user without the password hash, with flags and credits converted; the organisation
// only when the session has one (no query otherwise); logout revokes exactly the caller's session.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { UserRow } from '../../../../server/db/users.ts';
import { accountOf, logout } from '../../../../server/http/services/account.ts';
import { poolNotUsed, scriptedPool } from '../../../helpers/service-context.ts';

const USER: UserRow = { id: 'user-1', email: 'ada@example.org', name: 'Ada', password_hash: 'scrypt$secret', is_admin: 0, plan: 'free', credits: '7' as unknown as number, trial_granted: 1, api_access: 1, created_at: new Date('2026-03-04T05:06:07Z') };

test('a user in no organisation: org null, role null, and the database is not asked', async () => {
  const me = await accountOf(poolNotUsed(), { sessionId: 's-1', user: USER, orgId: null, role: null });
  assert.deepEqual(me, { user: { id: 'user-1', email: 'ada@example.org', name: 'Ada', is_admin: false, plan: 'free', credits: 7, created_at: '2026-03-04T05:06:07.000Z' }, org: null, role: null });
  assert.ok(!JSON.stringify(me).includes('secret'), 'the password hash never leaves the service');
});

test('a member: the organisation is read and shown with the role', async () => {
  const pool = scriptedPool([[{ id: 'org-1', slug: 'acme', name: 'Acme', plan: 'pro', credits: 3, members_enabled: 1, created_at: new Date('2026-01-01T00:00:00Z') }]]);
  const me = await accountOf(pool, { sessionId: 's-1', user: { ...USER, is_admin: 1 }, orgId: 'org-1', role: 'manager' });
  assert.equal(me.user.is_admin, true);
  assert.equal(me.org?.slug, 'acme');
  assert.equal(me.role, 'manager');
});

test('logout revokes the session it is given', async () => {
  const pool = scriptedPool([{ affectedRows: 1 }]);
  await logout(pool, 'session-42');
  assert.equal(pool.queries.length, 1);
  assert.ok(pool.queries[0]!.params.includes('session-42'), JSON.stringify(pool.queries[0]));
});
