// Graceful shutdown (SIGTERM): once draining, /readyz answers 503 (a proxy's health check takes the replica
// out), every other new request is answered 503 draining with retry_after and its connection closed, and the
// requests already in flight are given until a deadline to finish. Charged requests still running at the
// deadline have their credit refunded before the process stops, so a replica that is stopped never keeps a
// credit for a document it did not deliver (a SIGKILLed one is refunded by the sweeper of any other process,
// or by the retry that takes its Idempotency-Key over).
import type { NextFunction, Request, Response } from 'express';
import { HttpError } from './errors.ts';

/** Seconds a client is told to wait before retrying a request refused while draining (another replica answers). */
const DRAIN_RETRY_AFTER = 1;

/** The operator's paths (health, readiness, metrics): answered while draining, and never queued (request-turns.ts). */
export const OPERATOR_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

const drainingError = (): HttpError =>
  new HttpError(503, 'Service temporarily unavailable', 'draining', { hint: 'This replica is shutting down; retry after the given seconds (another replica answers).', retry_after: DRAIN_RETRY_AFTER, retryAfter: DRAIN_RETRY_AFTER }, { 'Retry-After': String(DRAIN_RETRY_AFTER) });

export class Drain {
  private draining = false;
  private chargesClosed = false;
  private inFlight = 0;
  private idleWaiters: Array<() => void> = [];
  private reserving = 0;
  private reservedWaiters: Array<() => void> = [];
  /** Credit reservations of charged requests running in this process (refunded if still pending at the deadline). */
  readonly reservations = new Set<string>();

  /**
   * Takes a credit through `reserve` and records the reservation as this process's. Once the deadline has
   * passed no credit is taken any more (503 draining); closeCharges waits for the reservations under way.
   */
  async reserve(reserve: () => Promise<string | null>): Promise<string | null> {
    if (this.chargesClosed) throw drainingError();
    this.reserving += 1;
    try {
      const id = await reserve();
      if (id) this.reservations.add(id);
      return id;
    } finally {
      this.reserving -= 1;
      if (this.reserving === 0) for (const wake of this.reservedWaiters.splice(0)) wake();
    }
  }

  /** At the deadline: no new credit is taken; resolves once every reservation under way has returned (or after ms). */
  closeCharges(ms: number): Promise<void> {
    this.chargesClosed = true;
    if (this.reserving === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.reservedWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** False once draining started: /readyz reports it. */
  get accepting(): boolean {
    return !this.draining;
  }

  /** Requests this process is working on (answers to health checks and refusals included while they last). */
  get requestsInFlight(): number {
    return this.inFlight;
  }

  /** Express middleware: counts requests in flight; refuses new ones while draining. */
  middleware() {
    return (req: Request, res: Response, next: NextFunction): void => {
      if (this.draining && !OPERATOR_PATHS.has(req.path)) {
        // Through the error handler, which reads what is left of the body before answering: answered while
        // the client was still uploading, the socket closed under its writes (EPIPE, the answer lost).
        res.setHeader('Connection', 'close');
        next(drainingError());
        return;
      }
      this.inFlight += 1;
      let ended = false;
      const end = (): void => {
        if (ended) return;
        ended = true;
        this.inFlight -= 1;
        if (this.inFlight === 0) for (const wake of this.idleWaiters.splice(0)) wake();
      };
      res.once('finish', end);
      res.once('close', end);
      next();
    };
  }

  /** Starts draining: new requests are refused from now on. */
  begin(): void {
    this.draining = true;
  }

  /** Resolves true once no request is in flight, or false when deadlineMs passed first. */
  whenIdle(deadlineMs: number): Promise<boolean> {
    if (this.inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.idleWaiters = this.idleWaiters.filter((w) => w !== wake);
        resolve(false);
      }, deadlineMs);
      const wake = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      this.idleWaiters.push(wake);
    });
  }
}
