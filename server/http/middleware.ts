// Request ids, access logs, the JSON error handler and the 404 fallback.
import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
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

/**
 * express.json with a body limit that holds whatever the framing, answered as soon as it is passed. body-parser
 * counts a chunked body's bytes as they arrive and stops parsing at the limit, but reports the 413 only once the
 * request has ended: a body with no end (Transfer-Encoding: chunked) was read and discarded until a time-out.
 * Here the 413 is passed on when the limit is passed (the error handler answers and closes the connection);
 * body-parser's own report, later, is dropped.
 */
export function jsonBody(limitBytes: number) {
  const parse = express.json({ limit: limitBytes, strict: false });
  return (req: Request, res: Response, next: NextFunction): void => {
    let passedOn = false;
    let received = 0;
    const onData = (chunk: Buffer): void => {
      received += chunk.length;
      // body-parser sees the same chunk and fails; its failure is what the client gets, when it says so.
      if (received > limitBytes) setImmediate(() => once(new HttpError(413, 'Request body too large', 'body_too_large')));
    };
    const once = (err?: unknown): void => {
      if (passedOn) return;
      passedOn = true;
      req.off('data', onData);
      next(err);
    };
    // Only bodies body-parser reads (it answers other requests at once, and a listener would start them flowing).
    if (req.is('application/json')) req.on('data', onData);
    parse(req, res, once);
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
    // flight. Past the drain time or the drain bytes (a body with no end, sent chunked) the
    // connection is closed after answering instead.
    let answered = false;
    let drained = 0;
    const answer = () => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      req.off('data', count);
      if (!req.complete) lingeringClose(req, res);
      send();
    };
    const count = (chunk: Buffer): void => {
      drained += chunk.length;
      if (drained > DRAIN_BYTES) answer();
    };
    const timer = setTimeout(answer, DRAIN_MS);
    req.once('end', answer);
    req.once('error', answer);
    req.once('close', answer);
    req.on('data', count);
    req.resume();
  };
}

/** How long, and how many bytes of, an unread request body is drained before an early error answer is sent anyway. */
const DRAIN_MS = 5_000;
const DRAIN_BYTES = 1024 * 1024;
/** After such an answer, how long the connection stays open for the client to read it, and how many of the bytes
 * it still sends are read (and discarded) meanwhile. */
const LINGER_MS = 2_000;
const LINGER_BYTES = 4 * 1024 * 1024;

/**
 * Answers a request whose body has not all arrived with Connection: close, closed as nginx's lingering close does.
 * Node ends such a socket once the answer is written and destroys it as soon as the end is flushed (destroySoon):
 * the bytes the client is still sending then arrive at a closed socket, TCP resets the connection, and a client
 * busy writing loses the answer it had not read yet (seen with a chunked upload refused at 25 MB). Here the
 * sending side is shut after the answer and what still arrives is read and discarded up to LINGER_BYTES; past them
 * the socket stops reading (the client's writes wait on a full window, nothing is reset and nothing costs the
 * service thread) until the client closes or LINGER_MS have passed since the answer; then the socket is destroyed.
 * Destroying once LINGER_BYTES had come lost the answer of a client whose loop was busy for those few
 * milliseconds (2 of 28 chunked bombs in bench:abuse).
 */
function lingeringClose(req: Request, res: Response): void {
  res.setHeader('Connection', 'close');
  const socket = req.socket;
  socket.destroySoon = () => {
    let lingered = 0;
    const close = (): void => {
      clearTimeout(timer);
      socket.off('data', count);
      socket.destroy();
    };
    const count = (chunk: Buffer): void => {
      lingered += chunk.length;
      if (lingered > LINGER_BYTES) {
        socket.off('data', count);
        socket.pause();
      }
    };
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    socket.on('data', count);
    socket.once('end', close);
    socket.once('close', () => clearTimeout(timer));
    socket.end();
    socket.resume();
  };
}

export function notFoundHandler(_req: Request, _res: Response, next: NextFunction): void {
  next(new HttpError(404, 'Not found', 'route_not_found'));
}
