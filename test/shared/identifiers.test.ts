// The identifier kinds and their settings agree with the contract: each kind is a match kind of the
// schema, each setting a boolean of the settings schema that defaults on and switches its kind off.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IDENTIFIER_KINDS, IDENTIFIER_SETTING } from '../../shared/identifiers.ts';
import { matchKindSchema } from '../../shared/schemas/common.ts';
import { DEFAULT_SETTINGS, parseSettings, SettingsError } from '../../shared/settings.ts';

test('every identifier kind is a match kind of the contract', () => {
  for (const kind of IDENTIFIER_KINDS) assert.equal(matchKindSchema.safeParse(kind).success, true, kind);
});

test('each kind has its own setting, and no two kinds share one', () => {
  assert.deepEqual(Object.keys(IDENTIFIER_SETTING).sort(), [...IDENTIFIER_KINDS].sort());
  assert.equal(new Set(Object.values(IDENTIFIER_SETTING)).size, IDENTIFIER_KINDS.length);
});

test('each setting is a boolean of the settings schema, on by default, off when set false, refused when not boolean', () => {
  for (const name of Object.values(IDENTIFIER_SETTING)) {
    assert.equal((DEFAULT_SETTINGS as Record<string, unknown>)[name], true, name);
    assert.equal((parseSettings({ [name]: false }) as Record<string, unknown>)[name], false, name);
    assert.throws(() => parseSettings({ [name]: 'no' }), SettingsError, name);
  }
});
