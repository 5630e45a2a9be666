// idempotency_keys on real MariaDB: one claim per scope and key; the lease and expiry read by the database
// clock; only the holder renews, completes or releases its claim; a retaken claim belongs to the new holder.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { completeClaim, insertClaim, lockClaim, purgeExpiredClaims, releaseClaim, renewLease, retakeClaim, setClaimReservation, type NewClaim } from '../../../server/db/idempotency.ts';
import { countOf, useTestDatabase } from '../../helpers/test-database.ts';

const db = useTestDatabase('idempotency');
const claim = (over: Partial<NewClaim> = {}): NewClaim => ({ scope: 'user:u1', key: 'k1', route: 'hyperlink', requestHash: 'a'.repeat(64), holder: 'h'.repeat(36), leaseMs: 5000, ttlHours: 24, ...over });

test('one claim per scope and key; another scope has its own; the lease and expiry are read by the database clock', async () => {
  assert.equal(await insertClaim(db.pool, claim()), true);
  assert.equal(await insertClaim(db.pool, claim({ holder: 'x'.repeat(36) })), false);
  assert.equal(await insertClaim(db.pool, claim({ scope: 'org:o1' })), true);
  const row = await lockClaim(db.pool, 'user:u1', 'k1');
  assert.ok(row && row.status === 'in_flight' && row.holder === 'h'.repeat(36));
  assert.ok(row.lease_left_ms > 3000 && row.lease_left_ms <= 5000, String(row.lease_left_ms));
  assert.ok(row.expires_left_ms > 23 * 3_600_000, String(row.expires_left_ms));
  assert.equal(await lockClaim(db.pool, 'user:u1', 'K1'), null, 'keys compare as bytes');
});

test('only the holder renews, records its reservation, completes or releases; a retaken claim is the new holder\'s', async () => {
  const c = claim({ key: 'k2' });
  await insertClaim(db.pool, c);
  assert.equal(await renewLease(db.pool, c.scope, c.key, 'someone-else', 5000), false);
  assert.equal(await renewLease(db.pool, c.scope, c.key, c.holder, 60_000), true);
  assert.ok((await lockClaim(db.pool, c.scope, c.key))!.lease_left_ms > 50_000);
  await setClaimReservation(db.pool, c.scope, c.key, c.holder, 'r'.repeat(36));
  assert.equal((await lockClaim(db.pool, c.scope, c.key))!.reservation_id, 'r'.repeat(36));
  const next = { ...c, holder: 'n'.repeat(36) };
  await retakeClaim(db.pool, next);
  assert.equal((await lockClaim(db.pool, c.scope, c.key))!.reservation_id, null);
  assert.equal(await completeClaim(db.pool, c.scope, c.key, c.holder, Buffer.from('{}')), false, 'the old holder lost it');
  await releaseClaim(db.pool, c.scope, c.key, c.holder);
  assert.ok(await lockClaim(db.pool, c.scope, c.key), 'the old holder cannot release it either');
  assert.equal(await completeClaim(db.pool, c.scope, c.key, next.holder, Buffer.from('{"ok":1}')), true);
  const done = await lockClaim(db.pool, c.scope, c.key);
  assert.equal(done!.status, 'done');
  assert.equal(done!.response_body!.toString(), '{"ok":1}');
  await releaseClaim(db.pool, c.scope, c.key, next.holder);
  assert.ok(await lockClaim(db.pool, c.scope, c.key), 'a done claim is kept (release drops only claims in flight)');
});

test('expired claims are purged', async () => {
  await insertClaim(db.pool, claim({ key: 'old' }));
  await db.pool.query("UPDATE idempotency_keys SET expires_at = UTC_TIMESTAMP(3) - INTERVAL 1 SECOND WHERE idem_key = 'old'");
  assert.ok((await purgeExpiredClaims(db.pool)) >= 1);
  assert.equal(await countOf(db.pool, "SELECT COUNT(*) AS n FROM idempotency_keys WHERE idem_key = 'old'"), 0);
});
