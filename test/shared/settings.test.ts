// HyperlinkSettings: defaults, one row per refusal (the field named, the allowed values listed), the
// settings form field's JSON, and the canonical JSON bound into scan tokens.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { canonicalSettings, DEFAULT_SETTINGS, parseSettings, parseSettingsJson, SettingsError } from '../../shared/settings.ts';

test('absent settings are the defaults (a copy, not the shared object); a subset fills in the rest', () => {
  const none = parseSettings(undefined);
  assert.deepEqual(none, DEFAULT_SETTINGS);
  assert.notEqual(none, DEFAULT_SETTINGS);
  assert.deepEqual(parseSettings(null), DEFAULT_SETTINGS);
  const some = parseSettings({ figures: 'full', doi: true, somethingNew: 1 });
  assert.deepEqual([some.figures, some.doi, some.tables, (some as Record<string, unknown>).somethingNew], ['full', true, 'number', 1]);
});

const refusals: Array<[string, unknown, string, RegExp]> = [
  ['not an object', [1], 'settings', /must be a JSON object/],
  ['a string', 'figures', 'settings', /must be a JSON object/],
  ['an unknown mode', { figures: 'sometimes' }, 'figures', /must be one of number, numbersub, full, off/],
  ['numbersub where sections have none', { sections: 'numbersub' }, 'sections', /must be one of number, full, off/],
  ['a boolean as text', { doi: 'yes' }, 'doi', /Invalid value for settings field 'doi'/],
  ['a colour that is not #RRGGBB', { linkColor: 'blue' }, 'linkColor', /hex color/],
  ['a preset id over 100 characters', { preset_id: 'p'.repeat(101) }, 'preset_id', /preset_id/],
];
for (const [name, input, field, message] of refusals) {
  test(`refused: ${name}`, () => {
    assert.throws(() => parseSettings(input), (err: unknown) => err instanceof SettingsError && err.field === field && message.test(err.message));
  });
}

test('the form field: blank is the defaults, bad JSON a SettingsError on settings', () => {
  assert.deepEqual(parseSettingsJson(' '), DEFAULT_SETTINGS);
  assert.deepEqual(parseSettingsJson(null), DEFAULT_SETTINGS);
  assert.equal(parseSettingsJson('{"tables":"off"}').tables, 'off');
  assert.throws(() => parseSettingsJson('{'), (err: unknown) => err instanceof SettingsError && err.field === 'settings' && err.message === 'Invalid JSON in form data');
});

test('canonical JSON sorts the keys: equal settings in any order give one string', () => {
  const a = parseSettings({ doi: true, figures: 'full' });
  const b = parseSettings({ figures: 'full', doi: true });
  assert.equal(canonicalSettings(a), canonicalSettings(b));
  const keys = Object.keys(JSON.parse(canonicalSettings(a)) as object);
  assert.deepEqual(keys, [...keys].sort());
  assert.notEqual(canonicalSettings(a), canonicalSettings(parseSettings({ doi: false, figures: 'full' })));
});
