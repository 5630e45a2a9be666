// CORS for the Word task pane and other browser callers: the origins in CORS_ORIGINS (comma-separated;
// default the add-in dev server, https://localhost:3000) get Access-Control-Allow-Origin for their
// requests and an answer to their preflights. Other origins get no CORS headers (the browser blocks
// them); callers without an Origin header (curl, servers) are not affected.
import type { NextFunction, Request, Response } from 'express';

const DEFAULT_CORS_ORIGINS = ['https://localhost:3000'];

const ALLOW_METHODS = 'GET, POST, DELETE, OPTIONS';
const ALLOW_HEADERS = 'Authorization, Content-Type, Idempotency-Key, X-Request-Id';
const EXPOSE_HEADERS = 'X-Request-Id, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, Idempotent-Replayed';

/** Parses CORS_ORIGINS: comma- or space-separated origins, `*` for any; empty means the default. */
export function parseCorsOrigins(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [...DEFAULT_CORS_ORIGINS];
  const out: string[] = [];
  for (const item of raw.split(/[\s,]+/).filter(Boolean)) {
    if (item === '*') {
      out.push('*');
      continue;
    }
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      throw new Error(`CORS_ORIGINS: "${item}" is not an origin (expected e.g. https://addin.example.org)`);
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname.replace(/\/$/, '') !== '' || url.search) {
      throw new Error(`CORS_ORIGINS: "${item}" is not an origin (scheme, host and port only)`);
    }
    out.push(url.origin);
  }
  return out;
}

export function cors(origins: readonly string[]) {
  const any = origins.includes('*');
  const allowed = new Set(origins);
  return (req: Request, res: Response, next: NextFunction): void => {
    const origin = req.headers.origin;
    if (typeof origin !== 'string') return next();
    res.vary('Origin');
    if (!any && !allowed.has(origin)) {
      if (req.method === 'OPTIONS') {
        res.status(204).end();
        return;
      }
      return next();
    }
    res.setHeader('Access-Control-Allow-Origin', any ? '*' : origin);
    res.setHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.setHeader('Access-Control-Allow-Methods', ALLOW_METHODS);
      res.setHeader('Access-Control-Allow-Headers', ALLOW_HEADERS);
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    next();
  };
}
