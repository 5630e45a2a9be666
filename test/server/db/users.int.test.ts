// users on real MariaDB: one account per e-mail identity (case, spacing and Unicode encoding folded,
// accents not); a change writes only the fields it names; the trial credits are granted once per user
// even when requests race.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_CREDIT_BALANCE } from '../../../server/db/credits.ts';
import { findUserByEmail, findUserById, grantTrialOnce, insertUser, lockUser, normaliseEmail, updateUser, type NewUser } from '../../../server/db/users.ts';
import { inTransaction } from '../../../server/db/connection.ts';
import { seedUser, uniqueName, useTestDatabase } from '../../helpers/test-database.ts';

const db = useTestDatabase('users');
const newUser = (email: string): NewUser => ({ email, name: 'N', passwordHash: 'scrypt$x', isAdmin: false, plan: 'free', credits: 0 });

test('the e-mail is stored in its identity form and found from any case, spacing or encoding of it', async () => {
  const local = uniqueName('\u00c5sa'); // Åsa, precomposed
  const id = await insertUser(db.pool, newUser(`  ${local.toUpperCase()}@Example.ORG `));
  const stored = await findUserById(db.pool, id);
  assert.equal(stored?.email, `${local.toLowerCase()}@example.org`);
  const decomposed = `${local.normalize('NFD')}@example.org`;
  assert.notEqual(decomposed, stored?.email, 'the decomposed form is other bytes');
  assert.equal((await findUserByEmail(db.pool, decomposed))?.id, id);
  assert.equal(normaliseEmail(decomposed), stored?.email);
});

test('accented and plain addresses are different accounts; the same identity cannot register twice', async () => {
  const local = uniqueName('alice');
  const plain = await insertUser(db.pool, newUser(`${local}@example.org`));
  assert.equal(await findUserByEmail(db.pool, `${local.replace('a', '\u0101')}@example.org`), null, 'ālice is not alice');
  const accented = await insertUser(db.pool, newUser(`${local.replace('a', '\u0101')}@example.org`));
  assert.notEqual(plain, accented);
  await assert.rejects(insertUser(db.pool, newUser(`${local.toUpperCase()}@EXAMPLE.org`)), { code: 'ER_DUP_ENTRY' });
});

test('a change writes only the fields it names; no change writes nothing', async () => {
  const id = await seedUser(db.pool, { name: 'Before', plan: 'pro', credits: 7, isAdmin: true });
  const before = await findUserById(db.pool, id);
  await updateUser(db.pool, id, {});
  assert.deepEqual(await findUserById(db.pool, id), before);
  await updateUser(db.pool, id, { plan: 'team', apiAccess: false });
  const after = await findUserById(db.pool, id);
  assert.deepEqual(
    [after?.plan, after?.api_access, after?.name, after?.credits, after?.is_admin, after?.password_hash, after?.email],
    ['team', 0, 'Before', 7, 1, before?.password_hash, before?.email],
  );
  await updateUser(db.pool, id, { isAdmin: false, credits: 0, name: 'After', apiAccess: true });
  const last = await findUserById(db.pool, id);
  assert.deepEqual([last?.is_admin, last?.credits, last?.name, last?.api_access, last?.plan], [0, 0, 'After', 1, 'team']);
});

test('the trial is granted once per user, however many first keys race for it', async () => {
  const id = await seedUser(db.pool, { credits: 2 });
  const granted = await Promise.all(Array.from({ length: 5 }, () => grantTrialOnce(db.pool, id, 10)));
  assert.deepEqual(granted.sort((a, b) => b - a), [10, 0, 0, 0, 0]);
  const row = await findUserById(db.pool, id);
  assert.deepEqual([row?.credits, row?.trial_granted], [12, 1]);
  assert.equal(await grantTrialOnce(db.pool, await seedUser(db.pool), 0), 0, 'a zero trial grants nothing');
});

test('a trial on a balance near the column limit fills it to the limit instead of failing', async () => {
  const id = await seedUser(db.pool, { credits: MAX_CREDIT_BALANCE - 3 });
  assert.equal(await grantTrialOnce(db.pool, id, 25), 25);
  const row = await findUserById(db.pool, id);
  assert.deepEqual([row?.credits, row?.trial_granted], [MAX_CREDIT_BALANCE, 1]);
});

test('a locked user row makes a second transaction wait for the first to commit', async () => {
  const id = await seedUser(db.pool, { credits: 0 });
  const order: string[] = [];
  let locked!: () => void;
  const firstHasLock = new Promise<void>((r) => (locked = r));
  const first = inTransaction(db.pool, async (conn) => {
    await lockUser(conn, id);
    locked();
    await new Promise((r) => setTimeout(r, 100));
    await updateUser(conn, id, { credits: 1 });
    order.push('first commits');
  });
  await firstHasLock;
  const second = inTransaction(db.pool, async (conn) => {
    const row = await lockUser(conn, id);
    order.push(`second reads ${row?.credits}`);
  });
  await Promise.all([first, second]);
  assert.deepEqual(order, ['first commits', 'second reads 1']);
  assert.equal(await lockUser(db.pool, '00000000-0000-0000-0000-000000000000'), null);
});
