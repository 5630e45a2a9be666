// Joining an organisation takes the user's consent: managers invite an e-mail address, the user with
// that address accepts or declines. Inviting looks up no account at all, so its answer (and its timing)
// is the same whether the address is unknown, has an account, or belongs to another organisation.
import type { InvitationAnswer, OrgInvitation, ReceivedInvitation } from '../../../shared/contract.ts';
import type { Pool } from 'mysql2/promise';
import { inTransaction, iso } from '../../db/connection.ts';
import {
  countLiveOrgInvitations,
  listLiveInvitationsFor,
  listLiveOrgInvitations,
  lockLiveInvitationFor,
  lockLiveOrgInvitation,
  findInvitation,
  setInvitationStatus,
  upsertInvitation,
  type ReceivedInvitationRow,
} from '../../db/invitations.ts';
import { insertMembership, lockOrg, type OrgRow, type Role } from '../../db/organisations.ts';
import { normaliseEmail, type UserRow } from '../../db/users.ts';
import type { OrgCaller } from '../auth.ts';
import { badRequest, conflict, forbidden, notFound, ownerRequired } from '../errors.ts';
import { invitationView } from './contract-views.ts';

/** Days an invitation stays open. */
const INVITATION_TTL_DAYS = 14;
/** Open invitations an organisation may have at once. */
const MAX_OPEN_INVITATIONS = 100;

const EMAIL_SHAPE = /^[^\s@]{1,64}@[^\s@]{1,253}$/;

function receivedView(row: ReceivedInvitationRow): ReceivedInvitation {
  return { id: row.id, org: { name: row.org_name, slug: row.org_slug }, role: row.role, created_at: iso(row.created_at), expires_at: iso(row.expires_at) };
}

/**
 * Invites the address into the caller's organisation (or renews the open invitation of it). Renewing
 * may change the invitation's role only when the caller may grant both roles: a manager cannot turn an
 * owner's invitation into a member's (nor the reverse, which inviting as owner already refuses).
 */
export async function inviteMember(pool: Pool, caller: OrgCaller, rawEmail: string, role: Role): Promise<OrgInvitation> {
  if (role === 'owner' && caller.role !== 'owner') throw ownerRequired();
  const email = normaliseEmail(rawEmail);
  if (email.length > 254 || !EMAIL_SHAPE.test(email)) throw badRequest('email must be an e-mail address', 'invalid_email');
  const id = await inTransaction(pool, async (conn) => {
    await lockOrg(conn, caller.orgId);
    const live = await lockLiveOrgInvitation(conn, caller.orgId, email);
    if (live && live.role === 'owner' && caller.role !== 'owner') throw ownerRequired();
    if ((await countLiveOrgInvitations(conn, caller.orgId)) >= MAX_OPEN_INVITATIONS) {
      throw conflict(`At most ${MAX_OPEN_INVITATIONS} invitations may be open at once; cancel some first`, 'invitation_limit_reached');
    }
    return upsertInvitation(conn, caller.orgId, email, role, caller.user.id, INVITATION_TTL_DAYS);
  });
  const row = await findInvitation(pool, id);
  if (!row) throw new Error('invitation vanished after insert');
  return invitationView(row);
}

export async function cancelInvitation(pool: Pool, caller: OrgCaller, invitationId: string): Promise<void> {
  const row = await findInvitation(pool, invitationId);
  if (!row || row.org_id !== caller.orgId || row.status !== 'pending') throw notFound('Invitation not found', 'invitation_not_found');
  if (row.role === 'owner' && caller.role !== 'owner') throw ownerRequired();
  if (!(await setInvitationStatus(pool, invitationId, 'cancelled', caller.orgId))) throw notFound('Invitation not found', 'invitation_not_found');
}

export async function openOrgInvitations(pool: Pool, orgId: string): Promise<OrgInvitation[]> {
  return (await listLiveOrgInvitations(pool, orgId)).map(invitationView);
}

export async function invitationsFor(pool: Pool, user: UserRow): Promise<ReceivedInvitation[]> {
  return (await listLiveInvitationsFor(pool, normaliseEmail(user.email))).map(receivedView);
}

/** The user's answer to an invitation addressed to them: accept joins the organisation with the invited role. */
export async function answerInvitation(pool: Pool, user: UserRow, answer: InvitationAnswer): Promise<{ org: OrgRow; role: Role } | null> {
  return inTransaction(pool, async (conn) => {
    const invitation = await lockLiveInvitationFor(conn, answer.invitation_id, normaliseEmail(user.email));
    if (!invitation) throw notFound('Invitation not found', 'invitation_not_found');
    if (answer.action === 'decline') {
      await setInvitationStatus(conn, invitation.id, 'declined');
      return null;
    }
    const org = await lockOrg(conn, invitation.org_id);
    if (!org) throw notFound('Invitation not found', 'invitation_not_found');
    if (org.members_enabled !== 1) throw forbidden('Team members are not enabled for this organisation', 'members_not_enabled');
    if (!(await insertMembership(conn, user.id, org.id, invitation.role))) {
      throw conflict('You already belong to an organisation; leave it before joining another', 'already_in_organisation');
    }
    await setInvitationStatus(conn, invitation.id, 'accepted');
    return { org, role: invitation.role };
  });
}
