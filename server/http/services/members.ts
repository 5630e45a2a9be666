// Team membership changes with their rules (members join by invitation, invitations.ts): only owners grant,
import type { OrgMember } from '../../../shared/contract.ts';
// change or remove the owner role; an organisation always keeps at least one owner.
import type { Pool } from 'mysql2/promise';
import { inTransaction, iso } from '../../db/connection.ts';
import { countOwners, deleteMembership, findMembership, listMembers, lockOrg, setMemberRole, type MemberView, type Role } from '../../db/organisations.ts';
import type { OrgCaller } from '../auth.ts';
import { conflict, notFound, ownerRequired } from '../errors.ts';

export function memberJson(m: MemberView): OrgMember {
  return { user_id: m.user_id, email: m.email, name: m.name, role: m.role, created_at: iso(m.created_at) };
}

async function memberOf(pool: Pool, orgId: string, userId: string): Promise<OrgMember> {
  const found = (await listMembers(pool, orgId)).find((m) => m.user_id === userId);
  if (!found) throw notFound('Member not found', 'member_not_found');
  return memberJson(found);
}

export async function changeRole(pool: Pool, caller: OrgCaller, userId: string, role: Role): Promise<OrgMember> {
  await inTransaction(pool, async (conn) => {
    await lockOrg(conn, caller.orgId);
    const target = await findMembership(conn, userId);
    if (!target || target.org_id !== caller.orgId) throw notFound('Member not found', 'member_not_found');
    if ((role === 'owner' || target.role === 'owner') && caller.role !== 'owner') throw ownerRequired();
    if (target.role === 'owner' && role !== 'owner' && (await countOwners(conn, caller.orgId)) <= 1) {
      throw conflict('An organisation needs at least one owner', 'last_owner');
    }
    await setMemberRole(conn, caller.orgId, userId, role);
  });
  return memberOf(pool, caller.orgId, userId);
}

export async function removeMember(pool: Pool, caller: OrgCaller, userId: string): Promise<void> {
  await inTransaction(pool, async (conn) => {
    await lockOrg(conn, caller.orgId);
    const target = await findMembership(conn, userId);
    if (!target || target.org_id !== caller.orgId) throw notFound('Member not found', 'member_not_found');
    if (target.role === 'owner' && caller.role !== 'owner') throw ownerRequired();
    if (target.role === 'owner' && (await countOwners(conn, caller.orgId)) <= 1) throw conflict('An organisation needs at least one owner', 'last_owner');
    await deleteMembership(conn, caller.orgId, userId);
  });
}
