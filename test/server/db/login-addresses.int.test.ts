// login_addresses on real MariaDB: an address is known to the account that signed in from it only; the
// newest 20 are kept; deleting the user deletes them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isKnownAddress, rememberAddress } from '../../../server/db/login-addresses.ts';
import { countOf, seedUser, useTestDatabase } from '../../helpers/test-database.ts';

const db = useTestDatabase('login_addresses');
/** Addresses kept per user (login-addresses.ts). */
const KNOWN_ADDRESSES_PER_USER = 20;
const hash = (n: number) => n.toString(16).padStart(64, '0');

test('an address is known to the account that signed in from it, not to another', async () => {
  const a = await seedUser(db.pool);
  const b = await seedUser(db.pool);
  assert.equal(await isKnownAddress(db.pool, a, hash(1)), false);
  await rememberAddress(db.pool, a, hash(1));
  await rememberAddress(db.pool, a, hash(1));
  assert.equal(await isKnownAddress(db.pool, a, hash(1)), true);
  assert.equal(await isKnownAddress(db.pool, b, hash(1)), false);
  assert.equal(await isKnownAddress(db.pool, '', hash(1)), false, 'no user: nothing is known');
  assert.equal(await countOf(db.pool, 'SELECT COUNT(*) AS n FROM login_addresses WHERE user_id = ?', [a]), 1);
});

test('only the newest addresses are kept per user; deleting the user deletes them', async () => {
  const u = await seedUser(db.pool);
  for (let i = 0; i < KNOWN_ADDRESSES_PER_USER + 5; i++) {
    await rememberAddress(db.pool, u, hash(100 + i));
    await new Promise((r) => setTimeout(r, 3)); // distinct millisecond times
  }
  assert.equal(await countOf(db.pool, 'SELECT COUNT(*) AS n FROM login_addresses WHERE user_id = ?', [u]), KNOWN_ADDRESSES_PER_USER);
  assert.equal(await isKnownAddress(db.pool, u, hash(100)), false, 'the oldest is forgotten');
  assert.equal(await isKnownAddress(db.pool, u, hash(100 + KNOWN_ADDRESSES_PER_USER + 4)), true);
  await db.pool.query('DELETE FROM users WHERE id = ?', [u]);
  assert.equal(await countOf(db.pool, 'SELECT COUNT(*) AS n FROM login_addresses WHERE user_id = ?', [u]), 0);
});
