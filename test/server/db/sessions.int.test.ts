// sessions on real MariaDB: a session is found by the hash of its token while it is live; its expiry
// (an explicit time, compared with the database clock) and its revocation end it; a new password ends
// every session of its user and only theirs; deleting a user deletes their sessions; sessions that ended
// (expired or revoked) longer ago than the grace are purged, live ones and recently ended ones are kept.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sha256Hex } from '../../../server/common/hash.ts';
import { findLiveSession, insertSession, purgeEndedSessions, revokeSession } from '../../../server/db/sessions.ts';
import { updateUser } from '../../../server/db/users.ts';
import { backdate, countOf, seedUser, uniqueName, useTestDatabase } from '../../helpers/test-database.ts';

const db = useTestDatabase('sessions');
const inOneHour = () => new Date(Date.now() + 3_600_000);

async function session(userId: string, expiresAt = inOneHour()) {
  const token = uniqueName('token');
  const id = await insertSession(db.pool, userId, sha256Hex(token), expiresAt);
  return { id, token, live: () => findLiveSession(db.pool, sha256Hex(token)) };
}

test('a live session is found by the hash of its token, never by the token itself', async () => {
  const userId = await seedUser(db.pool);
  const s = await session(userId);
  const found = await s.live();
  assert.deepEqual([found?.id, found?.user_id, found?.token_hash], [s.id, userId, sha256Hex(s.token)]);
  assert.equal(await findLiveSession(db.pool, s.token), null);
  assert.equal(await countOf(db.pool, 'SELECT COUNT(*) AS n FROM sessions WHERE token_hash = ? OR id = ?', [s.token, s.token]), 0, 'the token is stored nowhere');
});

test('a session ends at its expiry time', async () => {
  const userId = await seedUser(db.pool);
  const expired = await session(userId, new Date(Date.now() - 1_000));
  const live = await session(userId, new Date(Date.now() + 60_000));
  assert.equal(await expired.live(), null);
  assert.equal((await live.live())?.id, live.id);
  // The stored expiry is the instant given (UTC), to the millisecond.
  const at = new Date('2031-05-06T07:08:09.123Z');
  const exact = await session(userId, at);
  assert.equal((await exact.live())?.expires_at.toISOString(), at.toISOString());
});

test('revoking ends one session and only that one', async () => {
  const userId = await seedUser(db.pool);
  const a = await session(userId);
  const b = await session(userId);
  await revokeSession(db.pool, a.id);
  await revokeSession(db.pool, a.id);
  assert.equal(await a.live(), null);
  assert.equal((await b.live())?.id, b.id);
});

test('a new password ends every session of the user, not those of others; a renamed user keeps them', async () => {
  const alice = await seedUser(db.pool);
  const bob = await seedUser(db.pool);
  const [a1, a2, b1] = [await session(alice), await session(alice), await session(bob)];
  await updateUser(db.pool, alice, { name: 'Alice' });
  assert.ok(await a1.live(), 'a change other than the password keeps the sessions');
  await updateUser(db.pool, alice, { passwordHash: 'scrypt$new' });
  assert.deepEqual([await a1.live(), await a2.live()], [null, null]);
  assert.equal((await b1.live())?.id, b1.id);
  const fresh = await session(alice);
  assert.ok(await fresh.live(), 'signing in again after the change works');
});

test("deleting a user deletes the user's sessions", async () => {
  const userId = await seedUser(db.pool);
  await session(userId);
  await db.pool.query('DELETE FROM users WHERE id = ?', [userId]);
  assert.equal(await countOf(db.pool, 'SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?', [userId]), 0);
});

test('the purge deletes sessions that expired or were revoked before the grace, and keeps the rest', async () => {
  const userId = await seedUser(db.pool);
  const DAY = 86_400_000;
  const live = await session(userId);
  const expiredLongAgo = await session(userId, new Date(Date.now() - 10 * DAY));
  const expiredYesterday = await session(userId, new Date(Date.now() - DAY));
  const revokedLongAgo = await session(userId);
  await revokeSession(db.pool, revokedLongAgo.id);
  await backdate(db.pool, 'sessions', 'revoked_at', { column: 'id', value: revokedLongAgo.id }, 10 * DAY);
  const revokedToday = await session(userId);
  await revokeSession(db.pool, revokedToday.id);
  assert.equal(await purgeEndedSessions(db.pool, 7, 100), 2);
  const left = async (id: string) => countOf(db.pool, 'SELECT COUNT(*) AS n FROM sessions WHERE id = ?', [id]);
  assert.deepEqual(
    await Promise.all([live, expiredLongAgo, expiredYesterday, revokedLongAgo, revokedToday].map((s) => left(s.id))),
    [1, 0, 1, 0, 1],
  );
  assert.ok(await live.live(), 'the live session still works');
  assert.equal(await purgeEndedSessions(db.pool, 7, 100), 0, 'nothing more to purge');
});
