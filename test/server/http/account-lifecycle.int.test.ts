// Account lifecycle and sign-in abuse (issue 11, items 8 and 9): a new password ends sessions,
// api_access=0 stops existing keys, e-mail identity folds case and spaces only, logins are throttled.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addUser } from '../../../server/cli/accounts.ts';
import { updateUser } from '../../../server/db/users.ts';
import { awaitFreshWindow, corpusDoc, expectError, startTestService, TEST_TOKEN_SECRET, type TestService } from '../../helpers/http-harness.ts';

const PER_ACCOUNT = 5;
const PER_ADDRESS = 20;

let t: TestService;
before(async () => {
  t = await startTestService('lifecycle', { TRIAL_CREDITS: '3', LOGIN_RATE_LIMIT_PER_MINUTE: String(PER_ACCOUNT), LOGIN_ADDRESS_RATE_LIMIT_PER_MINUTE: String(PER_ADDRESS) });
});
after(async () => {
  await t.stop();
});

describe('account lifecycle', () => {
  test('a new password ends every session of the user; the same password again keeps them', async () => {
    const u = await t.user({});
    const second = await t.client.login(u.email, u.password);
    assert.ok(second.ok);
    await addUser(t.service.ctx.pool, { email: u.email, password: u.password });
    assert.equal((await u.session.listKeys()).status, 200, 'unchanged password: sessions live on');
    await addUser(t.service.ctx.pool, { email: u.email, password: 'a-brand-new-password' });
    expectError(await u.session.listKeys(), 401);
    expectError(await t.client.withSession(second.data.token).listKeys(), 401);
    expectError(await t.client.login(u.email, u.password), 401);
    assert.equal((await t.client.login(u.email, 'a-brand-new-password')).status, 200);
  });

  test('api_access=0 stops keys issued before, not only new ones', async () => {
    const u = await t.user({});
    const { client } = await u.key();
    assert.equal((await client.scan({ file: corpusDoc() })).status, 200);
    await updateUser(t.service.ctx.pool, u.userId, { apiAccess: false });
    const refused = expectError(await client.scan({ file: corpusDoc() }), 403);
    assert.equal(refused.reason, 'api_access_disabled');
    expectError(await u.session.createKey(), 403);
    await updateUser(t.service.ctx.pool, u.userId, { apiAccess: true });
    assert.equal((await client.scan({ file: corpusDoc() })).status, 200);
  });

  test('e-mail identity folds case and surrounding spaces, never accents', async () => {
    const plain = await addUser(t.service.ctx.pool, { email: 'alice.lifecycle@example.org', password: 'alice-password' });
    assert.equal((await t.client.login('  ALICE.Lifecycle@Example.org ', 'alice-password')).status, 200);
    expectError(await t.client.login('ālice.lifecycle@example.org', 'alice-password'), 401);
    const accented = await addUser(t.service.ctx.pool, { email: 'Ālice.lifecycle@example.org', password: 'other-password' });
    assert.notEqual(accented.userId, plain.userId, 'ālice@ is another account, not alice@');
    assert.equal((await t.client.login('ālice.lifecycle@example.org', 'other-password')).status, 200);
    assert.equal((await t.client.login('alice.lifecycle@example.org', 'alice-password')).status, 200);
  });
});

describe('login throttling', () => {
  test(`per account and address: after ${PER_ACCOUNT} attempts in a window even the right password is 429 with Retry-After`, async () => {
    await awaitFreshWindow();
    await addUser(t.service.ctx.pool, { email: 'target.throttle@example.org', password: 'right-password' });
    for (let i = 0; i < PER_ACCOUNT; i++) expectError(await t.client.login('target.throttle@example.org', `guess-${i}`), 401);
    const limited = await t.client.login('Target.Throttle@example.org ', 'right-password');
    const body = expectError(limited, 429);
    const header = Number(limited.headers.get('retry-after'));
    assert.ok(Number.isInteger(header) && header >= 1 && header <= 60, `Retry-After ${header}`);
    assert.equal(body.retry_after, header);
  });

  test(`per address: at most ${PER_ADDRESS} attempts a window, whatever the e-mails`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PER_ADDRESS + 3; i++) statuses.push((await t.client.login(`nobody-${i}@example.org`, 'whatever')).status);
    const first429 = statuses.indexOf(429);
    assert.ok(first429 >= 0 && first429 <= PER_ADDRESS, statuses.join(','));
    assert.ok(statuses.slice(0, first429).every((s) => s === 401), statuses.join(','));
    assert.ok(statuses.slice(first429).every((s) => s === 429), statuses.join(','));

    // Once the address is over its limit, made-up e-mails add no rows to the limiter store.
    const accountRows = async (): Promise<number> => {
      const [rows] = await t.service.ctx.pool.query("SELECT COUNT(*) AS n FROM rate_limit_counters WHERE bucket LIKE 'login-acct:%'");
      return Number((rows as { n: number }[])[0]!.n);
    };
    const before = await accountRows();
    for (let i = 0; i < 5; i++) assert.equal((await t.client.login(`flood-${i}@example.org`, 'whatever')).status, 429);
    assert.equal(await accountRows(), before);
  });
});

describe('login throttling does not lock the owner out (issue 24)', () => {
  test('wrong passwords from many addresses meet the hourly cap; the owner signs in from a known address, which resets it', async () => {
    const forged = await startTestService('lifecycle_owner', {
      TRUST_PROXY: 'true', LOGIN_RATE_LIMIT_PER_MINUTE: '3', LOGIN_ACCOUNT_RATE_LIMIT_PER_HOUR: '10', LOGIN_ADDRESS_RATE_LIMIT_PER_MINUTE: '1000',
    });
    try {
      const email = 'owner.lockout@example.org';
      await addUser(forged.service.ctx.pool, { email, password: 'owner-password' });
      const from = (address: string, password: string) =>
        fetch(`${forged.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify({ email, password }) });
      assert.equal((await from('203.0.113.5', 'owner-password')).status, 200, 'the owner signs in at home');
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await from(`198.51.100.${i + 1}`, `guess-${i}`)).status);
      assert.deepEqual(statuses.slice(0, 9), Array(9).fill(401), statuses.join(','));
      assert.ok(statuses.slice(9).every((s) => s === 429), `the hourly cap (10, one used by the owner) holds the guesser: ${statuses.join(',')}`);
      const hourly = await from('192.0.2.44', 'owner-password');
      assert.equal(hourly.status, 429, 'a new address is held by the cap too');
      assert.ok(Number(hourly.headers.get('retry-after')) > 60, 'until the hour ends');
      for (let i = 0; i < 3; i++) assert.equal((await from('198.51.100.200', `guess-${i}`)).status, 429);
      assert.equal((await from('203.0.113.5', 'owner-password')).status, 200, 'the owner is not locked out at a known address');
      assert.equal((await from('192.0.2.44', 'owner-password')).status, 200, "the owner's success at a known address reset the hourly cap");
      const [rows] = await forged.service.ctx.pool.query('SELECT address_hash FROM login_addresses');
      assert.equal((rows as unknown[]).length, 2, 'two known addresses, stored hashed');
      assert.ok(!JSON.stringify(rows).includes('203.0.113') && TEST_TOKEN_SECRET.length > 0);
    } finally {
      await forged.stop();
    }
  });
});
