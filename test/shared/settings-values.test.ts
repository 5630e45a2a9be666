import assert from 'node:assert/strict';
import { test } from 'node:test';
import { canonicalSettings, pinnedLanguages, SETTINGS_DEFAULTS } from '../../shared/settings-values.ts';
import { DEFAULT_SETTINGS, hyperlinkSettingsSchema, parseSettings } from '../../shared/settings.ts';

test('SETTINGS_DEFAULTS is what the schema fills in for empty settings, field for field', () => {
  assert.deepEqual({ ...SETTINGS_DEFAULTS }, hyperlinkSettingsSchema.parse({}));
  // `languages` is optional without a default: settings that do not name it are what they were.
  const defaulted = Object.keys(hyperlinkSettingsSchema.shape).filter((k) => k !== 'languages');
  assert.deepEqual(Object.keys(SETTINGS_DEFAULTS).sort(), defaulted.sort(), 'every other field has its default here');
  assert.equal('languages' in DEFAULT_SETTINGS, false);
  assert.deepEqual({ ...SETTINGS_DEFAULTS }, DEFAULT_SETTINGS);
});

test('languages: "auto", or codes that pin them; anything else names the field', () => {
  assert.deepEqual(pinnedLanguages(parseSettings({ languages: ['PT', 'es'] })), ['pt', 'es']);
  assert.equal(pinnedLanguages(parseSettings({ languages: 'auto' })), null);
  assert.equal(pinnedLanguages(DEFAULT_SETTINGS), null);
  assert.throws(() => parseSettings({ languages: ['português'] }), (e: Error & { field?: string }) => /^languages/.test(e.field ?? ''));
  assert.throws(() => parseSettings({ languages: 'pt' }), (e: Error & { field?: string }) => /^languages/.test(e.field ?? ''));
});

test('canonicalSettings sorts keys, so equal settings hash alike whatever their order', () => {
  const a = parseSettings({ figures: 'off', doi: true });
  const b = parseSettings({ doi: true, figures: 'off' });
  assert.equal(canonicalSettings(a), canonicalSettings(b));
  assert.notEqual(canonicalSettings(a), canonicalSettings(DEFAULT_SETTINGS));
  const keys = Object.keys(JSON.parse(canonicalSettings(a)) as object);
  assert.deepEqual(keys, [...keys].sort());
});
