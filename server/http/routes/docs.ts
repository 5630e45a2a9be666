// Public POST /docs-events (rate limited per client address) and admin-only GET /admin-docs-insights.
import { Router } from 'express';
import { requireSession, sessionOf } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { forbidden } from '../errors.ts';
import { recordDocsEvent } from '../services/docs-events.ts';
import { docsInsights } from '../services/insights.ts';
import { parseRequest } from '../validate.ts';
import { docsInsightsQuerySchema } from '../../../shared/schemas/queries.ts';

export function docsRoutes(ctx: AppContext): Router {
  const router = Router();

  router.post('/docs-events', async (req, res) => {
    await ctx.rateLimiter.check([{ bucket: ctx.rateLimiter.addressBucket('docs-ip', req.ip), limit: ctx.config.docsEventsRateLimitPerMinute }]);
    await recordDocsEvent(ctx.pool, req.body);
    res.status(202).json({ ok: true, success: true });
  });

  router.get('/admin-docs-insights', requireSession(ctx), async (req, res) => {
    if (sessionOf(req).user.is_admin !== 1) throw forbidden('Admin role required', 'admin_required');
    const { days, limit } = parseRequest(docsInsightsQuerySchema, req.query, { reason: 'invalid_query', reasons: { days: 'invalid_days', limit: 'invalid_limit' } });
    res.json(await docsInsights(ctx.pool, days, limit));
  });

  return router;
}
