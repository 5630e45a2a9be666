// The Express application: bare routes (no /api prefix), JSON errors with request ids everywhere.
import express, { type Express } from 'express';
import { buildOpenApiDocument } from '../../shared/openapi.ts';
import type { AppContext } from './context.ts';
import { accessLog, errorHandler, jsonBody, notFoundHandler, rejectDeepBodies, requestIds, uploadIdleTimeout } from './middleware.ts';
import { cors } from './cors.ts';
import { requestTurns } from './request-turns.ts';
import { metricsHandler } from './metrics.ts';
import { readiness } from './services/readiness.ts';
import { apiKeyRoutes } from './routes/api-keys.ts';
import { authRoutes } from './routes/auth.ts';
import { docsRoutes } from './routes/docs.ts';
import { documentRoutes } from './routes/documents.ts';
import { orgBillingRoutes } from './routes/org-billing.ts';
import { orgKeyRoutes } from './routes/org-keys.ts';
import { orgMemberRoutes } from './routes/org-members.ts';
import { orgInvitationRoutes } from './routes/org-invitations.ts';
import { orgPresetRoutes } from './routes/org-presets.ts';
import { orgUsageRoutes } from './routes/org-usage.ts';
import { orgRoutes } from './routes/org.ts';

export function createApp(ctx: AppContext): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.trustProxy);
  app.set('etag', false);
  app.use(requestIds);
  if (ctx.metrics) app.use(ctx.metrics.observe());
  if (ctx.drain) app.use(ctx.drain.middleware());
  app.use(requestTurns());
  app.use(cors(ctx.config.corsOrigins));
  app.use(accessLog(ctx.logger));
  app.use(uploadIdleTimeout(ctx.config.uploadIdleTimeoutMs));
  app.use(jsonBody(1024 * 1024));
  app.use(rejectDeepBodies);

  const openapi = JSON.stringify(buildOpenApiDocument());
  app.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(openapi);
  });
  if (ctx.metrics) app.get('/metrics', metricsHandler(ctx.metrics, ctx.config.metricsToken));
  app.get('/readyz', async (_req, res) => {
    const ready = await readiness(ctx);
    res.status(ready.ok ? 200 : 503).json(ready);
  });
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });

  app.use(authRoutes(ctx));
  app.use(documentRoutes(ctx));
  app.use(apiKeyRoutes(ctx));
  app.use(orgKeyRoutes(ctx));
  app.use(orgPresetRoutes(ctx));
  app.use(orgUsageRoutes(ctx));
  app.use(orgRoutes(ctx));
  app.use(orgBillingRoutes(ctx));
  app.use(orgMemberRoutes(ctx));
  app.use(orgInvitationRoutes(ctx));
  app.use(docsRoutes(ctx));

  app.use(notFoundHandler);
  app.use(errorHandler(ctx.logger));
  return app;
}
