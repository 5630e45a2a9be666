// POST /auth/login, POST /auth/logout, GET /auth/me.
import { Router } from 'express';
import type { LoginResponse } from '../../../shared/contract.ts';
import { requireSession, sessionOf } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { parseRequest } from '../validate.ts';
import { loginRequestSchema } from '../../../shared/schemas/accounts.ts';
import { login } from '../services/login.ts';
import { accountOf, logout } from '../services/account.ts';

export function authRoutes(ctx: AppContext): Router {
  const router = Router();

  router.post('/auth/login', async (req, res) => {
    const { email, password } = parseRequest(loginRequestSchema, req.body ?? {}, { reason: 'missing_credentials' });
    const { token, expiresAt } = await login(ctx, { email, password, address: req.ip ?? req.socket.remoteAddress ?? 'unknown' });
    const answer: LoginResponse = { token, expires_at: expiresAt.toISOString() };
    res.json(answer);
  });

  router.post('/auth/logout', requireSession(ctx), async (req, res) => {
    await logout(ctx.pool, sessionOf(req).sessionId);
    res.json({ ok: true, success: true });
  });

  router.get('/auth/me', requireSession(ctx), async (req, res) => {
    res.json(await accountOf(ctx.pool, sessionOf(req)));
  });

  return router;
}
