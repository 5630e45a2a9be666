import assert from 'node:assert/strict';
import { test } from 'node:test';
import { canonicalSettings, SETTINGS_DEFAULTS } from '../../shared/settings-values.ts';
import { DEFAULT_SETTINGS, hyperlinkSettingsSchema, parseSettings } from '../../shared/settings.ts';

test('SETTINGS_DEFAULTS is what the schema fills in for empty settings, field for field', () => {
  assert.deepEqual({ ...SETTINGS_DEFAULTS }, hyperlinkSettingsSchema.parse({}));
  assert.deepEqual(Object.keys(SETTINGS_DEFAULTS).sort(), Object.keys(hyperlinkSettingsSchema.shape).sort(), 'every field has its default here');
  assert.deepEqual({ ...SETTINGS_DEFAULTS }, DEFAULT_SETTINGS);
});

test('canonicalSettings sorts keys, so equal settings hash alike whatever their order', () => {
  const a = parseSettings({ figures: 'off', doi: true });
  const b = parseSettings({ doi: true, figures: 'off' });
  assert.equal(canonicalSettings(a), canonicalSettings(b));
  assert.notEqual(canonicalSettings(a), canonicalSettings(DEFAULT_SETTINGS));
  const keys = Object.keys(JSON.parse(canonicalSettings(a)) as object);
  assert.deepEqual(keys, [...keys].sort());
});
