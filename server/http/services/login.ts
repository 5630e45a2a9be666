// Signing in: throttled per account and per client address before any password is hashed (so throttled
// guesses cost no scrypt), and the same scrypt work for unknown e-mails as for known ones (a dummy
// hash), so neither the answer nor its timing tells whether an address has an account. scrypt runs
// asynchronously on libuv's thread pool, off the event loop.
import { insertSession } from '../../db/sessions.ts';
import { findUserByEmail, normaliseEmail } from '../../db/users.ts';
import type { AppContext } from '../context.ts';
import { HttpError, unauthorized } from '../errors.ts';
import { DUMMY_PASSWORD_HASH, newSessionToken, PasswordCheckBusy, verifyPassword } from '../../accounts/secrets.ts';
import { sha256Hex } from '../../common/hash.ts';

export interface LoginAttempt {
  email: string;
  password: string;
  /** The client address as Express sees it (after the configured proxy trust). */
  address: string;
}

const badCredentials = () => unauthorized('Invalid email or password', 'bad_credentials');
const loginBusy = () =>
  new HttpError(503, 'Service temporarily unavailable', 'login_busy', { retry_after: 2, retryAfter: 2, hint: 'Too many sign-ins at once; retry shortly.' }, { 'Retry-After': '2' });

/** Returns a new session token and its expiry; 429 when throttled, 401 on any wrong or unknown credential. */
export async function login(ctx: AppContext, attempt: LoginAttempt): Promise<{ token: string; expiresAt: Date }> {
  const email = normaliseEmail(attempt.email);
  // The address first: an address over its limit adds no per-account row to the limiter store, so a
  // flood of made-up e-mails from one address adds at most its limit of rows per window.
  await ctx.rateLimiter.check([{ bucket: ctx.rateLimiter.addressBucket('login-addr', attempt.address), limit: ctx.config.loginAddressRateLimitPerMinute }]);
  await ctx.rateLimiter.check([{ bucket: `login-acct:${sha256Hex(email)}`, limit: ctx.config.loginRateLimitPerMinute }]);
  const tooLong = email.length > 254 || attempt.password.length > 1024;
  const user = tooLong ? null : await findUserByEmail(ctx.pool, email);
  const ok = await verifyPassword(tooLong ? '' : attempt.password, user?.password_hash ?? DUMMY_PASSWORD_HASH).catch((err: unknown) => {
    if (err instanceof PasswordCheckBusy) throw loginBusy();
    throw err;
  });
  if (!user || !ok) throw badCredentials();
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + ctx.config.sessionTtlHours * 3_600_000);
  await insertSession(ctx.pool, user.id, sha256Hex(token), expiresAt);
  return { token, expiresAt };
}
