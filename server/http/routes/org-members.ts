// GET and POST /org-members: team membership, when the organisation has members enabled. Members join
// by invitation (POST add/invite → 202, the same answer for every address; the user accepts at /org-invitations).
import { Router, type Request } from 'express';
import type { Pool } from 'mysql2/promise';
import { findOrgById, listMembers, ROLES, type Role } from '../../db/organisations.ts';
import { managerOf, orgCallerOf, requireSession, type OrgCaller } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { badRequest, forbidden } from '../errors.ts';
import { changeRole, memberJson, removeMember } from '../services/members.ts';
import { cancelInvitation, inviteMember, openOrgInvitations } from '../services/invitations.ts';

async function requireMembersEnabled(pool: Pool, caller: OrgCaller): Promise<void> {
  const org = await findOrgById(pool, caller.orgId);
  if (!org || org.members_enabled !== 1) throw forbidden('Team members are not enabled for this organisation', 'members_not_enabled');
}

function roleFrom(value: unknown, fallback: Role | null): Role {
  if (value === undefined && fallback) return fallback;
  if (typeof value !== 'string' || !ROLES.includes(value as Role)) throw badRequest(`role must be one of ${ROLES.join(', ')}`, 'invalid_role');
  return value as Role;
}

function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value.trim() === '') throw badRequest(`${name} is required`, `missing_${name}`);
  return value.trim();
}

export function orgMemberRoutes(ctx: AppContext): Router {
  const router = Router();
  const session = requireSession(ctx);

  router.get('/org-members', session, async (req, res) => {
    const caller = orgCallerOf(req);
    await requireMembersEnabled(ctx.pool, caller);
    const members = (await listMembers(ctx.pool, caller.orgId)).map(memberJson);
    const manages = caller.role === 'owner' || caller.role === 'manager';
    res.json(manages ? { members, invitations: await openOrgInvitations(ctx.pool, caller.orgId) } : { members });
  });

  router.post('/org-members', session, async (req: Request, res) => {
    const caller = managerOf(req);
    await requireMembersEnabled(ctx.pool, caller);
    const body = (req.body ?? {}) as Record<string, unknown>;
    switch (body.action) {
      case 'add':
      case 'invite':
        res.status(202).json({ invitation: await inviteMember(ctx.pool, caller, stringField(body, 'email'), roleFrom(body.role, 'member')) });
        return;
      case 'cancel_invitation':
        await cancelInvitation(ctx.pool, caller, stringField(body, 'invitation_id'));
        res.json({ ok: true, success: true });
        return;
      case 'set_role':
        res.json({ member: await changeRole(ctx.pool, caller, stringField(body, 'user_id'), roleFrom(body.role, null)) });
        return;
      case 'remove':
        await removeMember(ctx.pool, caller, stringField(body, 'user_id'));
        res.json({ ok: true, success: true });
        return;
      default:
        throw badRequest("action must be 'add' (or 'invite'), 'cancel_invitation', 'set_role' or 'remove'", 'invalid_action');
    }
  });

  return router;
}
