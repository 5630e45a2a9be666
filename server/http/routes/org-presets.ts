// /org-presets: shared settings presets of the caller's organisation, a page at a time (?page, ?limit as /org-usage).
import { Router } from 'express';
import { managerOf, orgCallerOf, requireSession } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { parseRequest } from '../validate.ts';
import { orgPresetsQuerySchema } from '../../../shared/schemas/queries.ts';
import { createPreset, orgPresetsPage, parsePresetWrite } from '../services/presets.ts';

export function orgPresetRoutes(ctx: AppContext): Router {
  const router = Router();
  const session = requireSession(ctx);

  router.get('/org-presets', session, async (req, res) => {
    const caller = orgCallerOf(req);
    const { page, limit } = parseRequest(orgPresetsQuerySchema, req.query, { reason: 'invalid_query', reasons: { page: 'invalid_page', limit: 'invalid_limit' } });
    res.json(await orgPresetsPage(ctx.pool, caller.orgId, page, limit));
  });

  router.post('/org-presets', session, async (req, res) => {
    const caller = managerOf(req);
    res.status(201).json({ preset: await createPreset(ctx.pool, ctx.config.maxOrgPresets, caller, parsePresetWrite(req.body)) });
  });

  return router;
}
