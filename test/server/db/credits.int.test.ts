// Credit balances on real MariaDB: a user's and an organisation's credits are separate accounts; adding
// credits is refused (nothing added) rather than overflowing the INT column, even by concurrent adds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addCredits, creditBalance, MAX_CREDIT_BALANCE, type CreditAccount } from '../../../server/db/credits.ts';
import { seedOrg, seedUser, useTestDatabase } from '../../helpers/test-database.ts';

const db = useTestDatabase('credits');

test("a user's and an organisation's balances are separate accounts", async () => {
  const userId = await seedUser(db.pool, { credits: 4 });
  const orgId = await seedOrg(db.pool, { userId, role: 'owner' });
  const user: CreditAccount = { kind: 'user', id: userId };
  const org: CreditAccount = { kind: 'org', id: orgId };
  assert.equal(await addCredits(db.pool, org, 10), true);
  assert.equal(await creditBalance(db.pool, org), 10);
  assert.equal(await creditBalance(db.pool, user), 4, 'the member keeps their own credits');
  assert.equal(await creditBalance(db.pool, { kind: 'org', id: userId }), 0, 'a user id is no organisation');
});

test('adding to an account that does not exist adds nothing', async () => {
  const ghost: CreditAccount = { kind: 'org', id: '00000000-0000-0000-0000-000000000000' };
  assert.equal(await addCredits(db.pool, ghost, 5), false);
  assert.equal(await creditBalance(db.pool, ghost), 0);
});

test('the balance may reach MAX_CREDIT_BALANCE but never pass it', async () => {
  const account: CreditAccount = { kind: 'user', id: await seedUser(db.pool, { credits: MAX_CREDIT_BALANCE - 10 }) };
  assert.equal(await addCredits(db.pool, account, 11), false, 'one past the maximum is refused');
  assert.equal(await creditBalance(db.pool, account), MAX_CREDIT_BALANCE - 10, 'a refused add changes nothing');
  assert.equal(await addCredits(db.pool, account, 10), true);
  assert.equal(await creditBalance(db.pool, account), MAX_CREDIT_BALANCE);
  assert.equal(await addCredits(db.pool, account, 1), false);
});

test('concurrent adds near the maximum: those that fit are applied, the rest refused, none lost', async () => {
  const account: CreditAccount = { kind: 'org', id: await seedOrg(db.pool) };
  const start = MAX_CREDIT_BALANCE - 25;
  assert.equal(await addCredits(db.pool, account, start), true);
  const results = await Promise.all(Array.from({ length: 8 }, () => addCredits(db.pool, account, 5)));
  assert.equal(results.filter(Boolean).length, 5, 'five adds of 5 fit in the 25 left');
  assert.equal(await creditBalance(db.pool, account), MAX_CREDIT_BALANCE);
});
