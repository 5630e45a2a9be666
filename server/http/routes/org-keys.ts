// /org-keys: organisation keys, managed by managers and owners of that organisation only.
import { Router } from 'express';
import { managerOf, requireSession } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { parseRequest } from '../validate.ts';
import { deleteOrgKeyRequestSchema, orgKeysQuerySchema } from '../../../shared/schemas/accounts.ts';
import { createOrgKey, orgKeys, parseKeyName, revokeOrganisationKey } from '../services/api-keys.ts';

export function orgKeyRoutes(ctx: AppContext): Router {
  const router = Router();
  const session = requireSession(ctx);

  router.get('/org-keys', session, async (req, res) => {
    const caller = managerOf(req);
    const { include_inactive: includeInactive } = parseRequest(orgKeysQuerySchema, req.query, { reason: 'invalid_include_inactive' });
    res.json({ keys: await orgKeys(ctx.pool, caller.orgId, includeInactive) });
  });

  router.post('/org-keys', session, async (req, res) => {
    const caller = managerOf(req);
    const name = parseKeyName(req.body, true);
    res.status(201).json(await createOrgKey(ctx.pool, ctx.config, caller.orgId, caller.user.id, name));
  });

  router.delete('/org-keys', session, async (req, res) => {
    const caller = managerOf(req);
    const { key_id: keyId } = parseRequest(deleteOrgKeyRequestSchema, req.body ?? {}, { reason: 'missing_key_id' });
    await revokeOrganisationKey(ctx.pool, caller.orgId, keyId);
    res.json({ ok: true, success: true });
  });

  return router;
}
