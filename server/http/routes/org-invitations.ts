// GET and POST /org-invitations: the signed-in user's open invitations, and their answer to one.
import { Router } from 'express';
import type { InvitationAnswer } from '../../../shared/contract.ts';
import { requireSession, sessionOf } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { parseRequest } from '../validate.ts';
import { invitationAnswerSchema } from '../../../shared/schemas/org.ts';
import { answerInvitation, invitationsFor } from '../services/invitations.ts';
import { orgView } from '../services/org-account.ts';

function parseAnswer(body: unknown): InvitationAnswer {
  return parseRequest(invitationAnswerSchema, body ?? {}, { reason: 'invalid_action', reasons: { invitation_id: 'missing_invitation_id' } });
}

export function orgInvitationRoutes(ctx: AppContext): Router {
  const router = Router();
  const session = requireSession(ctx);

  router.get('/org-invitations', session, async (req, res) => {
    res.json({ invitations: await invitationsFor(ctx.pool, sessionOf(req).user) });
  });

  router.post('/org-invitations', session, async (req, res) => {
    const joined = await answerInvitation(ctx.pool, sessionOf(req).user, parseAnswer(req.body));
    res.json(joined ? { org: orgView(joined.org), role: joined.role } : { ok: true, success: true });
  });

  return router;
}
