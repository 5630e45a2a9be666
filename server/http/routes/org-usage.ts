// /org-usage: the organisation's processed documents, newest first (managers and owners).
import { Router } from 'express';
import type { OrgUsageList } from '../../../shared/contract.ts';
import { iso } from '../../db/connection.ts';
import { countOrgUsage, listOrgUsage } from '../../db/usage.ts';
import { managerOf, requireSession } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { parseRequest } from '../validate.ts';
import { orgUsageQuerySchema } from '../../../shared/schemas/queries.ts';

export function orgUsageRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/org-usage', requireSession(ctx), async (req, res) => {
    const caller = managerOf(req);
    const { page, limit } = parseRequest(orgUsageQuerySchema, req.query, { reason: 'invalid_query', reasons: { page: 'invalid_page', limit: 'invalid_limit' } });
    const [total, rows] = await Promise.all([countOrgUsage(ctx.pool, caller.orgId), listOrgUsage(ctx.pool, caller.orgId, limit, (page - 1) * limit)]);
    const body: OrgUsageList = {
      usage: rows.map((r) => ({
        id: String(r.id),
        api_key_id: r.api_key_id,
        key_name: r.key_name,
        key_prefix: r.key_prefix,
        user_id: r.user_id,
        route: r.route,
        status: Number(r.status),
        scan_fingerprint: r.scan_fingerprint,
        link_count: Number(r.link_count),
        credits_used: Number(r.credits_used),
        request_id: r.request_id,
        created_at: iso(r.created_at),
      })),
      total,
      page,
      limit,
    };
    res.json(body);
  });
  return router;
}
