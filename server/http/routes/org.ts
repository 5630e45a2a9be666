// GET /org: the caller's organisation account state.
import type { Organisation } from '../../../shared/contract.ts';
import { Router } from 'express';
import { iso } from '../../db/connection.ts';
import { findOrgById, type OrgRow } from '../../db/organisations.ts';
import { orgCallerOf, requireSession } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../errors.ts';

export function orgView(row: OrgRow): Organisation {
  return { id: row.id, slug: row.slug, name: row.name, plan: row.plan, credits: Number(row.credits), members_enabled: row.members_enabled === 1, created_at: iso(row.created_at) };
}

export function orgRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/org', requireSession(ctx), async (req, res) => {
    const caller = orgCallerOf(req);
    const org = await findOrgById(ctx.pool, caller.orgId);
    if (!org) throw notFound('Organisation not found');
    res.json({ org: orgView(org), role: caller.role });
  });
  return router;
}
