// Server-sent events (text/event-stream) for long requests: named events with one JSON line of data,
// a comment every few seconds so that proxies keep the connection open, and a close that ends the
// response. Writes after the client went away are dropped.
import type { Request, Response } from 'express';

/** Whether the caller asked for a stream (Accept names text/event-stream). */
export function wantsEventStream(req: Request): boolean {
  return /\btext\/event-stream\b/i.test(req.get('accept') ?? '');
}

export class EventStream {
  private readonly keepAlive: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly res: Response, requestId: string, keepAliveMs = 15_000) {
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('X-Accel-Buffering', 'no'); // nginx: pass events through unbuffered
    res.setHeader('X-Request-Id', requestId);
    res.flushHeaders();
    this.keepAlive = setInterval(() => this.write(': keep-alive\n\n'), keepAliveMs);
    this.keepAlive.unref();
    res.once('close', () => this.stop());
  }

  /** Sends one event: `event: NAME` and the data as one line of JSON. */
  send(event: string, data: unknown): void {
    this.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** Ends the stream (after the final event). */
  close(): void {
    if (this.closed) return;
    this.stop();
    this.res.end();
  }

  private write(chunk: string): void {
    if (this.closed || this.res.writableEnded || this.res.destroyed) return;
    this.res.write(chunk);
  }

  private stop(): void {
    this.closed = true;
    clearInterval(this.keepAlive);
  }
}
