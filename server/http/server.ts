// Starts the service: opens and migrates the database, starts the engine pool and listens.
// Used by main.ts (npm start), the integration tests (in process, port 0) and bench/api.ts.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { openDatabase } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { EnginePool } from '../worker/pool.ts';
import { createApp } from './app.ts';
import { manualPaymentProvider } from './billing/payment-provider.ts';
import type { ServiceConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { createLogger } from './logger.ts';
import { RateLimiter } from './rate-limit.ts';
import { startReservationSweeper } from './services/credit-reservation.ts';
import type { ResolverPort } from './resolver-port.ts';

export interface RunningService {
  ctx: AppContext;
  server: Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

export async function startService(config: ServiceConfig, options: { resolver?: ResolverPort | null } = {}): Promise<RunningService> {
  const logger = createLogger(config.logLevel);
  if (config.tokenSecretGenerated) {
    logger.warn('TOKEN_SECRET is not set: generated a random one for this process; scan tokens will not survive a restart and multi-process deployments must set TOKEN_SECRET');
  }
  const pool = await openDatabase(config.databaseUrl);
  await migrate(pool);
  const engine = new EnginePool({ threads: config.engineThreads, timeoutMs: config.engineTimeoutMs });
  const ctx: AppContext = { pool, config, logger, engine, rateLimiter: new RateLimiter(pool), payments: manualPaymentProvider, resolver: options.resolver ?? null };
  const stopSweeper = await startReservationSweeper(ctx);
  const app = createApp(ctx);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  server.requestTimeout = 10 * 60_000;
  const port = (server.address() as AddressInfo).port;
  logger.info({ port }, 'listening');
  return {
    ctx,
    server,
    port,
    url: `http://127.0.0.1:${port}`,
    async close() {
      stopSweeper();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await engine.close();
      await pool.end();
    },
  };
}
