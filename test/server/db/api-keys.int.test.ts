// api_keys on real MariaDB: only the prefix and the sha256 of a secret are stored and a key is found by
// that hash; revocation hides a key from the active counts and lists and works once; a user revokes only
// their own individual keys, an organisation only its own keys; the auth lookup carries the plans.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  activeOrgKeyNameExists, countActiveOrgKeys, countActiveUserKeys, findKeyForAuth, insertApiKey,
  listOrgKeys, listUserKeys, recordKeyUse, revokeOrgKey, revokeUserKey,
} from '../../../server/db/api-keys.ts';
import { selectRows } from '../../../server/db/connection.ts';
import { updateOrg } from '../../../server/db/organisations.ts';
import { updateUser } from '../../../server/db/users.ts';
import { sha256Hex } from '../../../server/common/hash.ts';
import { newApiKey } from '../../../server/accounts/secrets.ts';
import { seedKey, seedOrg, seedUser, useTestDatabase } from '../../helpers/test-database.ts';

const db = useTestDatabase('apikeys');

test('a key is stored as prefix and hash only, and is found by the hash of its secret', async () => {
  const userId = await seedUser(db.pool);
  const generated = newApiKey();
  const { id } = await insertApiKey(db.pool, { userId, orgId: null, name: 'laptop', keyPrefix: generated.prefix, keyHash: generated.hash, expiresAt: null });
  const [row] = await selectRows<Record<string, unknown>>(db.pool, 'SELECT * FROM api_keys WHERE id = ?', [id]);
  assert.ok(row);
  for (const [column, value] of Object.entries(row)) {
    assert.ok(!String(value).includes(generated.key), `column ${column} holds the secret`);
  }
  assert.equal(row.key_hash, sha256Hex(generated.key));
  assert.ok(generated.key.startsWith(String(row.key_prefix)), 'the prefix is the start of the secret');
  assert.equal((await findKeyForAuth(db.pool, sha256Hex(generated.key)))?.id, id);
  assert.equal(await findKeyForAuth(db.pool, sha256Hex(`${generated.key}x`)), null, 'another secret finds nothing');
  assert.equal(await findKeyForAuth(db.pool, generated.prefix), null, 'the prefix alone finds nothing');
});

test('two keys can never share a hash', async () => {
  const userId = await seedUser(db.pool);
  const secret = newApiKey();
  const row = { userId, orgId: null, name: 'one', keyPrefix: secret.prefix, keyHash: secret.hash, expiresAt: null };
  await insertApiKey(db.pool, row);
  await assert.rejects(insertApiKey(db.pool, { ...row, name: 'two' }), { code: 'ER_DUP_ENTRY' });
});

test('revoking an individual key hides it from the active count, keeps it listed as inactive, and works once', async () => {
  const userId = await seedUser(db.pool);
  const kept = await seedKey(db.pool, userId);
  const revoked = await seedKey(db.pool, userId);
  assert.equal(await countActiveUserKeys(db.pool, userId), 2);
  assert.equal(await revokeUserKey(db.pool, userId, revoked), true);
  assert.equal(await revokeUserKey(db.pool, userId, revoked), false, 'a second revocation changes nothing');
  assert.equal(await countActiveUserKeys(db.pool, userId), 1);
  const listed = new Map((await listUserKeys(db.pool, userId)).map((k) => [k.id, k]));
  assert.equal(listed.get(kept)?.is_active, 1);
  assert.equal(listed.get(revoked)?.is_active, 0);
  const [stamp] = await selectRows<{ revoked_at: Date | null }>(db.pool, 'SELECT revoked_at FROM api_keys WHERE id = ?', [revoked]);
  assert.ok(stamp?.revoked_at instanceof Date, 'the revocation time is recorded');
});

test("a user cannot revoke another user's key, nor an organisation key through the individual path", async () => {
  const owner = await seedUser(db.pool);
  const intruder = await seedUser(db.pool);
  const orgId = await seedOrg(db.pool, { userId: owner, role: 'owner' });
  const personal = await seedKey(db.pool, owner);
  const orgKey = await seedKey(db.pool, owner, orgId);
  assert.equal(await revokeUserKey(db.pool, intruder, personal), false);
  assert.equal(await revokeUserKey(db.pool, owner, orgKey), false, 'organisation keys are revoked by the organisation');
  const otherOrg = await seedOrg(db.pool);
  assert.equal(await revokeOrgKey(db.pool, otherOrg, orgKey), false, 'another organisation cannot revoke it');
  assert.equal(await revokeOrgKey(db.pool, orgId, personal), false, 'an individual key is no organisation key');
  const active = await selectRows<{ id: string }>(db.pool, 'SELECT id FROM api_keys WHERE id IN (?, ?) AND is_active = 1', [personal, orgKey]);
  assert.equal(active.length, 2, 'both keys still work');
  assert.equal(await revokeOrgKey(db.pool, orgId, orgKey), true);
});

test('organisation keys: listed apart from individual keys, active-only by default, names checked among active keys', async () => {
  const userId = await seedUser(db.pool);
  const orgId = await seedOrg(db.pool, { userId, role: 'manager' });
  const personal = await seedKey(db.pool, userId);
  const generated = newApiKey();
  const { id: named } = await insertApiKey(db.pool, { userId, orgId, name: 'CI runner', keyPrefix: generated.prefix, keyHash: generated.hash, expiresAt: null });
  const other = await seedKey(db.pool, userId, orgId);
  assert.deepEqual((await listUserKeys(db.pool, userId)).map((k) => k.id), [personal], 'organisation keys the user created are not individual keys');
  assert.equal(await countActiveOrgKeys(db.pool, orgId), 2);
  assert.equal(await activeOrgKeyNameExists(db.pool, orgId, 'CI runner'), true);
  assert.equal(await activeOrgKeyNameExists(db.pool, await seedOrg(db.pool), 'CI runner'), false, 'names are per organisation');
  await revokeOrgKey(db.pool, orgId, named);
  assert.equal(await activeOrgKeyNameExists(db.pool, orgId, 'CI runner'), false, 'a revoked key frees its name');
  assert.deepEqual((await listOrgKeys(db.pool, orgId, false)).map((k) => k.id), [other]);
  assert.deepEqual(new Set((await listOrgKeys(db.pool, orgId, true)).map((k) => k.id)), new Set([named, other]));
  assert.equal(await countActiveOrgKeys(db.pool, orgId), 1);
});

test('the auth lookup returns the key with its user plan, API access and organisation plan; revoked keys read inactive', async () => {
  const userId = await seedUser(db.pool, { plan: 'pro' });
  const orgId = await seedOrg(db.pool, { userId, role: 'owner' });
  await updateOrg(db.pool, orgId, { plan: 'team' });
  const personalSecret = 'sk_service_live_personal-secret-for-auth';
  const orgSecret = 'sk_service_live_org-secret-for-auth';
  const personal = await seedKey(db.pool, userId, null, personalSecret);
  await seedKey(db.pool, userId, orgId, orgSecret);
  const p = await findKeyForAuth(db.pool, sha256Hex(personalSecret));
  assert.deepEqual([p?.id, p?.user_plan, Number(p?.user_api_access), p?.org_plan, p?.is_active], [personal, 'pro', 1, null, 1]);
  const o = await findKeyForAuth(db.pool, sha256Hex(orgSecret));
  assert.deepEqual([o?.org_id, o?.org_plan], [orgId, 'team']);
  await updateUser(db.pool, userId, { apiAccess: false });
  assert.equal(Number((await findKeyForAuth(db.pool, sha256Hex(personalSecret)))?.user_api_access), 0);
  await revokeUserKey(db.pool, userId, personal);
  assert.equal((await findKeyForAuth(db.pool, sha256Hex(personalSecret)))?.is_active, 0);
  assert.equal(await findKeyForAuth(db.pool, sha256Hex('sk_service_live_unknown')), null);
});

test('a key use records the time always and adds the documents processed', async () => {
  const userId = await seedUser(db.pool);
  const keyId = await seedKey(db.pool, userId);
  await recordKeyUse(db.pool, keyId, 0);
  const [afterProbe] = await selectRows<{ last_used_at: Date | null; total_docs_processed: number }>(db.pool, 'SELECT last_used_at, total_docs_processed FROM api_keys WHERE id = ?', [keyId]);
  assert.ok(afterProbe?.last_used_at instanceof Date);
  assert.equal(afterProbe?.total_docs_processed, 0);
  await Promise.all([recordKeyUse(db.pool, keyId, 1), recordKeyUse(db.pool, keyId, 1), recordKeyUse(db.pool, keyId, 3)]);
  const [row] = await selectRows<{ total_docs_processed: number }>(db.pool, 'SELECT total_docs_processed FROM api_keys WHERE id = ?', [keyId]);
  assert.equal(row?.total_docs_processed, 5, 'concurrent uses all count');
});
