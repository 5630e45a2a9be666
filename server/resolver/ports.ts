// The seams of the resolver: what it needs from its surroundings (a rate limiter shared by every
// process that talks to the registry, a cache of answers, a progress sink) and what it offers (one
// resolve function). The resolver itself is pure of HTTP routes and MySQL: the CLI plugs in an
// in-process limiter and a file cache, the service a MySQL-backed limiter and cache.

import type { ReferenceCandidate, ResolutionStatus, ResolvedWork, ResolverReport, ScanPacket } from '../../shared/contract.ts';
import type { ReasonCode } from '../../shared/reasons.ts';
import type { HyperlinkSettings } from '../../shared/settings.ts';
import type { CslItem } from '../csl/render.ts';
import type { ReferenceListInput, StyleDetectionOutcome } from '../engine/citation-style-hooks.ts';
import { referencesFromPacket } from './references.ts';
import { resolveReferences } from './resolve.ts';

/** Crossref counts search and single-DOI look-ups separately (polite pool: 3/s with 3 at once, and 10/s). */
export type RequestClass = 'search' | 'lookup';

/** What the registry announces in `x-rate-limit-limit`, `x-rate-limit-interval` and `x-concurrency-limit`. */
export interface RateLimits {
  /** Requests allowed per interval. */
  limit: number;
  /** Length of the interval in milliseconds. */
  intervalMs: number;
  /** Requests allowed in flight at once. */
  concurrency: number;
}

/** A granted slot: release it when the response (or failure) is in, so the concurrency slot frees. */
export interface LimiterSlot {
  /**
   * The request left now (its headers were written to the socket): the window counts it from this moment instead
   * of its grant, so a request that left late (a busy event loop, a connection set up) is not counted early.
   * Stamps only move later; a slot never marked sent counts from its grant.
   */
  sent(): void;
  release(): void;
}

/**
 * One limiter for all registry requests of a client. Implementations: in-process (CLI, tests;
 * server/resolver/limiter.ts) and MySQL-backed (the service, shared by every process).
 * Contract: never more than `limit` requests sent per `intervalMs` window (stretched after a 429), never more than
 * `concurrency` unreleased slots, nothing granted before a pause ends.
 */
export interface RegistryLimiter {
  /**
   * Waits for a slot of the class; rejects with the signal's reason when it aborts first
   * (no slot is then held). A slot whose holder vanished must expire (a process that died).
   * `account` (user or organisation) shares the registry fairly: while several accounts wait, the one
   * served least recently goes next, so one account's many requests cannot hold everyone's capacity.
   */
  acquire(requestClass: RequestClass, signal?: AbortSignal, account?: string): Promise<LimiterSlot>;
  /** Limits the registry announced in the headers of a response to a request of this class. */
  updateLimits(requestClass: RequestClass, limits: RateLimits): void | Promise<void>;
  /** A 429 (or 503) with Retry-After: hold every request of every class until `untilEpochMs`. */
  pauseUntil(untilEpochMs: number): void | Promise<void>;
  /**
   * A 429 for a request of this class: the rate granted (for every process sharing the limiter) is halved, and
   * climbs back additively while no 429 comes (server/resolver/aimd.ts).
   */
  rateLimited(requestClass: RequestClass): void | Promise<void>;
}

/** Documented polite-pool limits (field notes): the starting point until the headers say otherwise. */
export const POLITE_LIMITS: Record<RequestClass, RateLimits> = {
  search: { limit: 3, intervalMs: 1000, concurrency: 3 },
  lookup: { limit: 10, intervalMs: 1000, concurrency: 3 },
};
/** Public pool (no mailto): 1 search per second, one at a time. */
export const PUBLIC_LIMITS: Record<RequestClass, RateLimits> = {
  search: { limit: 1, intervalMs: 1000, concurrency: 1 },
  lookup: { limit: 5, intervalMs: 1000, concurrency: 1 },
};

/** What the cache holds for one reference text: the outcome, never a `held` one. */
export interface CachedResolution {
  status: Exclude<ResolutionStatus, 'held'>;
  /** The proposed work (ready or low_confidence), null when unmatched. */
  work: ResolvedWork | null;
  /** Why, as codes (shared/reasons.ts): the report's sentences are made from them when it is built. */
  reasons: ReasonCode[];
  existingDoiCheck?: ReferenceCandidate['existingDoiCheck'];
}

/**
 * Answers keyed by `cacheKey(text, existingDoi)` (server/resolver/cache-key.ts: sha-256 hex of the
 * resolver version, the written DOI and the normalised text; 64 characters). The resolver decides the time to live: positive
 * answers (a DOI proposed) are kept longer than negative ones (`POSITIVE_TTL_MS`, `NEGATIVE_TTL_MS`);
 * `get` must not return an entry past its expiry.
 */
export interface ResolverCache {
  get(key: string): Promise<CachedResolution | null>;
  put(key: string, value: CachedResolution, ttlMs: number): Promise<void>;
  /**
   * The citation-style detection outcome of a whole list, keyed by `styleCacheKey()`
   * (server/resolver/style-cache.ts: sha-256 hex of the detector version, the entries and the
   * registry metadata). Optional: a cache without them makes every resolve detect the style again.
   */
  getStyle?(key: string): Promise<StyleDetectionOutcome | null>;
  putStyle?(key: string, value: StyleDetectionOutcome, ttlMs: number): Promise<void>;
}

export const POSITIVE_TTL_MS = 30 * 24 * 3600 * 1000;
export const NEGATIVE_TTL_MS = 3 * 24 * 3600 * 1000;

/** One reference finished (from the cache or the registry). */
export interface ResolveProgress {
  done: number;
  total: number;
  refId: string;
  status: ResolutionStatus;
  doi: string | null;
  confidence: number | null;
  /** True when the answer came from the cache (no registry call). */
  cached: boolean;
}

type ProgressCallback = (event: ResolveProgress) => void;

/** A reference to resolve: the bibliography target id and its text, plus what the scan parsed. */
export interface ResolveReference {
  refId: string;
  /** 0-based position in the reference list. */
  index: number;
  text: string;
  /** DOI written in the reference (normalised, lower case), if any. */
  existingDoi: string | null;
  existingUrl: string | null;
}

export interface ResolverDeps {
  /** Base URL of the registry API, e.g. https://api.crossref.org (CROSSREF_API_URL). */
  apiUrl: string;
  /** Contact address for the polite pool (CROSSREF_MAILTO); empty means the public pool. */
  mailto: string;
  limiter: RegistryLimiter;
  /** Null bypasses the cache (`--no-cache`). */
  cache: ResolverCache | null;
  /** Whose resolve this is (user or organisation), for the limiter's fair shares. */
  account?: string;
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
  /** Per-request time-out (default 20 s). */
  requestTimeoutMs?: number;
  /** Attempts per request before the reference is held (default 5). */
  maxAttempts?: number;
  /** fetch to use (tests); defaults to the global one. */
  fetch?: typeof fetch;
  /** Style detection refined with registry metadata (tests count calls); defaults to server/citation-style's refineStyleDetection
   * in this thread. The service runs it in the engine pool (server/http/server.ts). A refiner that throws gives no style. */
  refineStyle?: (list: ReferenceListInput, metadata: Array<CslItem | null>) => StyleDetectionOutcome | Promise<StyleDetectionOutcome>;
}

/** The parts of a ResolverReport the resolver produces (the route adds scanFingerprint and scanToken). */
export type ResolverReportParts = Omit<ResolverReport, 'scanFingerprint' | 'scanToken'>;

/** What the service (or the CLI) hands `createResolverPort` (below) once at start-up. */
export interface ResolverPortDeps {
  limiter: RegistryLimiter;
  cache: ResolverCache | null;
  requestTimeoutMs?: number;
  fetch?: typeof fetch;
  /** See ResolverDeps.refineStyle: the service's runs in the engine worker pool, off the event loop. */
  refineStyle?: ResolverDeps['refineStyle'];
}

/** What /hyperlink-crossref asks of the resolver: the uploaded document, its scan packet and the caller. */
interface ResolveRequest {
  bytes: Uint8Array;
  settings: HyperlinkSettings;
  packet: ScanPacket;
  crossrefApiUrl: string;
  crossrefMailto: string;
  signal: AbortSignal;
  /** The caller's account ("user:ID" or "org:ID"): registry capacity is shared fairly between accounts. */
  account?: string;
  /** Called once per reference resolved (the route streams it as a server-sent event). */
  onProgress?: ProgressCallback;
}

/** The door /hyperlink-crossref calls (server/http/services/resolve.ts); until one is configured the route answers 503. */
export interface ResolverPort {
  /** Returns the report without scanFingerprint and scanToken; the route adds both. */
  resolve(request: ResolveRequest): Promise<ResolverReportParts>;
}

/** The ResolverPort backed by this resolver: references from the scan packet's bibliography targets, resolved
 * under the service's limiter and cache. */
export function createResolverPort(deps: ResolverPortDeps): ResolverPort {
  return {
    resolve(request) {
      return resolveReferences(referencesFromPacket(request.packet), {
        apiUrl: request.crossrefApiUrl,
        mailto: request.crossrefMailto,
        limiter: deps.limiter,
        cache: deps.cache,
        signal: request.signal,
        ...(request.account ? { account: request.account } : {}),
        ...(request.onProgress ? { onProgress: request.onProgress } : {}),
        ...(deps.requestTimeoutMs ? { requestTimeoutMs: deps.requestTimeoutMs } : {}),
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
        ...(deps.refineStyle ? { refineStyle: deps.refineStyle } : {}),
      });
    },
  };
}
