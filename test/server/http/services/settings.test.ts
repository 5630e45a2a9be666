// The settings form field of a document request: parsed and checked before any database use; JSON,
// size, depth and value errors answered as 400s naming the field. A preset_id is looked up in the
// caller's organisation (run against MariaDB by test/server/http/routes/org-presets.int.test.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseSettings } from '../../../../shared/settings.ts';
import { HttpError } from '../../../../server/http/errors.ts';
import { parseJsonField, resolveSettings } from '../../../../server/http/services/settings.ts';
import { keyCaller, poolNotUsed, refusal } from '../../../helpers/service-context.ts';

/** Settings (a form field or a preset) are refused past 16 KB of JSON (settings_too_large). */
const MAX_SETTINGS_BYTES = 16 * 1024;

const pool = poolNotUsed();

test('no settings, or blank: the defaults, without the database', async () => {
  const none = await resolveSettings(pool, keyCaller(), undefined);
  const blank = await resolveSettings(pool, keyCaller(), '   ');
  assert.deepEqual(none, parseSettings(undefined));
  assert.deepEqual(blank, none);
});

test('given settings are parsed over the defaults', async () => {
  const s = await resolveSettings(pool, keyCaller(), JSON.stringify({ figures: 'full', doi: true }));
  assert.equal(s.figures, 'full');
  assert.equal(s.doi, true);
});

test('an empty preset_id is no preset', async () => {
  const s = await resolveSettings(pool, keyCaller(), JSON.stringify({ preset_id: '', tables: 'off' }));
  assert.equal(s.tables, 'off');
});

test('refusals: invalid JSON, a value out of range, too deep, too large', async () => {
  assert.deepEqual(await refusal(() => resolveSettings(pool, keyCaller(), '{"figures":')), { status: 400, reason: 'invalid_json', error: 'Invalid JSON in form data' });
  const bad = await refusal(() => resolveSettings(pool, keyCaller(), JSON.stringify({ figures: 'sometimes' })));
  assert.equal(bad.status, 400);
  assert.equal(bad.reason, 'invalid_settings');
  const deep = await refusal(() => resolveSettings(pool, keyCaller(), '{"a":'.repeat(20) + '1' + '}'.repeat(20)));
  assert.equal(deep.status, 400);
  const large = await refusal(() => resolveSettings(pool, keyCaller(), JSON.stringify({ note: 'x'.repeat(MAX_SETTINGS_BYTES) })));
  assert.ok(large.status === 400 || large.status === 413, String(large.status));
  assert.notEqual(deep.reason, large.reason);
});

test('a bad value: its field as status', async () => {
  const e = await resolveSettings(pool, keyCaller(), JSON.stringify({ figures: 'sometimes' })).then(() => null, (err: unknown) => err as HttpError);
  assert.ok(e instanceof HttpError);
  assert.deepEqual([e.status, e.reason, e.extras], [400, 'invalid_settings', { status: 'figures' }]);
  assert.match(e.error, /figures/);
});

test('parseJsonField names the field in its hint', async () => {
  assert.deepEqual(parseJsonField('[1]', 'decisions'), [1]);
  const r = await refusal(() => parseJsonField('{', 'decisions'));
  assert.equal(r.reason, 'invalid_json');
  try {
    parseJsonField('{', 'decisions');
  } catch (err) {
    assert.deepEqual((err as { extras: unknown }).extras, { hint: 'field decisions' });
  }
});
