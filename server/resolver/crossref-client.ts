// The Crossref REST client: bibliographic search and single-DOI look-up, in the polite pool (mailto
// in the query and the User-Agent), every request through the shared limiter and marked sent when its
// headers leave (send-time.ts), limits followed from the response headers, 429 and 5xx retried with
// exponential backoff and jitter (Retry-After honoured and shared through the limiter; a 429 also halves
// the limiter's rate, which climbs back additively), a time-out per request, cancellation by AbortSignal.
// After a request fails for good the client counts the registry as down and fails fast, so an
// outage holds the remaining references at once instead of retrying each.

import { causeOf, causeText } from '../../shared/causes.ts';
import type { ReasonCode } from '../../shared/reasons.ts';
import { abortReason } from '../common/abort.ts';
import { clampLimits } from './limits.ts';
import type { RateLimits, RegistryLimiter, RequestClass } from './ports.ts';
import { POLITE_LIMITS, PUBLIC_LIMITS } from './ports.ts';
import { BodyLimitError, MAX_REGISTRY_BODY_BYTES, readCappedText } from './registry-body.ts';
import { whenSent } from './send-time.ts';
import type { CrossrefWork } from './work.ts';
import { validWork, validWorks } from './work-schema.ts';

export type RegistryErrorKind = 'unavailable' | 'bad_request' | 'bad_response';

export class RegistryError extends Error {
  /** What went wrong, without the "Crossref unavailable" heading of an unavailable registry's message. */
  readonly detail: string;

  /** `why`: what went wrong as a cause code (shared/causes.ts); `detail` is its English. */
  constructor(readonly kind: RegistryErrorKind, readonly why: ReasonCode) {
    const detail = causeText(why);
    super(kind === 'unavailable' ? `Crossref unavailable: ${detail}` : detail);
    this.detail = detail;
    this.name = 'RegistryError';
  }
}

export interface CrossrefClientOptions {
  apiUrl: string;
  mailto: string;
  limiter: RegistryLimiter;
  /** Whose requests these are (user or organisation): the limiter shares the registry fairly between accounts. */
  account?: string;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /** Per-request time-out (default 20 s). */
  timeoutMs?: number;
  /** Attempts per request (default 5). */
  maxAttempts?: number;
  /** First backoff delay (default 500 ms), doubled each retry up to `maxBackoffMs` (default 8 s). */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** Longest Retry-After honoured (default 60 s); longer waits hold the references instead. */
  maxRetryAfterMs?: number;
  /** Largest answer body read (default MAX_REGISTRY_BODY_BYTES); a larger one fails the request, unretried. */
  maxBodyBytes?: number;
  /**
   * The pool's documented limits (default: polite with a mailto, public without): announced limits slower than
   * these are not followed unless a 429 proves them (server/resolver/limits.ts).
   */
  floorLimits?: Record<RequestClass, RateLimits>;
  random?: () => number;
}

export interface ClientStats {
  /** HTTP requests sent (retries included). */
  requests: number;
  searches: number;
  lookups: number;
  retries: number;
  /** 429 answers received. */
  rateLimited: number;
  timeouts: number;
  /** Records the registry sent that failed the work schema (left out of matching). */
  droppedRecords: number;
}

const PRODUCT = 'Hyperlinker/0.1';

/** Answers over the byte cap after which the client stops asking (the remaining references are held at once). */
const OVERSIZE_LIMIT = 3;

/** Fields a search asks for: what matching and the notices need, nothing more. */
const SEARCH_SELECT = [
  'DOI', 'title', 'subtitle', 'author', 'issued', 'container-title', 'short-container-title', 'volume', 'issue', 'page',
  'type', 'score', 'update-to', 'updated-by', 'relation',
].join(',');

/** "1s", "1000ms", "60s", "1m" → milliseconds; null when unreadable. */
function parseInterval(raw: string | null): number | null {
  if (!raw) return null;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/i.exec(raw);
  if (!m) return null;
  const n = Number(m[1]);
  const unit = (m[2] ?? 's').toLowerCase();
  const ms = unit === 'ms' ? n : unit === 's' ? n * 1000 : unit === 'm' ? n * 60_000 : n * 3_600_000;
  return ms > 0 ? ms : null;
}

/** Limits announced in a response's headers, or null when it announces none. */
function limitsFromHeaders(headers: Headers): RateLimits | null {
  const limit = Number(headers.get('x-rate-limit-limit'));
  const intervalMs = parseInterval(headers.get('x-rate-limit-interval'));
  const concurrency = Number(headers.get('x-concurrency-limit'));
  if (!(limit > 0) && !(concurrency > 0)) return null;
  return { limit: limit > 0 ? limit : 0, intervalMs: intervalMs ?? 0, concurrency: concurrency > 0 ? concurrency : 0 };
}

/** Retry-After in seconds or as an HTTP date → milliseconds from now; null when absent. */
function retryAfterMs(raw: string | null, now = Date.now()): number | null {
  if (!raw) return null;
  if (/^\s*\d+(?:\.\d+)?\s*$/.test(raw)) return Number(raw) * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const t = setTimeout(() => { signal?.removeEventListener('abort', onAbort); resolve(); }, ms);
    const onAbort = () => { clearTimeout(t); reject(abortReason(signal!)); };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Node's global fetch loads its HTTP stack (undici) on first use: 30-50 ms of blocking work inside the first call.
 * Loaded before the first registry slot is taken, the first requests leave when granted. Loaded inside, they reached
 * the registry 60 ms after their grants, more than the limiter's slack (then 45 ms), so the next window's requests, granted
 * one window later, arrived less than a second after them: 1-3 429s in the first window of every fresh process
 * (each CLI run), by `npm run bench:resolver`'s first manuscript.
 */
let httpStackLoaded = false;
function loadHttpStack(): void {
  if (!httpStackLoaded) httpStackLoaded = typeof globalThis.Response === 'function';
}

export class CrossrefClient {
  readonly stats: ClientStats = { requests: 0, searches: 0, lookups: 0, retries: 0, rateLimited: 0, timeouts: 0, droppedRecords: 0 };
  private down: ReasonCode | null = null;
  /** When the last 429 came (epoch ms): the proof that lets announced limits go below the floor. */
  private last429 = 0;
  /** Answers over the byte cap so far: after OVERSIZE_LIMIT of them the registry counts as down. */
  private oversize = 0;
  private readonly base: string;
  private readonly fetchFn: typeof fetch;
  private readonly random: () => number;

  constructor(private readonly options: CrossrefClientOptions) {
    this.base = options.apiUrl.replace(/\/+$/, '');
    this.fetchFn = options.fetch ?? fetch;
    this.random = options.random ?? Math.random;
  }

  /** Why the client stopped calling the registry ("no answer within 20 s"), or null while it is reachable. */
  get unavailable(): ReasonCode | null {
    return this.down;
  }

  userAgent(): string {
    return this.options.mailto ? `${PRODUCT} (reference resolver; mailto:${this.options.mailto})` : `${PRODUCT} (reference resolver)`;
  }

  /** Works ranked by the registry for a bibliographic query, with their scores. */
  async search(query: string, rows = 10): Promise<CrossrefWork[]> {
    const params = new URLSearchParams({ 'query.bibliographic': query, rows: String(rows), select: SEARCH_SELECT });
    if (this.options.mailto) params.set('mailto', this.options.mailto);
    const body = await this.request('search', `${this.base}/works?${params}`);
    const items = (body as { message?: { items?: unknown } } | null)?.message?.items;
    if (!Array.isArray(items)) throw new RegistryError('bad_response', causeOf('registryNoItems', {}));
    const { works, dropped } = validWorks(items.slice(0, rows));
    this.stats.droppedRecords += dropped;
    return works;
  }

  /** The registry's record of a DOI; null when the registry does not know it (404). */
  async lookup(doi: string): Promise<CrossrefWork | null> {
    const params = this.options.mailto ? `?${new URLSearchParams({ mailto: this.options.mailto })}` : '';
    const body = await this.request('lookup', `${this.base}/works/${encodeURIComponent(doi)}${params}`);
    if (body === null) return null;
    const message = (body as { message?: unknown }).message;
    if (!message || typeof message !== 'object') throw new RegistryError('bad_response', causeOf('registryNoMessage', {}));
    const work = validWork(message);
    if (!work) {
      this.stats.droppedRecords++;
      throw new RegistryError('bad_response', causeOf('registryMalformed', { doi }));
    }
    return work;
  }

  /** Announced limits clamped to a sane range (server/resolver/limits.ts) before any limiter sees them. */
  private saneLimits(requestClass: RequestClass, announced: RateLimits): RateLimits {
    const floor = (this.options.floorLimits ?? (this.options.mailto ? POLITE_LIMITS : PUBLIC_LIMITS))[requestClass];
    return clampLimits(announced, floor, this.last429 > Date.now() - 600_000);
  }

  private backoff(attempt: number): number {
    const base = this.options.baseBackoffMs ?? 500;
    const max = this.options.maxBackoffMs ?? 8000;
    const exp = Math.min(max, base * 2 ** (attempt - 1));
    return exp / 2 + this.random() * exp / 2;
  }

  /** JSON body of a 200, null for a 404; throws RegistryError when it gives up. */
  private async request(requestClass: RequestClass, url: string): Promise<unknown> {
    if (this.down) throw new RegistryError('unavailable', this.down);
    const { limiter, signal } = this.options;
    const maxAttempts = this.options.maxAttempts ?? 5;
    const maxRetryAfter = this.options.maxRetryAfterMs ?? 60_000;
    let last: ReasonCode = causeOf('registryNoAnswer', {});
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      // Another request gave up meanwhile: this one stops retrying too.
      if (this.down) throw new RegistryError('unavailable', this.down);
      if (attempt > 1) this.stats.retries++;
      if (!this.options.fetch) loadHttpStack();
      const slot = await limiter.acquire(requestClass, signal, this.options.account);
      // The window counts the request from when its headers left; a fetch that does not report it (a test's)
      // is counted from when its answer came, later than it left, never earlier.
      let stamped = false;
      const stamp = () => {
        if (stamped) return;
        stamped = true;
        slot.sent();
      };
      const stopWaiting = whenSent(url, stamp);
      let wait: number | null = null;
      try {
        this.stats.requests++;
        this.stats[requestClass === 'search' ? 'searches' : 'lookups']++;
        const timeoutMs = this.options.timeoutMs ?? 20_000;
        const deadline = Date.now() + timeoutMs;
        const timeout = AbortSignal.timeout(timeoutMs);
        const res = await this.fetchFn(url, {
          headers: { 'user-agent': this.userAgent(), accept: 'application/json' },
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        stamp();
        const limits = limitsFromHeaders(res.headers);
        if (limits) await limiter.updateLimits(requestClass, this.saneLimits(requestClass, limits));
        const maxBytes = res.ok ? this.options.maxBodyBytes ?? MAX_REGISTRY_BODY_BYTES : 64 * 1024;
        const text = await readCappedText(res, maxBytes, deadline).catch((err: unknown) => {
          if (err instanceof BodyLimitError && err.reason === 'too_large') {
            // One oversized answer may be a freak record; a registry that keeps sending them is not answering.
            if (++this.oversize >= OVERSIZE_LIMIT) this.down = causeOf('registryOversize', { bytes: maxBytes });
            throw new RegistryError('bad_response', causeOf('registryTooLarge', { bytes: maxBytes }));
          }
          if (!res.ok && !(err instanceof BodyLimitError)) return '';
          throw err;
        });
        if (res.ok) {
          try {
            return JSON.parse(text) as unknown;
          } catch {
            last = causeOf('registryUnreadable', {});
            wait = this.backoff(attempt);
            continue;
          }
        }
        if (res.status === 404) {
          if (requestClass === 'lookup') return null;
          throw new RegistryError('bad_request', causeOf('registryNotFound', { path: new URL(url).pathname }));
        }
        if (res.status === 429 || res.status >= 500) {
          const after = retryAfterMs(res.headers.get('retry-after'));
          if (res.status === 429) {
            this.stats.rateLimited++;
            this.last429 = Date.now();
            await limiter.rateLimited(requestClass);
          }
          last = causeOf('registryStatus', { status: res.status });
          if (after !== null && after > maxRetryAfter) { last = causeOf('registryStatusRetryAfter', { status: res.status, seconds: Math.round(after / 1000) }); break; }
          wait = Math.max(after ?? 0, res.status === 429 && after === null ? this.backoff(attempt) : after === null ? this.backoff(attempt) : 0);
          if (after !== null || res.status === 429) await limiter.pauseUntil(Date.now() + wait);
          continue;
        }
        throw new RegistryError('bad_request', causeOf('registryStatusBody', { status: res.status, body: text.slice(0, 200) }));
      } catch (err) {
        if (err instanceof RegistryError) throw err;
        if (signal?.aborted) throw signal.reason;
        const timedOut = err instanceof BodyLimitError || (err instanceof Error && (err.name === 'TimeoutError' || (err.name === 'AbortError' && !signal?.aborted)));
        if (timedOut) this.stats.timeouts++;
        const code = err instanceof Error ? (err.cause as { code?: string } | undefined)?.code : undefined;
        // A name that does not resolve will not resolve in a few seconds either: one more try, not five.
        if (code === 'ENOTFOUND' && attempt >= 2) {
          last = causeOf('registryUnreachable', { error: code });
          break;
        }
        last = timedOut ? causeOf('registryTimeout', { seconds: Math.round((this.options.timeoutMs ?? 20_000) / 1000) }) : causeOf('registryUnreachable', { error: err instanceof Error ? (err.cause as { code?: string } | undefined)?.code ?? err.message : String(err) });
        wait = this.backoff(attempt);
      } finally {
        stopWaiting();
        slot.release();
        if (wait !== null && attempt < maxAttempts) await sleep(wait, signal);
      }
    }
    this.down = last;
    throw new RegistryError('unavailable', this.down);
  }
}
