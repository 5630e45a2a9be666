// GET and POST /org-members: team membership, when the organisation has members enabled. Members join
// by invitation (POST add/invite → 202, the same answer for every address; the user accepts at /org-invitations).
import { Router, type Request } from 'express';
import { managerOf, orgCallerOf, requireSession } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { parseRequest } from '../validate.ts';
import { memberActionSchema } from '../../../shared/schemas/org.ts';
import { changeRole, membersOf, removeMember, requireMembersEnabled } from '../services/members.ts';
import { cancelInvitation, inviteMember, openOrgInvitations } from '../services/invitations.ts';

export function orgMemberRoutes(ctx: AppContext): Router {
  const router = Router();
  const session = requireSession(ctx);

  router.get('/org-members', session, async (req, res) => {
    const caller = orgCallerOf(req);
    await requireMembersEnabled(ctx.pool, caller);
    const members = await membersOf(ctx.pool, caller.orgId);
    const manages = caller.role === 'owner' || caller.role === 'manager';
    res.json(manages ? { members, invitations: await openOrgInvitations(ctx.pool, caller.orgId) } : { members });
  });

  router.post('/org-members', session, async (req: Request, res) => {
    const caller = managerOf(req);
    await requireMembersEnabled(ctx.pool, caller);
    const body = parseRequest(memberActionSchema, req.body ?? {}, {
      reason: 'invalid_action',
      reasons: { role: 'invalid_role', email: 'missing_email', invitation_id: 'missing_invitation_id', user_id: 'missing_user_id' },
    });
    switch (body.action) {
      case 'add':
      case 'invite':
        res.status(202).json({ invitation: await inviteMember(ctx.pool, caller, body.email, body.role ?? 'member') });
        return;
      case 'cancel_invitation':
        await cancelInvitation(ctx.pool, caller, body.invitation_id);
        res.json({ ok: true, success: true });
        return;
      case 'set_role':
        res.json({ member: await changeRole(ctx.pool, caller, body.user_id, body.role) });
        return;
      case 'remove':
        await removeMember(ctx.pool, caller, body.user_id);
        res.json({ ok: true, success: true });
        return;
    }
  });

  return router;
}
