// The service's configuration, read once from the environment.
import { randomBytes } from 'node:crypto';
import { DEFAULT_DATABASE_URL } from '../db/connection.ts';
import { parseCorsOrigins } from './cors.ts';

/** Express's "trust proxy": false (use the socket's address), a number of proxy hops, or proxy addresses/subnets. */
type TrustProxy = false | number | string[];

export interface ServiceConfig {
  port: number;
  /** Listen address; '' listens on every interface (the default, for containers). */
  host: string;
  databaseUrl: string;
  tokenSecret: string;
  /** True when TOKEN_SECRET was not set and a random one was generated for this process. */
  tokenSecretGenerated: boolean;
  crossrefApiUrl: string;
  crossrefMailto: string;
  /** Longest time one /hyperlink-crossref request may spend resolving (then 503 resolver_timeout). */
  resolverTimeoutMs: number;
  /** RESOLVER_ENABLED=false switches the Crossref resolver off (/hyperlink-crossref answers 503 resolver_unavailable). */
  resolverEnabled: boolean;
  /** Widening of the registry limiter's window in ms (REGISTRY_WINDOW_MARGIN_MS); null: 100 ms plus 5% of the window. */
  registryWindowMarginMs: number | null;
  rateLimitPerMinute: number;
  orgRateLimitPerMinute: number;
  docsEventsRateLimitPerMinute: number;
  /** Documentation analytics events older than this many days are deleted (hourly housekeeping). */
  docsEventsRetentionDays: number;
  /** Sign-in attempts per account (e-mail) and client address per minute, then 429. */
  loginRateLimitPerMinute: number;
  /** Sign-in attempts per account per hour from addresses the account has never signed in from, then 429. */
  loginAccountRateLimitPerHour: number;
  /** Sign-ins doing database and password work at once (server/http/services/login-gate.ts); the rest wait briefly. */
  loginConcurrency: number;
  /** Sign-in attempts per client address per minute, then 429. */
  loginAddressRateLimitPerMinute: number;
  maxKeysPerUser: number;
  maxOrgKeys: number;
  /** Presets one organisation may keep; one more is 409 preset_limit_reached. */
  maxOrgPresets: number;
  trialCredits: number;
  sessionTtlHours: number;
  scanTokenTtlHours: number;
  engineThreads: number;
  engineTimeoutMs: number;
  /** How long an Idempotency-Key stays held by a request that stopped renewing it (a killed process). */
  idempotencyLeaseMs: number;
  /** Largest answer kept for an Idempotency-Key retry; larger answers are recomputed, without a charge. */
  idempotencyMaxStoredBytes: number;
  /** How long SIGTERM waits for requests in flight before refunding the charged ones and stopping. */
  drainTimeoutMs: number;
  /** A credit reservation pending longer than the engine time-out plus this is refunded as abandoned. */
  creditReservationGraceMs: number;
  creditPriceCents: number;
  trustProxy: TrustProxy;
  /** Development only: organisation owners may complete their own purchases (credits without payment). */
  billingSelfComplete: boolean;
  /** Old-generation heap cap of one engine worker; total engine heap ≤ engineThreads × this. */
  engineHeapMb: number;
  /** Longest time the resolver's style detection may take in an engine worker (then the report carries no style). */
  styleDetectionTimeoutMs: number;
  /** Wall-clock cap of one uploaded CSL style's check (its own worker, killed and replaced past it). */
  cslCheckTimeoutMs: number;
  /** Old-generation heap cap of the CSL check worker. */
  cslCheckHeapMb: number;
  /** An engine worker idle this long is shut down (its memory goes back to the system). */
  engineIdleMs: number;
  /** Engine tasks that may wait for a worker; one more is answered 503 with Retry-After. */
  engineQueueMax: number;
  /** Engine tasks one account (user or organisation) may run at once; null: every worker but one. */
  engineAccountThreads: number | null;
  /** Free scans (/hyperlink-scan, /hyperlink-style-preview) per account (user or organisation) per minute, then 429. */
  freeScanRateLimitPerMinute: number;
  /** Document requests one key may have in flight in this process; one more is 429. */
  maxConcurrentPerKey: number;
  /** Documents one account (user or organisation) may have in flight in this process over all its keys
   * (default four keys' worth). */
  maxConcurrentPerAccount: number;
  /** Links one document may propose; more is 422 too-many-matches. */
  maxMatchesPerDocument: number;
  /** Largest scan answer (JSON bytes); larger is 422 response-too-large. */
  maxScanResponseBytes: number;
  /** Slots client addresses are hashed into for per-address limits (bounds the limiter store). */
  rateLimitAddressSlots: number;
  /** Time allowed for a client to send its request headers. */
  headersTimeoutMs: number;
  /** Time allowed for a client to send its whole request (a 25 MB upload on a slow line fits). */
  requestTimeoutMs: number;
  /** Longest silence allowed while a request body is being received. */
  uploadIdleTimeoutMs: number;
  /** How long an idle keep-alive connection is kept open between requests. */
  keepAliveTimeoutMs: number;
  /** Bearer token GET /metrics asks for; empty: /metrics answers 404 (never public by default). */
  metricsToken: string;
  logLevel: string;
  /** Browser origins answered with CORS headers (CORS_ORIGINS; default the add-in dev server). */
  corsOrigins: string[];
}

type Env = Record<string, string | undefined>;

function intFrom(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer of at least ${min}`);
  return value;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const PROXY_ADDRESS = /^[0-9A-Fa-f.:]+(?:\/\d{1,3})?$/;

/**
 * TRUST_PROXY: unset/false/0 → the socket's address; N → trust N proxy hops; true → one hop; a comma
 * list of addresses, subnets or loopback/linklocal/uniquelocal → trust exactly those proxies.
 */
function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(',').map((v) => v.trim()).filter((v) => v !== '');
  for (const item of list) {
    if (!PROXY_NAMES.has(item) && !PROXY_ADDRESS.test(item)) {
      throw new Error(`TRUST_PROXY must be false, a number of proxy hops, or a comma list of proxy addresses/subnets (or loopback, linklocal, uniquelocal); got '${item}'`);
    }
  }
  return list;
}

export function loadConfig(env: Env = process.env): ServiceConfig {
  const secret = env.TOKEN_SECRET?.trim();
  return {
    port: intFrom(env, 'PORT', 8080, 0),
    host: env.HOST?.trim() ?? '',
    databaseUrl: env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL,
    tokenSecret: secret || randomBytes(48).toString('base64url'),
    tokenSecretGenerated: !secret,
    crossrefApiUrl: env.CROSSREF_API_URL?.trim() || 'https://api.crossref.org',
    crossrefMailto: env.CROSSREF_MAILTO?.trim() || '',
    resolverTimeoutMs: intFrom(env, 'RESOLVER_TIMEOUT_MS', 600_000, 1000),
    resolverEnabled: env.RESOLVER_ENABLED !== 'false' && env.RESOLVER_ENABLED !== '0',
    registryWindowMarginMs: env.REGISTRY_WINDOW_MARGIN_MS?.trim() ? intFrom(env, 'REGISTRY_WINDOW_MARGIN_MS', 0, 0) : null,
    rateLimitPerMinute: intFrom(env, 'RATE_LIMIT_PER_MINUTE', 60, 1),
    orgRateLimitPerMinute: intFrom(env, 'ORG_RATE_LIMIT_PER_MINUTE', 600, 1),
    docsEventsRateLimitPerMinute: intFrom(env, 'DOCS_EVENTS_RATE_LIMIT_PER_MINUTE', 120, 1),
    // 365: the longest window GET /admin-docs-insights can ask for (days ≤ 365), so no window loses events by default.
    docsEventsRetentionDays: intFrom(env, 'DOCS_EVENTS_RETENTION_DAYS', 365, 1),
    loginRateLimitPerMinute: intFrom(env, 'LOGIN_RATE_LIMIT_PER_MINUTE', 10, 1),
    loginAccountRateLimitPerHour: intFrom(env, 'LOGIN_ACCOUNT_RATE_LIMIT_PER_HOUR', 100, 1),
    loginConcurrency: intFrom(env, 'LOGIN_CONCURRENCY', 8, 1),
    loginAddressRateLimitPerMinute: intFrom(env, 'LOGIN_ADDRESS_RATE_LIMIT_PER_MINUTE', 60, 1),
    maxKeysPerUser: intFrom(env, 'MAX_KEYS_PER_USER', 10, 0),
    maxOrgKeys: intFrom(env, 'MAX_ORG_KEYS', 25, 0),
    maxOrgPresets: intFrom(env, 'MAX_ORG_PRESETS', 100, 0),
    trialCredits: intFrom(env, 'TRIAL_CREDITS', 25, 0),
    sessionTtlHours: intFrom(env, 'SESSION_TTL_HOURS', 168, 1),
    scanTokenTtlHours: intFrom(env, 'SCAN_TOKEN_TTL_HOURS', 24, 1),
    engineThreads: intFrom(env, 'ENGINE_THREADS', 2, 1),
    engineTimeoutMs: intFrom(env, 'ENGINE_TIMEOUT_MS', 120_000, 1000),
    idempotencyLeaseMs: intFrom(env, 'IDEMPOTENCY_LEASE_MS', 30_000, 1000),
    idempotencyMaxStoredBytes: intFrom(env, 'IDEMPOTENCY_MAX_STORED_MB', 8, 0) * 1024 * 1024,
    drainTimeoutMs: intFrom(env, 'DRAIN_TIMEOUT_MS', 30_000, 0),
    creditReservationGraceMs: intFrom(env, 'CREDIT_RESERVATION_GRACE_MS', 60_000, 0),
    creditPriceCents: intFrom(env, 'CREDIT_PRICE_CENTS', 50, 0),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    billingSelfComplete: env.BILLING_SELF_COMPLETE === 'true',
    engineHeapMb: intFrom(env, 'ENGINE_HEAP_MB', 1024, 64),
    engineIdleMs: intFrom(env, 'ENGINE_IDLE_MS', 30_000, 100),
    styleDetectionTimeoutMs: intFrom(env, 'STYLE_DETECTION_TIMEOUT_MS', 30_000, 100),
    cslCheckTimeoutMs: intFrom(env, 'CSL_CHECK_TIMEOUT_MS', 30_000, 500),
    cslCheckHeapMb: intFrom(env, 'CSL_CHECK_HEAP_MB', 192, 64),
    engineQueueMax: intFrom(env, 'ENGINE_QUEUE_MAX', 8, 0),
    engineAccountThreads: env.ENGINE_ACCOUNT_THREADS?.trim() ? intFrom(env, 'ENGINE_ACCOUNT_THREADS', 1, 1) : null,
    freeScanRateLimitPerMinute: intFrom(env, 'FREE_SCAN_RATE_LIMIT_PER_MINUTE', 30, 1),
    maxConcurrentPerKey: intFrom(env, 'MAX_CONCURRENT_PER_KEY', 2, 1),
    maxConcurrentPerAccount: intFrom(env, 'MAX_CONCURRENT_PER_ACCOUNT', 4 * intFrom(env, 'MAX_CONCURRENT_PER_KEY', 2, 1), 1),
    maxMatchesPerDocument: intFrom(env, 'MAX_MATCHES_PER_DOCUMENT', 25_000, 1),
    maxScanResponseBytes: intFrom(env, 'MAX_SCAN_RESPONSE_MB', 24, 1) * 1024 * 1024,
    rateLimitAddressSlots: intFrom(env, 'RATE_LIMIT_ADDRESS_SLOTS', 4096, 1),
    headersTimeoutMs: intFrom(env, 'HEADERS_TIMEOUT_MS', 20_000, 1000),
    requestTimeoutMs: intFrom(env, 'REQUEST_TIMEOUT_MS', 300_000, 1000),
    uploadIdleTimeoutMs: intFrom(env, 'UPLOAD_IDLE_TIMEOUT_MS', 30_000, 1000),
    keepAliveTimeoutMs: intFrom(env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000, 1000),
    metricsToken: env.METRICS_TOKEN?.trim() ?? '',
    logLevel: env.LOG_LEVEL?.trim() || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
  };
}
