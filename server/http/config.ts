// The service's configuration, read once from the environment.
import { randomBytes } from 'node:crypto';
import { DEFAULT_DATABASE_URL } from '../db/connection.ts';

export interface ServiceConfig {
  port: number;
  databaseUrl: string;
  tokenSecret: string;
  /** True when TOKEN_SECRET was not set and a random one was generated for this process. */
  tokenSecretGenerated: boolean;
  crossrefApiUrl: string;
  crossrefMailto: string;
  rateLimitPerMinute: number;
  orgRateLimitPerMinute: number;
  docsEventsRateLimitPerMinute: number;
  /** Sign-in attempts per account (e-mail) per minute, then 429. */
  loginRateLimitPerMinute: number;
  /** Sign-in attempts per client address per minute, then 429. */
  loginAddressRateLimitPerMinute: number;
  maxKeysPerUser: number;
  maxOrgKeys: number;
  trialCredits: number;
  sessionTtlHours: number;
  scanTokenTtlHours: number;
  engineThreads: number;
  engineTimeoutMs: number;
  /** A credit reservation pending longer than the engine time-out plus this is refunded as abandoned. */
  creditReservationGraceMs: number;
  creditPriceCents: number;
  trustProxy: boolean;
  /** Development only: organisation owners may complete their own purchases (credits without payment). */
  billingSelfComplete: boolean;
  logLevel: string;
}

type Env = Record<string, string | undefined>;

function intFrom(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer of at least ${min}`);
  return value;
}

export function loadConfig(env: Env = process.env): ServiceConfig {
  const secret = env.TOKEN_SECRET?.trim();
  return {
    port: intFrom(env, 'PORT', 8080, 0),
    databaseUrl: env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL,
    tokenSecret: secret || randomBytes(48).toString('base64url'),
    tokenSecretGenerated: !secret,
    crossrefApiUrl: env.CROSSREF_API_URL?.trim() || 'https://api.crossref.org',
    crossrefMailto: env.CROSSREF_MAILTO?.trim() || '',
    rateLimitPerMinute: intFrom(env, 'RATE_LIMIT_PER_MINUTE', 60, 1),
    orgRateLimitPerMinute: intFrom(env, 'ORG_RATE_LIMIT_PER_MINUTE', 600, 1),
    docsEventsRateLimitPerMinute: intFrom(env, 'DOCS_EVENTS_RATE_LIMIT_PER_MINUTE', 120, 1),
    loginRateLimitPerMinute: intFrom(env, 'LOGIN_RATE_LIMIT_PER_MINUTE', 10, 1),
    loginAddressRateLimitPerMinute: intFrom(env, 'LOGIN_ADDRESS_RATE_LIMIT_PER_MINUTE', 60, 1),
    maxKeysPerUser: intFrom(env, 'MAX_KEYS_PER_USER', 10, 0),
    maxOrgKeys: intFrom(env, 'MAX_ORG_KEYS', 25, 0),
    trialCredits: intFrom(env, 'TRIAL_CREDITS', 25, 0),
    sessionTtlHours: intFrom(env, 'SESSION_TTL_HOURS', 168, 1),
    scanTokenTtlHours: intFrom(env, 'SCAN_TOKEN_TTL_HOURS', 24, 1),
    engineThreads: intFrom(env, 'ENGINE_THREADS', 2, 1),
    engineTimeoutMs: intFrom(env, 'ENGINE_TIMEOUT_MS', 120_000, 1000),
    creditReservationGraceMs: intFrom(env, 'CREDIT_RESERVATION_GRACE_MS', 60_000, 0),
    creditPriceCents: intFrom(env, 'CREDIT_PRICE_CENTS', 50, 0),
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    billingSelfComplete: env.BILLING_SELF_COMPLETE === 'true',
    logLevel: env.LOG_LEVEL?.trim() || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
  };
}
