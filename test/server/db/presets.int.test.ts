// presets on real MariaDB: each organisation sees and finds only its own presets; a name is unique
// within an organisation (refused as duplicate_name, not thrown) and free in every other; the settings
// text is kept as given; deleting the organisation deletes its presets.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countPresets, findPreset, insertPreset, listPresets } from '../../../server/db/presets.ts';
import { countOf, seedOrg, seedUser, useTestDatabase } from '../../helpers/test-database.ts';

/** Settings (a form field or a preset) are refused past 16 KB of JSON (settings_too_large). */
const MAX_SETTINGS_BYTES = 16 * 1024;
/** Preset names: at most 100 characters (service-interface.md, limits). */
const MAX_PRESET_NAME = 100;

const db = useTestDatabase('presets');
const SETTINGS = JSON.stringify({ citations: true, crossRefs: false, style: 'vancouver', note: 'Zürich ✓' });

async function orgWithAuthor() {
  const userId = await seedUser(db.pool);
  return { userId, orgId: await seedOrg(db.pool, { userId, role: 'manager' }) };
}

test("an organisation lists and finds its own presets only, by name order", async () => {
  const a = await orgWithAuthor();
  const b = await orgWithAuthor();
  const zeta = await insertPreset(db.pool, a.orgId, 'Zeta journal', SETTINGS, a.userId);
  const alpha = await insertPreset(db.pool, a.orgId, 'Alpha journal', SETTINGS, a.userId);
  const theirs = await insertPreset(db.pool, b.orgId, 'Beta journal', SETTINGS, b.userId);
  assert.ok(zeta.ok && alpha.ok && theirs.ok);
  assert.deepEqual((await listPresets(db.pool, a.orgId, 100, 0)).map((p) => p.name), ['Alpha journal', 'Zeta journal']);
  assert.equal(await findPreset(db.pool, a.orgId, theirs.row.id), null, "another organisation's preset is not found");
  assert.equal(await findPreset(db.pool, b.orgId, alpha.row.id), null);
  const found = await findPreset(db.pool, a.orgId, alpha.row.id);
  assert.equal(found?.settings_json, SETTINGS, 'the settings come back byte for byte');
  assert.equal(found?.created_at.getTime(), alpha.row.created_at.getTime(), 'the returned row is the stored row');
});

test('a name is taken once per organisation and free in the others', async () => {
  const a = await orgWithAuthor();
  const b = await orgWithAuthor();
  assert.equal((await insertPreset(db.pool, a.orgId, 'House style', SETTINGS, a.userId)).ok, true);
  assert.deepEqual(await insertPreset(db.pool, a.orgId, 'House style', '{}', a.userId), { ok: false, reason: 'duplicate_name' });
  assert.equal((await insertPreset(db.pool, b.orgId, 'House style', '{}', b.userId)).ok, true);
  const racing = await Promise.all([insertPreset(db.pool, a.orgId, 'Raced', '{}', a.userId), insertPreset(db.pool, a.orgId, 'Raced', '{}', a.userId)]);
  assert.deepEqual(racing.map((r) => r.ok).sort(), [false, true], 'two racing creations: one preset');
  assert.equal((await listPresets(db.pool, a.orgId, 100, 0)).filter((p) => p.name === 'House style')[0]?.settings_json, SETTINGS, 'the refused insert changed nothing');
});

test('the largest settings and name the service accepts are kept whole', async () => {
  const a = await orgWithAuthor();
  // Multi-byte text: the limit is in bytes, the TEXT column counts bytes too.
  const big = JSON.stringify({ padding: '\u00e9'.repeat(MAX_SETTINGS_BYTES / 2 - 8) });
  assert.ok(Buffer.byteLength(big) <= MAX_SETTINGS_BYTES && Buffer.byteLength(big) > MAX_SETTINGS_BYTES - 16);
  const longName = '\u00c9'.repeat(MAX_PRESET_NAME);
  const named = await insertPreset(db.pool, a.orgId, longName, '{}', a.userId);
  assert.ok(named.ok);
  assert.equal((await findPreset(db.pool, a.orgId, named.row.id))?.name, longName);
  const r = await insertPreset(db.pool, a.orgId, 'Big', big, a.userId);
  assert.ok(r.ok);
  assert.equal((await findPreset(db.pool, a.orgId, r.row.id))?.settings_json.length, big.length);
});

test("deleting an organisation deletes its presets", async () => {
  const a = await orgWithAuthor();
  await insertPreset(db.pool, a.orgId, 'Gone', SETTINGS, a.userId);
  await db.pool.query('DELETE FROM organisations WHERE id = ?', [a.orgId]);
  assert.equal(await countOf(db.pool, 'SELECT COUNT(*) AS n FROM presets WHERE org_id = ?', [a.orgId]), 0);
});

test('presets come a page at a time by name, pages never overlap, and count counts the organisation\'s only', async () => {
  const a = await orgWithAuthor();
  const b = await orgWithAuthor();
  for (const name of ['e', 'a', 'd', 'c', 'b']) assert.ok((await insertPreset(db.pool, a.orgId, name, '{}', a.userId)).ok);
  assert.ok((await insertPreset(db.pool, b.orgId, 'x', '{}', b.userId)).ok);
  assert.equal(await countPresets(db.pool, a.orgId), 5);
  const pages = [await listPresets(db.pool, a.orgId, 2, 0), await listPresets(db.pool, a.orgId, 2, 2), await listPresets(db.pool, a.orgId, 2, 4)];
  assert.deepEqual(pages.map((p) => p.map((r) => r.name)), [['a', 'b'], ['c', 'd'], ['e']]);
});
