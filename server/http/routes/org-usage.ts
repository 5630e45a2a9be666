// /org-usage: the organisation's processed documents, newest first (managers and owners).
import { Router } from 'express';
import { managerOf, requireSession } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { parseRequest } from '../validate.ts';
import { orgUsageQuerySchema } from '../../../shared/schemas/queries.ts';
import { orgUsagePage } from '../services/usage.ts';

export function orgUsageRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/org-usage', requireSession(ctx), async (req, res) => {
    const caller = managerOf(req);
    const { page, limit } = parseRequest(orgUsageQuerySchema, req.query, { reason: 'invalid_query', reasons: { page: 'invalid_page', limit: 'invalid_limit' } });
    res.json(await orgUsagePage(ctx.pool, caller.orgId, page, limit));
  });
  return router;
}
