// organisations and memberships: an organisation has a plan, credits and a members switch;
import type { OrgRole } from '../../shared/contract.ts';
// each user belongs to at most one organisation with the role owner, manager or member.
import { randomUUID } from 'node:crypto';
import { execute, selectRows, type Queryable } from './connection.ts';
import type { Plan } from './users.ts';

export type Role = OrgRole;
export const ROLES: readonly Role[] = ['owner', 'manager', 'member'];

export interface OrgRow {
  id: string;
  slug: string;
  name: string;
  plan: Plan;
  credits: number;
  members_enabled: number;
  created_at: Date;
}

export interface MembershipRow {
  user_id: string;
  org_id: string;
  role: Role;
  created_at: Date;
}

export interface MemberView {
  user_id: string;
  email: string;
  name: string;
  role: Role;
  created_at: Date;
}

export async function findOrgBySlug(db: Queryable, slug: string): Promise<OrgRow | null> {
  const rows = await selectRows<OrgRow>(db, 'SELECT * FROM organisations WHERE slug = ?', [slug]);
  return rows[0] ?? null;
}

export async function findOrgById(db: Queryable, id: string): Promise<OrgRow | null> {
  const rows = await selectRows<OrgRow>(db, 'SELECT * FROM organisations WHERE id = ?', [id]);
  return rows[0] ?? null;
}

/** Locks the organisation's row for the rest of the transaction. */
export async function lockOrg(db: Queryable, id: string): Promise<OrgRow | null> {
  const rows = await selectRows<OrgRow>(db, 'SELECT * FROM organisations WHERE id = ? FOR UPDATE', [id]);
  return rows[0] ?? null;
}

export async function insertOrg(db: Queryable, slug: string, name: string): Promise<string> {
  const id = randomUUID();
  await execute(db, 'INSERT INTO organisations (id, slug, name) VALUES (?, ?, ?)', [id, slug, name]);
  return id;
}

export interface OrgChanges {
  plan?: Plan;
  credits?: number;
  membersEnabled?: boolean;
}

export async function updateOrg(db: Queryable, id: string, changes: OrgChanges): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [];
  if (changes.plan !== undefined) { sets.push('plan = ?'); params.push(changes.plan); }
  if (changes.credits !== undefined) { sets.push('credits = ?'); params.push(changes.credits); }
  if (changes.membersEnabled !== undefined) { sets.push('members_enabled = ?'); params.push(changes.membersEnabled ? 1 : 0); }
  if (sets.length === 0) return;
  await execute(db, `UPDATE organisations SET ${sets.join(', ')} WHERE id = ?`, [...params, id]);
}

export async function findMembership(db: Queryable, userId: string): Promise<MembershipRow | null> {
  const rows = await selectRows<MembershipRow>(db, 'SELECT * FROM memberships WHERE user_id = ?', [userId]);
  return rows[0] ?? null;
}

/** Adds the user to the organisation, or changes the role when the user is already in it. */
export async function upsertMembership(db: Queryable, userId: string, orgId: string, role: Role): Promise<void> {
  await execute(db, 'INSERT INTO memberships (user_id, org_id, role) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE org_id = VALUES(org_id), role = VALUES(role)', [userId, orgId, role]);
}

/** Adds the user to the organisation; false when the user already belongs to one (memberships key on the user). */
export async function insertMembership(db: Queryable, userId: string, orgId: string, role: Role): Promise<boolean> {
  try {
    await execute(db, 'INSERT INTO memberships (user_id, org_id, role) VALUES (?, ?, ?)', [userId, orgId, role]);
  } catch (err) {
    if ((err as { code?: string }).code === 'ER_DUP_ENTRY') return false;
    throw err;
  }
  return true;
}

export async function setMemberRole(db: Queryable, orgId: string, userId: string, role: Role): Promise<boolean> {
  const result = await execute(db, 'UPDATE memberships SET role = ? WHERE org_id = ? AND user_id = ?', [role, orgId, userId]);
  return result.affectedRows === 1;
}

export async function deleteMembership(db: Queryable, orgId: string, userId: string): Promise<boolean> {
  const result = await execute(db, 'DELETE FROM memberships WHERE org_id = ? AND user_id = ?', [orgId, userId]);
  return result.affectedRows === 1;
}

export async function listMembers(db: Queryable, orgId: string): Promise<MemberView[]> {
  return selectRows<MemberView>(
    db,
    `SELECT m.user_id, u.email, u.name, m.role, m.created_at
       FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.org_id = ? ORDER BY m.created_at, u.email`,
    [orgId],
  );
}

export async function countOwners(db: Queryable, orgId: string): Promise<number> {
  const rows = await selectRows<{ n: number }>(db, "SELECT COUNT(*) AS n FROM memberships WHERE org_id = ? AND role = 'owner'", [orgId]);
  return Number(rows[0]?.n ?? 0);
}
