// /api-keys: the signed-in user's individual keys.
import { Router } from 'express';
import { listUserKeys, revokeUserKey } from '../../db/api-keys.ts';
import { requireSession, sessionOf } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
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
    const id = req.query.id;
    if (typeof id !== 'string' || id.trim() === '') throw badRequest('Query parameter id is required', 'missing_id');
    if (!(await revokeUserKey(ctx.pool, sessionOf(req).user.id, id.trim()))) throw notFound('API key not found', 'key_not_found');
    res.json({ ok: true, success: true });
  });

  return router;
}
