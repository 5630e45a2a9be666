// One request's work per event-loop turn (issue 24: a flood must not hold the service thread).
// A burst of requests that arrive together (600 forged-address sign-ins at once in bench:abuse login-flood) is
// read by Node in one poll phase, and each request's middleware chain (body parsing, validation, the answer)
// then runs back to back: 200–260 ms stretches in which nothing else, /healthz included, is answered (profiled:
// writev, express routing and the JSON answer, ~0.9 ms a request). Here each request's chain waits for a turn
// of its own: requests are queued as they arrive and started one per loop iteration through setImmediate, so
// between two of them the loop polls again and a probe, or any short request, is answered within one request's
// time. Nothing is dropped or reordered; a request that ends (client gone) while it waits is skipped.
// Operator probes (/healthz, /readyz, /metrics) skip the queue: they are what shows whether the service lives.
import type { NextFunction, Request, Response } from 'express';
import { OPERATOR_PATHS } from './drain.ts';

export interface RequestTurns {
  (req: Request, res: Response, next: NextFunction): void;
  /** Requests waiting for their turn now. */
  waiting(): number;
}

export function requestTurns(): RequestTurns {
  const queue: Array<{ res: Response; next: NextFunction }> = [];
  let head = 0;
  let scheduled = false;

  const turn = (): void => {
    scheduled = false;
    // One request per turn; a request whose client went away while it waited costs nothing.
    while (head < queue.length) {
      const item = queue[head];
      queue[head] = undefined as never;
      head += 1;
      if (item.res.writableEnded || item.res.destroyed) continue;
      item.next();
      break;
    }
    if (head === queue.length) {
      queue.length = 0;
      head = 0;
    } else schedule();
  };
  const schedule = (): void => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(turn);
  };

  const middleware = ((req: Request, res: Response, next: NextFunction): void => {
    if (req.method === 'GET' && OPERATOR_PATHS.has(req.path)) {
      next();
      return;
    }
    queue.push({ res, next });
    schedule();
  }) as RequestTurns;
  middleware.waiting = () => queue.length - head;
  return middleware;
}
