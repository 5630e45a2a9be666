// usage_events on real MariaDB: an organisation's usage counts only its own documents (not its members'
// individual keys, not another organisation's), pages newest first without gaps or repeats, and names
// the key that processed each document, even after the key is revoked.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { revokeOrgKey } from '../../../server/db/api-keys.ts';
import { selectRows } from '../../../server/db/connection.ts';
import { countOrgUsage, insertUsage, listOrgUsage } from '../../../server/db/usage.ts';
import { seedKey, seedOrg, seedUser, usageEvent, useTestDatabase } from '../../helpers/test-database.ts';

const db = useTestDatabase('usage');

async function orgWithKey() {
  const userId = await seedUser(db.pool);
  const orgId = await seedOrg(db.pool, { userId, role: 'owner' });
  const apiKeyId = await seedKey(db.pool, userId, orgId);
  return { userId, orgId, apiKeyId };
}

test("an organisation's usage counts its keys' documents only", async () => {
  const a = await orgWithKey();
  const b = await orgWithKey();
  const personalKey = await seedKey(db.pool, a.userId);
  for (let i = 0; i < 3; i++) await insertUsage(db.pool, usageEvent(a));
  await insertUsage(db.pool, usageEvent(b));
  await insertUsage(db.pool, usageEvent({ apiKeyId: personalKey, userId: a.userId }));
  assert.equal(await countOrgUsage(db.pool, a.orgId), 3, "a member's individual key is not the organisation's usage");
  assert.equal(await countOrgUsage(db.pool, b.orgId), 1);
  const listed = await listOrgUsage(db.pool, a.orgId, 10, 0);
  assert.equal(listed.length, 3);
  assert.ok(listed.every((r) => r.api_key_id === a.apiKeyId));
});

test('pages are newest first, with no row missing or repeated across pages', async () => {
  const o = await orgWithKey();
  const ids: string[] = [];
  for (let i = 0; i < 7; i++) {
    const requestId = `page-${i}`;
    ids.push(requestId);
    await insertUsage(db.pool, usageEvent(o, { requestId, linkCount: i }));
  }
  // Several rows share a millisecond: the order must still be total (newest insert first).
  await db.pool.query('UPDATE usage_events SET created_at = ? WHERE org_id = ? AND request_id IN (?, ?, ?)', [new Date('2026-01-02T03:04:05.006Z'), o.orgId, 'page-2', 'page-3', 'page-4']);
  const pages = [await listOrgUsage(db.pool, o.orgId, 3, 0), await listOrgUsage(db.pool, o.orgId, 3, 3), await listOrgUsage(db.pool, o.orgId, 3, 6)];
  assert.deepEqual(pages.map((p) => p.length), [3, 3, 1]);
  const seen = pages.flat().map((r) => r.request_id);
  assert.deepEqual([...seen].sort(), [...ids].sort(), 'every row exactly once');
  const times = pages.flat().map((r) => r.created_at.getTime());
  assert.deepEqual(times, [...times].sort((x, y) => y - x), 'newest first');
  assert.deepEqual(seen.slice(-3), ['page-4', 'page-3', 'page-2'], 'ties by the latest insert first');
});

test('each row names its key and what it recorded; a revoked key is still named', async () => {
  const o = await orgWithKey();
  await insertUsage(db.pool, usageEvent(o, { route: 'scan', status: 200, scanFingerprint: 'fp-1', linkCount: 12, creditsUsed: 0, requestId: 'named' }));
  await revokeOrgKey(db.pool, o.orgId, o.apiKeyId);
  const [row] = await listOrgUsage(db.pool, o.orgId, 1, 0);
  const [key] = await selectRows<{ name: string; key_prefix: string }>(db.pool, 'SELECT name, key_prefix FROM api_keys WHERE id = ?', [o.apiKeyId]);
  assert.ok(row && key);
  assert.deepEqual(
    { key_name: row.key_name, key_prefix: row.key_prefix, user_id: row.user_id, route: row.route, status: row.status, scan_fingerprint: row.scan_fingerprint, link_count: row.link_count, credits_used: row.credits_used, request_id: row.request_id },
    { key_name: key.name, key_prefix: key.key_prefix, user_id: o.userId, route: 'scan', status: 200, scan_fingerprint: 'fp-1', link_count: 12, credits_used: 0, request_id: 'named' },
  );
  assert.ok(row.created_at instanceof Date);
});
