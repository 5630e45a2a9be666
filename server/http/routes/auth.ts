// POST /auth/login, POST /auth/logout, GET /auth/me.
import { Router } from 'express';
import type { AuthMe, LoginResponse } from '../../../shared/contract.ts';
import { iso } from '../../db/connection.ts';
import { findOrgById } from '../../db/organisations.ts';
import { revokeSession } from '../../db/sessions.ts';
import { requireSession, sessionOf } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { parseRequest } from '../validate.ts';
import { loginRequestSchema } from '../../../shared/schemas/accounts.ts';
import { login } from '../services/login.ts';
import { orgView } from './org.ts';

export function authRoutes(ctx: AppContext): Router {
  const router = Router();

  router.post('/auth/login', async (req, res) => {
    const { email, password } = parseRequest(loginRequestSchema, req.body ?? {}, { reason: 'missing_credentials' });
    const { token, expiresAt } = await login(ctx, { email, password, address: req.ip ?? req.socket.remoteAddress ?? 'unknown' });
    const answer: LoginResponse = { token, expires_at: expiresAt.toISOString() };
    res.json(answer);
  });

  router.post('/auth/logout', requireSession(ctx), async (req, res) => {
    await revokeSession(ctx.pool, sessionOf(req).sessionId);
    res.json({ ok: true, success: true });
  });

  router.get('/auth/me', requireSession(ctx), async (req, res) => {
    const { user, orgId, role } = sessionOf(req);
    const org = orgId ? await findOrgById(ctx.pool, orgId) : null;
    const me: AuthMe = {
      user: { id: user.id, email: user.email, name: user.name, is_admin: user.is_admin === 1, plan: user.plan, credits: Number(user.credits), created_at: iso(user.created_at) },
      org: org ? orgView(org) : null,
      role,
    };
    res.json(me);
  });

  return router;
}
