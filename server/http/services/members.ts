// Team membership changes with their rules (members join by invitation, invitations.ts): only owners grant,
// change or remove the owner role; an organisation always keeps at least one owner.
import type { OrgMember } from '../../../shared/contract.ts';
import type { Pool } from 'mysql2/promise';
import { inTransaction, iso } from '../../db/connection.ts';
import { countOwners, deleteMembership, findMembership, findOrgById, listMembers, lockOrg, setMemberRole, type MemberView, type Role } from '../../db/organisations.ts';
import { revokeOrgKeysCreatedBy } from '../../db/api-keys.ts';
import type { OrgCaller } from '../auth.ts';
import { conflict, forbidden, notFound, ownerRequired } from '../errors.ts';

const memberNotFound = () => notFound('Member not found', 'member_not_found');
const lastOwner = () => conflict('An organisation needs at least one owner', 'last_owner');

function memberJson(m: MemberView): OrgMember {
  return { user_id: m.user_id, email: m.email, name: m.name, role: m.role, created_at: iso(m.created_at) };
}

async function memberOf(pool: Pool, orgId: string, userId: string): Promise<OrgMember> {
  const found = (await listMembers(pool, orgId)).find((m) => m.user_id === userId);
  if (!found) throw memberNotFound();
  return memberJson(found);
}

/**
 * The rules of a role change, given the target's membership (null: not a member of any organisation)
 * and a count of the organisation's owners (asked only when it matters). Throws the refusal.
 */
async function checkRoleChange(caller: Pick<OrgCaller, 'orgId' | 'role'>, target: { org_id: string; role: Role } | null, role: Role, owners: () => Promise<number>): Promise<void> {
  if (!target || target.org_id !== caller.orgId) throw memberNotFound();
  if ((role === 'owner' || target.role === 'owner') && caller.role !== 'owner') throw ownerRequired();
  if (target.role === 'owner' && role !== 'owner' && (await owners()) <= 1) throw lastOwner();
}

/** The rules of removing a member, as checkRoleChange. */
async function checkRemoval(caller: Pick<OrgCaller, 'orgId' | 'role'>, target: { org_id: string; role: Role } | null, owners: () => Promise<number>): Promise<void> {
  if (!target || target.org_id !== caller.orgId) throw memberNotFound();
  if (target.role === 'owner' && caller.role !== 'owner') throw ownerRequired();
  if (target.role === 'owner' && (await owners()) <= 1) throw lastOwner();
}

export async function changeRole(pool: Pool, caller: OrgCaller, userId: string, role: Role): Promise<OrgMember> {
  await inTransaction(pool, async (conn) => {
    await lockOrg(conn, caller.orgId);
    await checkRoleChange(caller, await findMembership(conn, userId), role, () => countOwners(conn, caller.orgId));
    await setMemberRole(conn, caller.orgId, userId, role);
  });
  return memberOf(pool, caller.orgId, userId);
}

export async function removeMember(pool: Pool, caller: OrgCaller, userId: string): Promise<void> {
  await inTransaction(pool, async (conn) => {
    await lockOrg(conn, caller.orgId);
    await checkRemoval(caller, await findMembership(conn, userId), () => countOwners(conn, caller.orgId));
    await deleteMembership(conn, caller.orgId, userId);
    // The organisation keys the member created stop working with the membership (docs/service.md).
    await revokeOrgKeysCreatedBy(conn, caller.orgId, userId);
  });
}

/** 403 members_not_enabled unless the caller's organisation has team members switched on. */
export async function requireMembersEnabled(pool: Pool, caller: Pick<OrgCaller, 'orgId'>): Promise<void> {
  const org = await findOrgById(pool, caller.orgId);
  if (!org || org.members_enabled !== 1) throw forbidden('Team members are not enabled for this organisation', 'members_not_enabled');
}

/** The organisation's members as the contract shows them. */
export async function membersOf(pool: Pool, orgId: string): Promise<OrgMember[]> {
  return (await listMembers(pool, orgId)).map(memberJson);
}
