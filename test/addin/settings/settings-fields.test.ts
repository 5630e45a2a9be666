// The settings panel's fields, read from the shared schema: every setting has a field with the right
// control (switch, choice, colour, text), its allowed values in words, its default, and a group in order.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { groupedSettingsFields } from '../../../addin/settings/settings-fields.ts';
import { S } from '../../../addin/strings.ts';

const GROUP_ORDER = S.settings.groups;
const settingsFields = () => groupedSettingsFields().flatMap((g) => g.fields);
import { DEFAULT_SETTINGS, hyperlinkSettingsSchema } from '../../../shared/settings.ts';

const fields = settingsFields();
const field = (name: string) => fields.find((f) => f.name === name)!;

test('every setting of the schema has one field, with the schema\'s default', () => {
  assert.deepEqual(fields.map((f) => f.name).sort(), Object.keys(hyperlinkSettingsSchema.shape).sort());
  for (const f of fields) assert.deepEqual(f.defaultValue, (DEFAULT_SETTINGS as Record<string, unknown>)[f.name], f.name);
});

test('controls follow the schema: switches, choices with their values, colours, bounded text', () => {
  assert.equal(field('doi').control, 'boolean');
  const figures = field('figures');
  assert.deepEqual(figures.control === 'enum' ? figures.options : null, ['number', 'numbersub', 'full', 'off']);
  assert.equal(field('linkColor').control, 'color');
  const font = field('urlFont');
  assert.deepEqual(font.control === 'text' ? [font.nullable, font.maxLength] : null, [false, 100]);
  const preset = field('preset_id');
  assert.deepEqual(preset.control === 'text' ? [preset.nullable, preset.maxLength] : null, [true, 100]);
});

test('every allowed value has words, and every field a label that is not its name', () => {
  for (const f of fields) {
    assert.ok(f.label && f.label !== f.name, f.name);
    if (f.control === 'enum') for (const o of f.options) assert.ok(f.optionLabels[o], `${f.name}.${o}`);
  }
});

test('a value with no words in its table is shown as the value itself, in the order of the options', () => {
  const table = S.settings.options.citeLinkScope!;
  const kept = { ...table };
  delete table.full;
  try {
    const scope = settingsFields().find((f) => f.name === 'citeLinkScope')!;
    assert.equal(scope.control, 'enum');
    if (scope.control !== 'enum') return;
    assert.deepEqual(Object.keys(scope.optionLabels), ['author-year', 'full']);
    assert.equal(scope.optionLabels.full, 'full');
    assert.equal(scope.optionLabels['author-year'], kept['author-year']);
  } finally {
    Object.assign(table, kept);
  }
});

test('groups come in GROUP_ORDER, none empty, each field in exactly one', () => {
  const groups = groupedSettingsFields();
  const order = groups.map((g) => g.group);
  assert.deepEqual(order.filter((g) => GROUP_ORDER.includes(g)), GROUP_ORDER.filter((g) => order.includes(g)));
  assert.ok(groups.every((g) => g.fields.length > 0));
  assert.equal(groups.reduce((n, g) => n + g.fields.length, 0), fields.length);
});
