// What every route needs: the database pool, configuration, logger, engine pool, rate limiter and
// pluggable providers (payments, and later the reference resolver).
import type { Pool } from 'mysql2/promise';
import type { ServiceConfig } from './config.ts';
import type { Logger } from './logger.ts';
import type { EnginePool } from '../worker/pool.ts';
import type { CslChecker } from '../worker/csl-check-pool.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { PaymentProvider } from './billing/payment-provider.ts';
import type { ResolverPort } from '../resolver/ports.ts';
import type { ServiceMetrics } from './metrics.ts';
import type { Drain } from './drain.ts';

export interface AppContext {
  pool: Pool;
  config: ServiceConfig;
  logger: Logger;
  engine: EnginePool;
  /** Checks uploaded CSL styles off the service thread, bounded in time and memory (server/worker/csl-check-pool.ts). */
  csl: CslChecker;
  rateLimiter: RateLimiter;
  payments: PaymentProvider;
  /** The reference resolver behind /hyperlink-crossref; null until the resolver issue lands. */
  resolver: ResolverPort | null;
  /** Prometheus metrics (GET /metrics); absent in unit tests' contexts. */
  metrics?: ServiceMetrics;
  /** Graceful shutdown state (server/http/drain.ts); absent in unit tests' contexts. */
  drain?: Drain;
}
