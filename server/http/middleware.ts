// Request ids, access logs, the JSON error handler and the 404 fallback.
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { ErrorResponse } from '../../shared/contract.ts';
import type { Logger } from './logger.ts';
import { HttpError } from './errors.ts';
import { MAX_BODY_DEPTH, depthExceeds } from './json-limits.ts';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestIds(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  req.requestId = id;
  res.setHeader('X-Request-Id', id);
  next();
}

/**
 * A request body that stops arriving for `ms` is answered 408 and its connection closed (a stalled
 * upload used to be held for up to 10 minutes). Once the body is complete the socket may be quiet
 * for as long as the engine works: the timer only guards receiving.
 */
export function uploadIdleTimeout(ms: number) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.complete) {
      next();
      return;
    }
    const onTimeout = (): void => {
      req.setTimeout(0);
      if (req.complete) return;
      if (!res.headersSent) {
        res.setHeader('Connection', 'close');
        res.status(408).json({ error: 'Request body timed out', reason: 'upload_stalled', requestId: req.requestId } satisfies ErrorResponse);
      }
      res.once('finish', () => req.socket.destroy());
      setTimeout(() => req.socket.destroy(), 1000).unref();
    };
    req.setTimeout(ms, onTimeout);
    req.once('end', () => req.setTimeout(0));
    next();
  };
}

/** One structured line per request: method, route path, status, duration and caller ids. Never bodies or headers. */
export function accessLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      logger.info(
        {
          requestId: req.requestId,
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          keyId: req.keyCaller?.keyId,
          userId: req.sessionCaller?.user.id ?? req.keyCaller?.userId,
        },
        'request',
      );
    });
    next();
  };
}

/** Refuses JSON bodies nested deeper than MAX_BODY_DEPTH before any route walks them. */
export function rejectDeepBodies(req: Request, _res: Response, next: NextFunction): void {
  if (req.body !== null && typeof req.body === 'object' && depthExceeds(req.body, MAX_BODY_DEPTH)) {
    next(new HttpError(400, `JSON body is nested too deeply (at most ${MAX_BODY_DEPTH} levels)`, 'body_too_deep'));
    return;
  }
  next();
}

function bodyParserError(err: unknown): HttpError | null {
  const type = (err as { type?: string }).type;
  if (type === 'entity.parse.failed') return new HttpError(400, 'Invalid JSON body', 'invalid_json');
  if (type === 'entity.too.large') return new HttpError(413, 'Request body too large', 'body_too_large');
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') return new HttpError(415, 'Unsupported body encoding', 'unsupported_encoding');
  return null;
}

export function errorHandler(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const known = err instanceof HttpError ? err : bodyParserError(err);
    const requestId = req.requestId ?? randomUUID();
    let status: number;
    let body: ErrorResponse;
    if (known) {
      status = known.status;
      body = { error: known.error, ...(known.reason !== undefined ? { reason: known.reason } : {}), ...known.extras, requestId };
      for (const [name, value] of Object.entries(known.headers)) res.setHeader(name, value);
    } else {
      status = 500;
      body = { error: 'Processing failed', requestId };
      logger.error({ requestId, path: req.path, errName: (err as { name?: string })?.name, errCode: (err as { code?: string })?.code }, 'unexpected failure');
    }
    const send = () => {
      if (res.headersSent) {
        res.end();
        return;
      }
      res.setHeader('X-Request-Id', requestId);
      res.status(status).json(body);
    };
    if (req.complete || req.readableEnded || res.headersSent) {
      send();
      return;
    }
    // Answered before the body was read (auth, rate limit, plan, size): drain it first. Closing a
    // socket with unread bytes makes TCP reset the connection, which can destroy the answer in
    // flight. Past the drain time the connection is closed after answering instead.
    let answered = false;
    const answer = () => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      if (!req.complete) res.setHeader('Connection', 'close');
      send();
    };
    const timer = setTimeout(answer, DRAIN_MS);
    req.once('end', answer);
    req.once('error', answer);
    req.once('close', answer);
    req.resume();
  };
}

/** How long an unread request body is drained before an early error answer is sent anyway. */
const DRAIN_MS = 5_000;

export function notFoundHandler(req: Request, _res: Response, next: NextFunction): void {
  next(new HttpError(404, 'Not found', 'route_not_found'));
}
