// Signing in: throttled before any password is hashed (so throttled guesses cost no scrypt), and the same
// scrypt work for unknown e-mails as for known ones (a dummy hash), so neither the answer nor its timing
// tells whether an address has an account. scrypt runs asynchronously on libuv's thread pool, off the
// event loop.
//
// Throttling (issue 24): guesses from anywhere must not lock the owner out.
// - per client address, whatever the account (LOGIN_ADDRESS_RATE_LIMIT_PER_MINUTE);
// - per account and address (LOGIN_RATE_LIMIT_PER_MINUTE): guesses from one place;
// - per account from every address the account has never signed in from, over an hour
//   (LOGIN_ACCOUNT_RATE_LIMIT_PER_HOUR): a distributed guesser's total. A sign-in from a known address
//   (one the account signed in from before) is not held by this cap, and its success resets it;
// - when password checks queue (a flood from forged addresses), a known address's check goes first:
//   the owner waits about one check instead of being refused;
// - before any of that, admission (login-gate.ts): LOGIN_CONCURRENCY sign-ins do database work at once, those
//   this process saw succeed from the same account and network first, the others briefly queued or 503.
import { createHmac } from 'node:crypto';
import { isKnownAddress, rememberAddress } from '../../db/login-addresses.ts';
import { insertSession } from '../../db/sessions.ts';
import { findUserByEmail, normaliseEmail } from '../../db/users.ts';
import type { AppContext } from '../context.ts';
import { HttpError, unauthorized } from '../errors.ts';
import { ipv6Network, type LimitCheck } from '../rate-limit.ts';
import { LoginBusy, LoginGate } from './login-gate.ts';
import { DUMMY_PASSWORD_HASH, newSessionToken, PasswordCheckBusy, verifyPassword } from '../../accounts/secrets.ts';
import { sha256Hex } from '../../common/hash.ts';

export interface LoginAttempt {
  email: string;
  password: string;
  /** The client address as Express sees it (after the configured proxy trust). */
  address: string;
}

const HOUR_MS = 3_600_000;

const badCredentials = () => unauthorized('Invalid email or password', 'bad_credentials');
const loginBusy = () =>
  new HttpError(503, 'Service temporarily unavailable', 'login_busy', { retry_after: 2, retryAfter: 2, hint: 'Too many sign-ins at once; retry shortly.' }, { 'Retry-After': '2' });

/** The stored form of a client address: a keyed hash of its network (IPv6 by /64). */
function addressHash(secret: string, address: string): string {
  return createHmac('sha256', secret).update(ipv6Network(address)).digest('hex');
}

/** The limiter buckets of one account (by a hash of its normalised e-mail). */
function accountBuckets(ctx: AppContext, email: string, address: string): { perAddress: string; hourly: string } {
  const account = sha256Hex(email).slice(0, 40);
  return { perAddress: ctx.rateLimiter.addressBucket(`login-acct:${account}`, address), hourly: `login-acct-h:${account}` };
}

/** One admission gate per service (its config object). */
const gates = new WeakMap<object, LoginGate>();
function gateOf(ctx: AppContext): LoginGate {
  let gate = gates.get(ctx.config);
  if (!gate) {
    gate = new LoginGate({ concurrency: ctx.config.loginConcurrency, queue: 4 * ctx.config.loginConcurrency, maxWaitMs: 5_000, remember: 10_000 });
    gates.set(ctx.config, gate);
  }
  return gate;
}

/** Returns a new session token and its expiry; 429 when throttled, 503 login_busy past admission, 401 on any
 * wrong or unknown credential. */
export async function login(ctx: AppContext, attempt: LoginAttempt): Promise<{ token: string; expiresAt: Date }> {
  const gate = gateOf(ctx);
  const pair = sha256Hex(`${normaliseEmail(attempt.email)}\n${addressHash(ctx.config.tokenSecret, attempt.address)}`);
  const signedIn = await gate.run(gate.isKnown(pair), () => admittedLogin(ctx, attempt)).catch((err: unknown) => {
    if (err instanceof LoginBusy) throw loginBusy();
    throw err;
  });
  gate.remember(pair);
  return signedIn;
}

async function admittedLogin(ctx: AppContext, attempt: LoginAttempt): Promise<{ token: string; expiresAt: Date }> {
  const email = normaliseEmail(attempt.email);
  // The address first: an address over its limit adds no per-account row to the limiter store, so a
  // flood of made-up e-mails from one address adds at most its limit of rows per window.
  await ctx.rateLimiter.check([{ bucket: ctx.rateLimiter.addressBucket('login-addr', attempt.address), limit: ctx.config.loginAddressRateLimitPerMinute }]);
  const tooLong = email.length > 254 || attempt.password.length > 1024;
  const user = tooLong ? null : await findUserByEmail(ctx.pool, email);
  const where = addressHash(ctx.config.tokenSecret, attempt.address);
  // Asked for unknown e-mails too (with no user it matches nothing), so the timing is the same.
  const known = tooLong ? false : await isKnownAddress(ctx.pool, user?.id ?? '', where);
  const buckets = accountBuckets(ctx, email, attempt.address);
  const checks: LimitCheck[] = [{ bucket: buckets.perAddress, limit: ctx.config.loginRateLimitPerMinute }];
  if (!known) checks.push({ bucket: buckets.hourly, limit: ctx.config.loginAccountRateLimitPerHour, windowMs: HOUR_MS });
  await ctx.rateLimiter.check(checks);
  const ok = await verifyPassword(tooLong ? '' : attempt.password, user?.password_hash ?? DUMMY_PASSWORD_HASH, { priority: known }).catch((err: unknown) => {
    if (err instanceof PasswordCheckBusy) throw loginBusy();
    throw err;
  });
  if (!user || !ok) throw badCredentials();
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + ctx.config.sessionTtlHours * 3_600_000);
  await insertSession(ctx.pool, user.id, sha256Hex(token), expiresAt);
  await rememberAddress(ctx.pool, user.id, where);
  await ctx.rateLimiter.reset(buckets.perAddress);
  if (known) await ctx.rateLimiter.reset(buckets.hourly);
  return { token, expiresAt };
}
