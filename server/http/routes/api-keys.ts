// /api-keys: the signed-in user's individual keys.
import { Router } from 'express';
import { listUserKeys, revokeUserKey } from '../../db/api-keys.ts';
import { requireSession, sessionOf } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { parseRequest } from '../validate.ts';
import { deleteApiKeyQuerySchema } from '../../../shared/schemas/accounts.ts';
import { apiKeyView, createUserKey, parseKeyName } from '../services/api-keys.ts';

export function apiKeyRoutes(ctx: AppContext): Router {
  const router = Router();
  const session = requireSession(ctx);

  router.get('/api-keys', session, async (req, res) => {
    const rows = await listUserKeys(ctx.pool, sessionOf(req).user.id);
    res.json({ keys: rows.map(apiKeyView) });
  });

  router.post('/api-keys', session, async (req, res) => {
    const name = parseKeyName(req.body, false);
    res.status(201).json(await createUserKey(ctx.pool, ctx.config, sessionOf(req).user.id, name));
  });

  router.delete('/api-keys', session, async (req, res) => {
    const { id } = parseRequest(deleteApiKeyQuerySchema, req.query, { reason: 'missing_id' });
    if (!(await revokeUserKey(ctx.pool, sessionOf(req).user.id, id))) throw notFound('API key not found', 'key_not_found');
    res.json({ ok: true, success: true });
  });

  return router;
}
