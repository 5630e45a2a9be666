// Signing in, the decisions taken before any account is read: throttled per client address and per
// account before a password is hashed (429 with Retry-After), and an over-long address or password
// answered like a wrong one (401, same scrypt work) without a lookup. Sessions for real accounts are
// run against MariaDB by test/server/http/routes/auth.int.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { login } from '../../../../server/http/services/login.ts';
import { HttpError } from '../../../../server/http/errors.ts';
import { refusal, serviceContext } from '../../../helpers/service-context.ts';

const longEmail = (n: number) => `${'u'.repeat(250)}${n}@example.org`;

test('an over-long e-mail or password is a 401 bad_credentials, decided without the database', async () => {
  const ctx = serviceContext();
  assert.deepEqual(await refusal(() => login(ctx, { email: longEmail(1), password: 'x', address: '192.0.2.1' })), { status: 401, reason: 'bad_credentials', error: 'Invalid email or password' });
  const r = await refusal(() => login(ctx, { email: 'someone@example.org', password: 'p'.repeat(1025), address: '192.0.2.1' }).catch((err: unknown) => {
    // A password over 1024 characters is refused before the lookup too: the pool would throw otherwise.
    if (err instanceof HttpError) throw err;
    throw new Error(`reached the database: ${(err as Error).message}`);
  }));
  assert.deepEqual([r.status, r.reason], [401, 'bad_credentials']);
});

test('per account and address: the limit\'s next attempt from that address is a 429 with Retry-After, before any password is hashed; another address is not held', async () => {
  const ctx = serviceContext({ env: { LOGIN_RATE_LIMIT_PER_MINUTE: '2' } });
  const attempt = (address: string) => login(ctx, { email: ` ${longEmail(7).toUpperCase()} `, password: 'x', address });
  for (let i = 0; i < 2; i++) assert.equal((await refusal(() => attempt('192.0.2.1'))).status, 401);
  const throttled = await attempt('192.0.2.1').then(() => null, (err: unknown) => err);
  assert.ok(throttled instanceof HttpError);
  assert.deepEqual([throttled.status, throttled.reason], [429, 'rate_limited']);
  assert.match(throttled.headers['Retry-After'] ?? '', /^\d+$/);
  assert.equal((await refusal(() => attempt('192.0.2.2'))).reason, 'bad_credentials', 'guesses from one address do not lock out another');
});

test('per account over an hour, from every address: a distributed guesser meets LOGIN_ACCOUNT_RATE_LIMIT_PER_HOUR (Retry-After to the hour\'s end)', async () => {
  const ctx = serviceContext({ env: { LOGIN_RATE_LIMIT_PER_MINUTE: '5', LOGIN_ACCOUNT_RATE_LIMIT_PER_HOUR: '3' } });
  const attempt = (address: string) => login(ctx, { email: longEmail(8), password: 'x', address });
  for (let i = 0; i < 3; i++) assert.equal((await refusal(() => attempt(`198.51.100.${i}`))).status, 401);
  const throttled = await attempt('198.51.100.99').then(() => null, (err: unknown) => err);
  assert.ok(throttled instanceof HttpError && throttled.status === 429);
  assert.ok(Number(throttled.headers['Retry-After']) <= 3600);
});

test('per address: many e-mails from one IPv6 /64 network are throttled; another address is not', async () => {
  const ctx = serviceContext({ env: { LOGIN_ADDRESS_RATE_LIMIT_PER_MINUTE: '3' } });
  for (let i = 0; i < 3; i++) assert.equal((await refusal(() => login(ctx, { email: longEmail(i), password: 'x', address: '2001:db8::1' }))).status, 401);
  assert.equal((await refusal(() => login(ctx, { email: longEmail(9), password: 'x', address: '2001:db8::2' }))).reason, 'rate_limited');
  assert.equal((await refusal(() => login(ctx, { email: longEmail(9), password: 'x', address: '198.51.100.7' }))).reason, 'bad_credentials');
});
