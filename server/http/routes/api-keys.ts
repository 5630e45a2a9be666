// /api-keys: the signed-in user's individual keys; /api-keys/self: a key revoking itself (API key auth).
import { Router } from 'express';
import { keyCallerOf, requireApiKey, requireSession, sessionOf } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { parseRequest } from '../validate.ts';
import { deleteApiKeyQuerySchema } from '../../../shared/schemas/accounts.ts';
import { createUserKey, parseKeyName, revokeCallingKey, revokeOwnKey, userKeys } from '../services/api-keys.ts';

export function apiKeyRoutes(ctx: AppContext): Router {
  const router = Router();
  const session = requireSession(ctx);

  router.get('/api-keys', session, async (req, res) => {
    res.json({ keys: await userKeys(ctx.pool, sessionOf(req).user.id) });
  });

  router.post('/api-keys', session, async (req, res) => {
    const name = parseKeyName(req.body, false);
    res.status(201).json(await createUserKey(ctx.pool, ctx.config, sessionOf(req).user.id, name));
  });

  router.delete('/api-keys', session, async (req, res) => {
    const { id } = parseRequest(deleteApiKeyQuerySchema, req.query, { reason: 'missing_id' });
    await revokeOwnKey(ctx.pool, sessionOf(req).user.id, id);
    res.json({ ok: true, success: true });
  });

  // The key authenticates its own revocation: a client signing out after its session expired still
  // gives up the key it holds (the Word add-in's sign-out).
  router.delete('/api-keys/self', requireApiKey(ctx), async (req, res) => {
    await revokeCallingKey(ctx.pool, keyCallerOf(req).keyId);
    res.json({ ok: true, success: true });
  });

  return router;
}
