// org_invitations: an organisation invites an e-mail address (normalised, compared as bytes); the user
// with that address accepts or declines. Pending invitations expire (expires_at, database clock).
import { randomUUID } from 'node:crypto';
import type { Role } from './organisations.ts';
import { execute, selectRows, type Queryable } from './connection.ts';

export type InvitationStatus = 'pending' | 'accepted' | 'declined' | 'cancelled';

export interface InvitationRow {
  id: string;
  org_id: string;
  email: string;
  role: Role;
  invited_by: string | null;
  status: InvitationStatus;
  created_at: Date;
  expires_at: Date;
}

export interface ReceivedInvitationRow extends InvitationRow {
  org_name: string;
  org_slug: string;
}

const LIVE = "status = 'pending' AND expires_at > UTC_TIMESTAMP(3)";

/**
 * Invites the address, or renews the organisation's live invitation of it (new role and expiry, same id).
 * Returns the invitation's id.
 */
export async function upsertInvitation(db: Queryable, orgId: string, email: string, role: Role, invitedBy: string, ttlDays: number): Promise<string> {
  const live = await selectRows<{ id: string }>(db, `SELECT id FROM org_invitations WHERE org_id = ? AND email = ? AND ${LIVE} FOR UPDATE`, [orgId, email]);
  if (live[0]) {
    await execute(db, 'UPDATE org_invitations SET role = ?, invited_by = ?, expires_at = TIMESTAMPADD(DAY, ?, UTC_TIMESTAMP(3)) WHERE id = ?', [role, invitedBy, ttlDays, live[0].id]);
    return live[0].id;
  }
  const id = randomUUID();
  await execute(
    db,
    'INSERT INTO org_invitations (id, org_id, email, role, invited_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, UTC_TIMESTAMP(3), TIMESTAMPADD(DAY, ?, UTC_TIMESTAMP(3)))',
    [id, orgId, email, role, invitedBy, ttlDays],
  );
  return id;
}

/** The organisation's live invitation of an address, locked for the rest of the transaction, or null. */
export async function lockLiveOrgInvitation(db: Queryable, orgId: string, email: string): Promise<InvitationRow | null> {
  const rows = await selectRows<InvitationRow>(db, `SELECT * FROM org_invitations WHERE org_id = ? AND email = ? AND ${LIVE} FOR UPDATE`, [orgId, email]);
  return rows[0] ?? null;
}

export async function countLiveOrgInvitations(db: Queryable, orgId: string): Promise<number> {
  const rows = await selectRows<{ n: number }>(db, `SELECT COUNT(*) AS n FROM org_invitations WHERE org_id = ? AND ${LIVE}`, [orgId]);
  return Number(rows[0]?.n ?? 0);
}

export async function findInvitation(db: Queryable, id: string): Promise<InvitationRow | null> {
  const rows = await selectRows<InvitationRow>(db, 'SELECT * FROM org_invitations WHERE id = ?', [id]);
  return rows[0] ?? null;
}

/** The live invitation with this id addressed to email, locked for the rest of the transaction. */
export async function lockLiveInvitationFor(db: Queryable, id: string, email: string): Promise<InvitationRow | null> {
  const rows = await selectRows<InvitationRow>(db, `SELECT * FROM org_invitations WHERE id = ? AND email = ? AND ${LIVE} FOR UPDATE`, [id, email]);
  return rows[0] ?? null;
}

/** Live invitations of an organisation, newest first. */
export async function listLiveOrgInvitations(db: Queryable, orgId: string): Promise<InvitationRow[]> {
  return selectRows<InvitationRow>(db, `SELECT * FROM org_invitations WHERE org_id = ? AND ${LIVE} ORDER BY created_at DESC, id`, [orgId]);
}

/** Live invitations addressed to an e-mail, with the inviting organisation's name and slug. */
export async function listLiveInvitationsFor(db: Queryable, email: string): Promise<ReceivedInvitationRow[]> {
  return selectRows<ReceivedInvitationRow>(
    db,
    `SELECT i.*, o.name AS org_name, o.slug AS org_slug FROM org_invitations i JOIN organisations o ON o.id = i.org_id
      WHERE i.email = ? AND i.status = 'pending' AND i.expires_at > UTC_TIMESTAMP(3) ORDER BY i.created_at DESC, i.id`,
    [email],
  );
}

/** Moves a pending invitation to its answer; false when it was no longer pending. */
export async function setInvitationStatus(db: Queryable, id: string, status: Exclude<InvitationStatus, 'pending'>, orgId?: string): Promise<boolean> {
  const result = await execute(
    db,
    `UPDATE org_invitations SET status = ?, responded_at = UTC_TIMESTAMP(3) WHERE id = ? AND status = 'pending'${orgId ? ' AND org_id = ?' : ''}`,
    orgId ? [status, id, orgId] : [status, id],
  );
  return result.affectedRows === 1;
}
