// Starts the service: opens and migrates the database, starts the engine pool and listens.
// Used by main.ts (npm start), the integration tests (in process, port 0) and bench/api.ts.
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { openDatabase } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { EnginePool } from '../worker/pool.ts';
import type { CslItem } from '../csl/render.ts';
import type { ReferenceListInput } from '../engine/citation-style-hooks.ts';
import { CslCheckPool } from '../worker/csl-check-pool.ts';
import { createApp } from './app.ts';
import { manualPaymentProvider } from './billing/payment-provider.ts';
import type { ServiceConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { createLogger } from './logger.ts';
import { RateLimiter } from './rate-limit.ts';
import { startReservationSweeper } from './services/credit-reservation.ts';
import { startHousekeeping } from './services/housekeeping.ts';
import { mysqlLimiterStore } from '../db/rate-limits.ts';
import { countPendingReservations } from '../db/reservations.ts';
import { ServiceMetrics } from './metrics.ts';
import { instrumentedCache, instrumentedFetch, instrumentedLimiter } from './registry-metrics.ts';
import { createHash } from 'node:crypto';
import type { Pool } from 'mysql2/promise';
import { MysqlRegistryLimiter } from '../db/registry-limiter.ts';
import { MysqlResolverCache } from '../db/resolver-cache.ts';
import { createResolverPort, POLITE_LIMITS, PUBLIC_LIMITS, type ResolverPort } from '../resolver/ports.ts';
import type { Logger } from './logger.ts';
import { Drain } from './drain.ts';
import { refundReservation } from '../db/reservations.ts';
import { warmUpReferenceReader } from '../references/warm-up.ts';

export interface RunningService {
  ctx: AppContext;
  server: Server;
  port: number;
  url: string;
  /** Stops at once: open connections are cut (tests; a process that must stop now). */
  close(): Promise<void>;
  /**
   * Stops gracefully (SIGTERM): new requests get 503 draining with retry_after and /readyz 503, requests in
   * flight get until DRAIN_TIMEOUT_MS to finish; the credits of charged requests still running then are refunded.
   */
  shutdown(): Promise<{ drained: boolean; refunded: number }>;
}

/** The Crossref resolver with the limiter and cache every process shares through MySQL; the cache is purged hourly. */
function serviceResolver(pool: Pool, config: ServiceConfig, logger: Logger, engine: EnginePool, metrics: ServiceMetrics): { port: ResolverPort | null; stop: () => void } {
  if (!config.resolverEnabled) return { port: null, stop: () => undefined };
  const limiter = new MysqlRegistryLimiter(pool, {
    initial: config.crossrefMailto ? POLITE_LIMITS : PUBLIC_LIMITS,
    ...(config.registryWindowMarginMs !== null ? { marginMs: config.registryWindowMarginMs } : {}),
  });
  const cache = new MysqlResolverCache(pool);
  const purge = () => { cache.purge().catch((err) => logger.warn({ errCode: (err as { code?: string }).code }, 'resolver cache purge failed')); };
  const timer = setInterval(purge, 3_600_000);
  timer.unref();
  purge();
  // Style detection renders candidate styles (seconds with cold engines): in the engine pool, never on this
  // thread, bounded by STYLE_DETECTION_TIMEOUT_MS (past it the worker is replaced and the report has no style).
  const refineStyle = (list: ReferenceListInput, metadata: Array<CslItem | null>) => engine.refineStyle(list, metadata, config.styleDetectionTimeoutMs);
  // Registry requests, limiter waits and cache look-ups counted for /metrics (registry-metrics.ts).
  const port = createResolverPort({ limiter: instrumentedLimiter(metrics, limiter), cache: instrumentedCache(metrics, cache), fetch: instrumentedFetch(metrics), refineStyle });
  return { port, stop: () => clearInterval(timer) };
}

export async function startService(config: ServiceConfig, options: { resolver?: ResolverPort | null } = {}): Promise<RunningService> {
  const logger = createLogger(config.logLevel);
  if (config.tokenSecretGenerated) {
    logger.warn('TOKEN_SECRET is not set: generated a random one for this process; scan tokens will not survive a restart and multi-process deployments must set TOKEN_SECRET');
  }
  const pool = await openDatabase(config.databaseUrl);
  await migrate(pool);
  const engine = new EnginePool({
    threads: config.engineThreads,
    timeoutMs: config.engineTimeoutMs,
    maxHeapMb: config.engineHeapMb,
    idleMs: config.engineIdleMs,
    queueMax: config.engineQueueMax,
    ...(config.engineAccountThreads !== null ? { perAccountThreads: config.engineAccountThreads } : {}),
    limits: { maxMatches: config.maxMatchesPerDocument, maxAnswerBytes: config.maxScanResponseBytes },
    log: logger,
  });
  const rateLimiter = new RateLimiter(mysqlLimiterStore(pool), {
    logger,
    addressSlots: config.rateLimitAddressSlots,
    // The same in every process sharing TOKEN_SECRET, so an address lands in the same slot everywhere.
    slotKey: createHash('sha256').update(`rate-limit-slots:${config.tokenSecret}`).digest('hex'),
  });
  rateLimiter.start();
  const metrics = new ServiceMetrics({
    engineThreads: () => engine.threads,
    engineQueued: () => engine.queued,
    engineThreadsMax: config.engineThreads,
    pendingReservations: () => countPendingReservations(pool),
  });
  const resolver = options.resolver !== undefined ? { port: options.resolver, stop: () => undefined } : serviceResolver(pool, config, logger, engine, metrics);
  // Before the port opens: the reference reader's first use compiles and optimises (server/references/warm-up.ts).
  if (resolver.port) {
    const warmUp = warmUpReferenceReader();
    logger.debug({ ms: Math.round(warmUp.ms), samples: warmUp.samples, readWhole: warmUp.readWhole }, 'reference reader warmed up');
  }
  const csl = new CslCheckPool({ timeoutMs: config.cslCheckTimeoutMs, maxHeapMb: config.cslCheckHeapMb });
  const drain = new Drain();
  const ctx: AppContext = { pool, config, logger, engine, csl, rateLimiter, payments: manualPaymentProvider, resolver: resolver.port, metrics, drain };
  const stopSweeper = await startReservationSweeper(ctx);
  const stopHousekeeping = startHousekeeping(ctx);
  const app = createApp(ctx);
  // Slow clients (issue 11, item 4): headers within headersTimeoutMs, the whole request within
  // requestTimeoutMs (a 25 MB upload at 1 Mbit/s takes about 210 s), no upload silence longer than
  // uploadIdleTimeoutMs (middleware uploadIdleTimeout). Checked every second instead of every 30 s.
  const server = createServer({ connectionsCheckingInterval: 1000, headersTimeout: config.headersTimeoutMs, requestTimeout: config.requestTimeoutMs }, app);
  server.keepAliveTimeout = config.keepAliveTimeoutMs;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    const done = (): void => {
      server.off('error', reject);
      resolve();
    };
    if (config.host) server.listen(config.port, config.host, done);
    else server.listen(config.port, done);
  });
  const port = (server.address() as AddressInfo).port;
  const anyInterface = !config.host || config.host === '0.0.0.0' || config.host === '::';
  const urlHost = anyInterface ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  logger.info({ port, host: config.host || '(all interfaces)' }, 'listening');
  const running: RunningService = {
    ctx,
    server,
    port,
    url: `http://${urlHost}:${port}`,
    async shutdown() {
      // Idle keep-alive connections stay open: a request sent on one now gets a clean 503 draining (with
      // Connection: close) instead of a reset racing it; all are closed once the work in flight is done.
      drain.begin();
      logger.info({ inFlight: drain.requestsInFlight, deadlineMs: config.drainTimeoutMs }, 'draining');
      const drained = await drain.whenIdle(config.drainTimeoutMs);
      // No credit is taken from here on; a reservation whose answer is on its way from the database is waited for.
      await drain.closeCharges(5_000);
      let refunded = 0;
      for (const id of [...drain.reservations]) {
        if (await refundReservation(pool, id).catch(() => false)) refunded += 1;
      }
      if (refunded > 0) metrics.credit('refunded', refunded);
      logger.info({ drained, inFlight: drain.requestsInFlight, refunded }, 'drained');
      await running.close();
      return { drained, refunded };
    },
    async close() {
      stopSweeper();
      stopHousekeeping();
      resolver.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      rateLimiter.stop();
      await engine.close();
      await csl.close();
      await pool.end();
    },
  };
  return running;
}
