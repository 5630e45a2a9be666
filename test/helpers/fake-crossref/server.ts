// A fake Crossref REST API on 127.0.0.1, answering from a registry of Crossref-shaped works the way
// ../shared/resolver/README.md describes: BM25-ranked searches with unnormalised scores, `select`,
// `rows`/`offset` limits with 400 validation failures, `/works/{doi}` with a 404 "Resource not
// found.", rate-limit headers, enforced limits (429 + Retry-After) per pool (polite with mailto,
// public without), configurable latency and failure injection. Used by tests and the bench.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { parseFilter, searchInThread, searchInWorker } from './search.ts';
import type { RegistryWork } from './types.ts';

interface PoolLimits {
  /** Searches per second. */
  search: number;
  /** DOI look-ups per second. */
  lookup: number;
  /** Requests in flight at once (all kinds). */
  concurrency: number;
}

export interface FakeCrossrefOptions {
  works: RegistryWork[];
  polite?: PoolLimits;
  public?: PoolLimits;
  /** Added latency per answer, uniform in [min, max] ms (default 0). */
  latencyMs?: [number, number];
  /** Share of requests answered with a random 500/502/503/504 (default 0). */
  failureRate?: number;
  /** Retry-After seconds sent with 429 (default 1). */
  retryAfterSeconds?: number;
  /** Seed of the latency and failure draws. */
  seed?: number;
  /** When false, limits are announced but not enforced (default true). */
  enforceLimits?: boolean;
  /**
   * Requests older than one second minus this count as out of the window (default 0). Tests that
   * share one process with the client on a loaded machine set it to absorb event-loop stalls between
   * a request's grant and its arrival.
   */
  windowSlackMs?: number;
  /**
   * Searches ranked in a worker thread (default false): the server's thread then only takes requests in and
   * counts their arrivals on time, as a registry's front door does, instead of after the search in progress.
   */
  searchInWorker?: boolean;
}

interface FakeCrossrefStats {
  searches: number;
  lookups: number;
  /** Answers with status 429. */
  rejected: number;
  /** Why: over the per-second limit, or over the concurrency limit. */
  rejectedForRate: number;
  rejectedForConcurrency: number;
  /** Injected 5xx answers. */
  failures: number;
  /** Most requests seen in flight at once. */
  maxInFlight: number;
  /** Arrival times (ms since start) of requests that were served (not 429, not injected failures). */
  served: { kind: 'search' | 'lookup'; at: number; polite: boolean }[];
  userAgents: Set<string>;
}

export interface FakeCrossref {
  url: string;
  stats: FakeCrossrefStats;
  /** Every request answered with this status until cleared (null); e.g. 503 for an outage. */
  setOutage(status: number | null): void;
  /** The next `count` requests fail with `status` (and `retryAfter` seconds when given). */
  failNext(count: number, status: number, retryAfter?: number): void;
  setLatency(range: [number, number]): void;
  resetStats(): void;
  close(): Promise<void>;
}

const DEFAULT_POLITE: PoolLimits = { search: 3, lookup: 10, concurrency: 3 };
const DEFAULT_PUBLIC: PoolLimits = { search: 1, lookup: 5, concurrency: 1 };

const SELECTABLE = new Set([
  'abstract', 'URL', 'member', 'posted', 'score', 'created', 'degree', 'update-policy', 'short-title', 'license', 'ISSN',
  'container-title', 'issued', 'update-to', 'issue', 'prefix', 'approved', 'indexed', 'article-number', 'clinical-trial-number',
  'accepted', 'author', 'group-title', 'DOI', 'is-referenced-by-count', 'updated-by', 'event', 'chair', 'standards-body',
  'original-title', 'funder', 'translator', 'archive', 'published-print', 'alternative-id', 'subject', 'subtitle',
  'published-online', 'publisher-location', 'content-domain', 'reference', 'title', 'link', 'type', 'publisher', 'volume',
  'references-count', 'ISBN', 'issn-type', 'assertion', 'deposited', 'page', 'content-created', 'short-container-title',
  'relation', 'editor',
]);

export function loadRegistry(path: string): RegistryWork[] {
  return readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as RegistryWork);
}

/** The work as the API shows it: sequence and affiliation on authors, URL, prefix. */
function presented(w: RegistryWork): Record<string, unknown> {
  const out: Record<string, unknown> = { ...w };
  if (w.author) out.author = w.author.map((a, i) => ({ ...a, sequence: a.sequence ?? (i === 0 ? 'first' : 'additional'), affiliation: a.affiliation ?? [] }));
  out.URL = `https://doi.org/${w.DOI}`;
  out.prefix = w.DOI.split('/')[0];
  return out;
}

function selectFields(item: Record<string, unknown>, select: string[] | null): Record<string, unknown> {
  if (!select) return item;
  const out: Record<string, unknown> = {};
  for (const f of select) if (f in item) out[f] = item[f];
  return out;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function validationFailure(res: ServerResponse, type: string, value: unknown, message: string, headers: Record<string, string>): void {
  res.writeHead(400, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ status: 'failed', 'message-type': 'validation-failure', message: [{ type, value, message }] }));
}

export async function startFakeCrossref(options: FakeCrossrefOptions): Promise<FakeCrossref> {
  const searcher = options.searchInWorker ? await searchInWorker(options.works) : searchInThread(options.works);
  const byDoi = new Map(options.works.map((w) => [w.DOI.toLowerCase(), w]));
  const pools = { polite: options.polite ?? DEFAULT_POLITE, public: options.public ?? DEFAULT_PUBLIC };
  const random = mulberry32(options.seed ?? 1);
  const enforce = options.enforceLimits ?? true;
  const retryAfter = options.retryAfterSeconds ?? 1;
  let latency = options.latencyMs ?? [0, 0];
  let outage: number | null = null;
  const forced: { status: number; retryAfter?: number }[] = [];
  const started = Date.now();
  const recent = { polite: { search: [] as number[], lookup: [] as number[] }, public: { search: [] as number[], lookup: [] as number[] } };
  const inFlight = { polite: 0, public: 0 };
  let totalInFlight = 0;
  const newStats = (): FakeCrossrefStats => ({ searches: 0, lookups: 0, rejected: 0, rejectedForRate: 0, rejectedForConcurrency: 0, failures: 0, maxInFlight: 0, served: [], userAgents: new Set() });
  let stats = newStats();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const ua = String(req.headers['user-agent'] ?? '');
    stats.userAgents.add(ua);
    const polite = url.searchParams.has('mailto') || /mailto:/i.test(ua);
    const pool = polite ? 'polite' : 'public';
    const limits = pools[pool];
    const isLookup = url.pathname.startsWith('/works/');
    const kind = isLookup ? 'lookup' : 'search';
    const perSecond = isLookup ? limits.lookup : limits.search;
    const headers = {
      'x-rate-limit-limit': String(perSecond),
      'x-rate-limit-interval': '1s',
      'x-concurrency-limit': String(limits.concurrency),
      'x-api-pool': pool,
    };
    const now = Date.now();
    const window = recent[pool][kind];
    while (window.length && window[0]! <= now - 1000 + (options.windowSlackMs ?? 0)) window.shift();
    if (enforce && (window.length >= perSecond || inFlight[pool] >= limits.concurrency)) {
      stats.rejected++;
      if (window.length >= perSecond) stats.rejectedForRate++;
      else stats.rejectedForConcurrency++;
      res.writeHead(429, { 'content-type': 'text/plain', 'retry-after': String(retryAfter), ...headers });
      res.end('Too many requests');
      return;
    }
    window.push(now);
    inFlight[pool]++;
    totalInFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, totalInFlight);
    try {
      const delay = latency[0] + random() * (latency[1] - latency[0]);
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
      const force = forced.shift();
      const failStatus = force?.status ?? outage ?? (options.failureRate && random() < options.failureRate ? [500, 502, 503, 504][Math.floor(random() * 4)]! : null);
      if (failStatus !== null) {
        stats.failures++;
        res.writeHead(failStatus, { 'content-type': 'text/plain', ...(force?.retryAfter !== undefined ? { 'retry-after': String(force.retryAfter) } : {}), ...headers });
        res.end(failStatus === 429 ? 'Too many requests' : 'Service unavailable');
        return;
      }
      stats.served.push({ kind, at: now - started, polite });
      if (isLookup) {
        stats.lookups++;
        let doi = url.pathname.slice('/works/'.length);
        try { doi = decodeURIComponent(doi); } catch { /* as sent */ }
        const work = byDoi.get(doi.toLowerCase());
        if (!work) {
          res.writeHead(404, { 'content-type': 'text/plain', ...headers });
          res.end('Resource not found.');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify({ status: 'ok', 'message-type': 'work', 'message-version': '1.0.0', message: presented(work) }));
        return;
      }
      stats.searches++;
      if (url.pathname !== '/works') {
        res.writeHead(404, { 'content-type': 'text/plain', ...headers });
        res.end('Resource not found.');
        return;
      }
      const rowsRaw = url.searchParams.get('rows');
      const rows = rowsRaw === null ? 20 : Number(rowsRaw);
      if (!Number.isInteger(rows) || rows < 0 || rows > 1000) return validationFailure(res, 'integer-not-valid', rowsRaw, 'Integer specified as rows must be a positive integer less than or equal to 1000.', headers);
      const offsetRaw = url.searchParams.get('offset');
      const offset = offsetRaw === null ? 0 : Number(offsetRaw);
      if (!Number.isInteger(offset) || offset < 0 || offset > 10000) return validationFailure(res, 'integer-not-valid', offsetRaw, 'Integer specified as offset must be a positive integer less than or equal to 10000.', headers);
      const selectRaw = url.searchParams.get('select');
      const select = selectRaw ? selectRaw.split(',').map((f) => f.trim()).filter(Boolean) : null;
      const unknown = select?.find((f) => !SELECTABLE.has(f));
      if (unknown) return validationFailure(res, 'select-field-not-valid', unknown, `Field specified as ${unknown} is not valid for select.`, headers);
      const filter = parseFilter(url.searchParams.get('filter'));
      if (typeof filter === 'string') return validationFailure(res, 'filter-not-available', filter, `Filter ${filter} specified but there is no such filter for this route.`, headers);
      for (const name of url.searchParams.keys()) {
        if (name.startsWith('query.') && !['query.bibliographic', 'query.title', 'query.author', 'query.container-title'].includes(name)) {
          return validationFailure(res, 'field-query-not-available', name, `Field query ${name} specified but there is no such field query for this route.`, headers);
        }
      }
      const query = ['query', 'query.bibliographic', 'query.title', 'query.author', 'query.container-title'].map((k) => url.searchParams.get(k) ?? '').join(' ').trim();
      const page = await searcher.search(query, url.searchParams.get('filter'), offset, rows);
      const items = page.hits.map((h) => selectFields({ ...presented(h.work), score: h.score }, select));
      res.writeHead(200, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify({
        status: 'ok', 'message-type': 'work-list', 'message-version': '1.0.0',
        message: { facets: {}, 'total-results': page.total, items, 'items-per-page': rows, query: { 'start-index': offset, 'search-terms': query || null } },
      }));
    } finally {
      inFlight[pool]--;
      totalInFlight--;
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get stats() { return stats; },
    setOutage(status) { outage = status; },
    failNext(count, status, seconds) { for (let i = 0; i < count; i++) forced.push(seconds === undefined ? { status } : { status, retryAfter: seconds }); },
    setLatency(range) { latency = range; },
    resetStats() { stats = newStats(); },
    close: async () => {
      await new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
      await searcher.close();
    },
  };
}
