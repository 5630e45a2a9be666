// The rules of team membership changes, one row per case: only owners grant, change or remove the owner
// role; an organisation keeps at least one owner; a member of another organisation is not found. The
// owner count is asked only when the rule needs it. The SQL under the row lock runs against MariaDB in
// test/server/http/routes/org-members.int.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Role } from '../../../../server/db/organisations.ts';
import { checkRemoval, checkRoleChange } from '../../../../server/http/services/members.ts';
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

for (const row of rows) {
  test(row.name, async () => {
    let counted = false;
    const owners = async () => {
      counted = true;
      return row.owners;
    };
    const caller = { orgId: 'org-1', role: row.caller };
    const run = () => (row.role ? checkRoleChange(caller, row.target, row.role, owners) : checkRemoval(caller, row.target, owners));
    if (row.refused) {
      const r = await refusal(run);
      assert.equal(r.reason, row.refused);
      assert.equal(r.status, row.refused === 'member_not_found' ? 404 : row.refused === 'last_owner' ? 409 : 403);
    } else {
      await run();
    }
    assert.equal(counted, row.counted, 'owners counted');
  });
}
