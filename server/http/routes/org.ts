// GET /org: the caller's organisation account state.
import { Router } from 'express';
import { orgCallerOf, requireSession } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { requireOrganisation } from '../services/org-account.ts';

export function orgRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/org', requireSession(ctx), async (req, res) => {
    const caller = orgCallerOf(req);
    res.json({ org: await requireOrganisation(ctx.pool, caller.orgId), role: caller.role });
  });
  return router;
}
