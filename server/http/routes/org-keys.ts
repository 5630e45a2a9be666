// /org-keys: organisation keys, managed by managers and owners of that organisation only.
import { Router } from 'express';
import { listOrgKeys, revokeOrgKey } from '../../db/api-keys.ts';
import { managerOf, requireSession } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { parseRequest } from '../validate.ts';
import { deleteOrgKeyRequestSchema, orgKeysQuerySchema } from '../../../shared/schemas/accounts.ts';
import { apiKeyView, createOrgKey, parseKeyName } from '../services/api-keys.ts';

export function orgKeyRoutes(ctx: AppContext): Router {
  const router = Router();
  const session = requireSession(ctx);

  router.get('/org-keys', session, async (req, res) => {
    const caller = managerOf(req);
    const { include_inactive: includeInactive } = parseRequest(orgKeysQuerySchema, req.query, { reason: 'invalid_include_inactive' });
    const rows = await listOrgKeys(ctx.pool, caller.orgId, includeInactive);
    res.json({ keys: rows.map(apiKeyView) });
  });

  router.post('/org-keys', session, async (req, res) => {
    const caller = managerOf(req);
    const name = parseKeyName(req.body, true);
    res.status(201).json(await createOrgKey(ctx.pool, ctx.config, caller.orgId, caller.user.id, name));
  });

  router.delete('/org-keys', session, async (req, res) => {
    const caller = managerOf(req);
    const { key_id: keyId } = parseRequest(deleteOrgKeyRequestSchema, req.body ?? {}, { reason: 'missing_key_id' });
    if (!(await revokeOrgKey(ctx.pool, caller.orgId, keyId))) throw notFound('API key not found', 'key_not_found');
    res.json({ ok: true, success: true });
  });

  return router;
}
