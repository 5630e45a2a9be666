// Inviting a member: the role and the address are checked before the database is touched, so a refused
// invitation costs no lock (the open invitation as the contract's OrgInvitation: contract-views.test.ts). Limits, renewals and
// answers run against MariaDB in test/server/http/routes/org-invitations.int.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Role } from '../../../../server/db/organisations.ts';
import type { UserRow } from '../../../../server/db/users.ts';
import type { OrgCaller } from '../../../../server/http/auth.ts';
import { inviteMember } from '../../../../server/http/services/invitations.ts';
import { poolNotUsed, refusal } from '../../../helpers/service-context.ts';

const user: UserRow = {
  id: 'u1', email: 'owner@example.org', name: 'O', password_hash: 'h', is_admin: 0, plan: 'team', credits: 0, trial_granted: 0, api_access: 1, created_at: new Date(0),
};
const caller = (role: Role): OrgCaller => ({ sessionId: 's1', user, orgId: 'org-1', role });

const refused: Array<{ name: string; role: Role; invite: Role; email: string; status: number; reason: string }> = [
  { name: 'a manager may not invite an owner', role: 'manager', invite: 'owner', email: 'new@example.org', status: 403, reason: 'owner_required' },
  { name: 'an address without @', role: 'owner', invite: 'member', email: 'new.example.org', status: 400, reason: 'invalid_email' },
  { name: 'an address with a space', role: 'owner', invite: 'member', email: 'new person@example.org', status: 400, reason: 'invalid_email' },
  { name: 'two @', role: 'manager', invite: 'member', email: 'a@b@example.org', status: 400, reason: 'invalid_email' },
  { name: 'a local part over 64 characters', role: 'owner', invite: 'member', email: `${'x'.repeat(65)}@example.org`, status: 400, reason: 'invalid_email' },
  { name: 'an address over 254 characters', role: 'owner', invite: 'member', email: `a@${'d'.repeat(253)}`, status: 400, reason: 'invalid_email' },
  { name: 'an empty address', role: 'owner', invite: 'member', email: '   ', status: 400, reason: 'invalid_email' },
];

for (const c of refused) {
  test(`inviteMember refuses before any database work: ${c.name}`, async () => {
    const r = await refusal(() => inviteMember(poolNotUsed(), caller(c.role), c.email, c.invite));
    assert.deepEqual([r.status, r.reason], [c.status, c.reason]);
  });
}

