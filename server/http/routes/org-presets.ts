// /org-presets: shared settings presets of the caller's organisation.
import { Router } from 'express';
import { managerOf, orgCallerOf, requireSession } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { createPreset, orgPresets, parsePresetWrite } from '../services/presets.ts';

export function orgPresetRoutes(ctx: AppContext): Router {
  const router = Router();
  const session = requireSession(ctx);

  router.get('/org-presets', session, async (req, res) => {
    res.json({ presets: await orgPresets(ctx.pool, orgCallerOf(req).orgId) });
  });

  router.post('/org-presets', session, async (req, res) => {
    const caller = managerOf(req);
    res.status(201).json({ preset: await createPreset(ctx.pool, caller, parsePresetWrite(req.body)) });
  });

  return router;
}
