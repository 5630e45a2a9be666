// The rules of team membership changes (changeRole and removeMember, behind the members routes), one row per
// case: only owners grant, change or remove the owner role; an organisation keeps at least one owner; a member
// of another organisation is not found. The owner count is asked only when the rule needs it; a refused change
// writes nothing. The database is a fake that answers each statement by its SQL and records what ran; the SQL
// under the row lock runs against MariaDB in test/server/http/routes/org-members.int.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Pool } from 'mysql2/promise';
import type { Role } from '../../../../server/db/organisations.ts';
import type { UserRow } from '../../../../server/db/users.ts';
import type { OrgCaller } from '../../../../server/http/auth.ts';
import { changeRole, removeMember } from '../../../../server/http/services/members.ts';
import { refusal } from '../../../helpers/service-context.ts';

interface Row {
  name: string;
  caller: Role;
  target: { org_id: string; role: Role } | null;
  /** The new role; absent for a removal. */
  role?: Role;
  owners: number;
  refused: string | null;
  /** Whether the owners were counted. */
  counted: boolean;
}

const own = (role: Role) => ({ org_id: 'org-1', role });
const rows: Row[] = [
  { name: 'a manager makes a member a manager', caller: 'manager', target: own('member'), role: 'manager', owners: 1, refused: null, counted: false },
  { name: 'a manager may not grant the owner role', caller: 'manager', target: own('member'), role: 'owner', owners: 1, refused: 'owner_required', counted: false },
  { name: 'a manager may not change an owner', caller: 'manager', target: own('owner'), role: 'member', owners: 2, refused: 'owner_required', counted: false },
  { name: 'an owner grants the owner role', caller: 'owner', target: own('manager'), role: 'owner', owners: 1, refused: null, counted: false },
  { name: 'an owner steps down while another owner remains', caller: 'owner', target: own('owner'), role: 'manager', owners: 2, refused: null, counted: true },
  { name: 'the last owner may not step down', caller: 'owner', target: own('owner'), role: 'member', owners: 1, refused: 'last_owner', counted: true },
  { name: 'an owner kept as owner needs no count', caller: 'owner', target: own('owner'), role: 'owner', owners: 1, refused: null, counted: false },
  { name: 'a member of another organisation is not found', caller: 'owner', target: { org_id: 'org-2', role: 'member' }, role: 'manager', owners: 1, refused: 'member_not_found', counted: false },
  { name: 'a user in no organisation is not found', caller: 'owner', target: null, role: 'manager', owners: 1, refused: 'member_not_found', counted: false },
  { name: 'removal: a manager removes a member', caller: 'manager', target: own('member'), owners: 1, refused: null, counted: false },
  { name: 'removal: a manager may not remove an owner', caller: 'manager', target: own('owner'), owners: 3, refused: 'owner_required', counted: false },
  { name: 'removal: an owner removes another owner', caller: 'owner', target: own('owner'), owners: 2, refused: null, counted: true },
  { name: 'removal: the last owner may not be removed', caller: 'owner', target: own('owner'), owners: 1, refused: 'last_owner', counted: true },
  { name: 'removal: a member of another organisation is not found', caller: 'owner', target: { org_id: 'org-2', role: 'member' }, owners: 1, refused: 'member_not_found', counted: false },
];

/** A database holding one organisation (org-1), the target's membership (user-9) and the owner count. */
function orgDatabase(row: Row): { pool: Pool; ran: string[] } {
  const ran: string[] = [];
  const list = [{ user_id: 'user-9', email: 'nine@example.org', name: 'Nine', role: row.role, created_at: new Date('2026-01-02T03:04:05Z') }];
  const statements: Array<[RegExp, string, unknown]> = [
    [/^SELECT \* FROM organisations WHERE id = \? FOR UPDATE/, 'lock', [{ id: 'org-1' }]],
    [/^SELECT \* FROM memberships WHERE user_id = \?/, 'find', row.target ? [{ user_id: 'user-9', ...row.target }] : []],
    [/^SELECT COUNT\(\*\) AS n FROM memberships/, 'count owners', [{ n: row.owners }]],
    [/^UPDATE memberships SET role/, 'set role', { affectedRows: 1 }],
    [/^DELETE FROM memberships/, 'delete', { affectedRows: 1 }],
    [/^UPDATE api_keys SET is_active = 0/, 'revoke keys', { affectedRows: 0 }],
    [/FROM memberships m JOIN users u/, 'list', list],
  ];
  const answer = (sql: string): unknown => {
    const statement = statements.find(([pattern]) => pattern.test(sql));
    if (!statement) throw new Error(`unexpected SQL: ${sql}`);
    ran.push(statement[1]);
    return statement[2];
  };
  const query = async (sql: string) => [answer(sql), []];
  const connection = { query, beginTransaction: async () => {}, commit: async () => {}, rollback: async () => {}, release: () => {} };
  return { pool: { query, getConnection: async () => connection } as unknown as Pool, ran };
}

for (const row of rows) {
  test(row.name, async () => {
    const { pool, ran } = orgDatabase(row);
    const caller: OrgCaller = { sessionId: 'session-1', user: { id: 'user-1' } as UserRow, orgId: 'org-1', role: row.caller };
    const run = () => (row.role ? changeRole(pool, caller, 'user-9', row.role) : removeMember(pool, caller, 'user-9'));
    const checks = row.counted ? ['lock', 'find', 'count owners'] : ['lock', 'find'];
    if (row.refused) {
      const r = await refusal(run);
      assert.equal(r.reason, row.refused);
      assert.equal(r.status, row.refused === 'member_not_found' ? 404 : row.refused === 'last_owner' ? 409 : 403);
      assert.deepEqual(ran, checks, 'refused before any write');
    } else if (row.role) {
      assert.deepEqual(await run(), { user_id: 'user-9', email: 'nine@example.org', name: 'Nine', role: row.role, created_at: '2026-01-02T03:04:05.000Z' });
      assert.deepEqual(ran, [...checks, 'set role', 'list']);
    } else {
      await run();
      assert.deepEqual(ran, [...checks, 'delete', 'revoke keys']);
    }
    assert.equal(ran.includes('count owners'), row.counted, 'owners counted');
  });
}
