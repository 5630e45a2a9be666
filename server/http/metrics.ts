// /metrics in Prometheus's text format (prom-client): what an operator watches. Requests by route pattern,
// method and status (counts and durations), the engine pool (threads, queue), password checks waiting,
// credits reserved, settled and refunded, credit reservations pending (read from the database at each
// scrape), Idempotency-Key replays, registry requests by class and status (429s among them), waits for the
// shared registry limiter, resolver cache hits and misses (registry-metrics.ts feeds these three), and the
// process's own (CPU, memory, event-loop lag).
//
// Never public by default: /metrics answers 404 unless METRICS_TOKEN is set, and then only to
// `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise).
import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { digestsEqual, scryptQueueDepth } from '../accounts/secrets.ts';
import { sha256Hex } from '../common/hash.ts';
import { credentialFrom } from './credentials.ts';

export type CreditEvent = 'reserved' | 'settled' | 'refunded';

/** Where the gauges read their values at scrape time. */
export interface MetricSources {
  engineThreads: () => number;
  engineQueued: () => number;
  engineThreadsMax: number;
  pendingReservations: () => Promise<number>;
}

export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'route' | 'method' | 'status'>;
  private readonly durations: Histogram<'route' | 'method' | 'status'>;
  private readonly credits: Counter<'event'>;
  private readonly replays: Counter<'route'>;
  private readonly registryRequests: Counter<'class' | 'status'>;
  private readonly registryWaits: Histogram<'class'>;
  private readonly cacheLookups: Counter<'result'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({ name: 'hyperlinker_http_requests_total', help: 'Requests answered, by route pattern, method and status', labelNames: ['route', 'method', 'status'], registers });
    this.durations = new Histogram({
      name: 'hyperlinker_http_request_duration_seconds',
      help: 'Time from a request\'s arrival to the end of its answer',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.005, 0.025, 0.1, 0.25, 1, 2.5, 10, 30, 120, 600],
      registers,
    });
    this.credits = new Counter({ name: 'hyperlinker_credits_total', help: 'Credits reserved, settled (charged) and refunded', labelNames: ['event'], registers });
    this.replays = new Counter({ name: 'hyperlinker_idempotent_replays_total', help: 'Answers sent again for an Idempotency-Key', labelNames: ['route'], registers });
    this.registryRequests = new Counter({ name: 'hyperlinker_registry_requests_total', help: 'Requests sent to the bibliographic registry, by class (search, lookup) and answer status (429: rate limited; error: no answer)', labelNames: ['class', 'status'], registers });
    this.registryWaits = new Histogram({
      name: 'hyperlinker_registry_wait_seconds',
      help: 'Time a registry request waited for a slot of the limiter every process shares',
      labelNames: ['class'],
      buckets: [0.01, 0.1, 0.5, 1, 2.5, 5, 15, 60, 300],
      registers,
    });
    this.cacheLookups = new Counter({ name: 'hyperlinker_resolver_cache_lookups_total', help: 'Resolver cache look-ups by result (hit, miss); hit rate = hit / all', labelNames: ['result'], registers });
    new Gauge({ name: 'hyperlinker_engine_threads', help: 'Engine worker threads alive', registers, collect() { this.set(sources.engineThreads()); } });
    new Gauge({ name: 'hyperlinker_engine_threads_max', help: 'Engine worker threads at most (ENGINE_THREADS)', registers, collect() { this.set(sources.engineThreadsMax); } });
    new Gauge({ name: 'hyperlinker_engine_queue_depth', help: 'Engine tasks waiting for a worker', registers, collect() { this.set(sources.engineQueued()); } });
    new Gauge({
      name: 'hyperlinker_password_checks_waiting',
      help: 'Password checks waiting for a scrypt slot, by lane',
      labelNames: ['lane'],
      registers,
      collect() {
        const depth = scryptQueueDepth();
        this.set({ lane: 'priority' }, depth.priority);
        this.set({ lane: 'other' }, depth.other);
      },
    });
    new Gauge({
      name: 'hyperlinker_credit_reservations_pending',
      help: 'Credit reservations taken and not yet settled or refunded (every process, from the database)',
      registers,
      async collect() {
        this.set(await sources.pendingReservations());
      },
    });
  }

  credit(event: CreditEvent, n = 1): void {
    if (n > 0) this.credits.inc({ event }, n);
  }

  replayed(route: string): void {
    this.replays.inc({ route });
  }

  registryRequest(requestClass: string, status: string): void {
    this.registryRequests.inc({ class: requestClass, status });
  }

  registryWait(requestClass: string, seconds: number): void {
    this.registryWaits.observe({ class: requestClass }, seconds);
  }

  cacheLookup(hit: boolean): void {
    this.cacheLookups.inc({ result: hit ? 'hit' : 'miss' });
  }

  /** Middleware: counts and times every request by its route pattern (unmatched paths share one label). */
  observe() {
    return (req: Request, res: Response, next: NextFunction): void => {
      const end = this.durations.startTimer();
      res.on('finish', () => {
        const route = (req.route as { path?: unknown } | undefined)?.path;
        const labels = { route: typeof route === 'string' ? route : 'unmatched', method: req.method, status: String(res.statusCode) };
        this.requests.inc(labels);
        end(labels);
      });
      next();
    };
  }
}

/** GET /metrics: 404 without METRICS_TOKEN; 401 without the token; else the text format. */
export function metricsHandler(metrics: ServiceMetrics, token: string) {
  const expected = token ? sha256Hex(token) : '';
  return async (req: Request, res: Response): Promise<void> => {
    if (!expected) {
      res.status(404).json({ error: 'Not found', reason: 'route_not_found', requestId: req.requestId });
      return;
    }
    const given = credentialFrom(req.headers.authorization ?? '');
    if (!given || !digestsEqual(sha256Hex(given), expected)) {
      res.status(401).json({ error: 'Unauthorized', reason: 'metrics_token_required', requestId: req.requestId });
      return;
    }
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  };
}
