import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SETTINGS, hyperlinkSettingsSchema } from '../../../shared/settings.ts';
import { groupedSettingsFields } from '../../../addin/settings/settings-fields.ts';

const settingsFields = () => groupedSettingsFields().flatMap((g) => g.fields);
import { validateSettingsForm, restoreSettings } from '../../../addin/settings/settings-form.ts';

test('the panel has a control for every HyperlinkSettings field, with the schema defaults', () => {
  const fields = settingsFields();
  assert.deepEqual(fields.map((f) => f.name).sort(), Object.keys(hyperlinkSettingsSchema.shape).sort());
  for (const f of fields) assert.deepEqual(f.defaultValue, DEFAULT_SETTINGS[f.name], f.name);
  const groups = groupedSettingsFields();
  assert.equal(groups.reduce((n, g) => n + g.fields.length, 0), fields.length);
  assert.equal(groups.some((g) => g.group === 'Other'), false, 'every field has a label and group');
});

test('enum fields list exactly the allowed values', () => {
  const byName = new Map(settingsFields().map((f) => [f.name, f]));
  const opt = (n: string) => {
    const f = byName.get(n);
    return f && f.control === 'enum' ? f.options : null;
  };
  assert.deepEqual(opt('citeStyle'), ['auto', 'number', 'author-year', 'superscript', 'off']);
  assert.deepEqual(opt('citeLinkScope'), ['author-year', 'full']);
  assert.deepEqual(opt('figures'), ['number', 'numbersub', 'full', 'off']);
  assert.deepEqual(opt('sections'), ['number', 'full', 'off']);
  assert.deepEqual(opt('appendices'), ['number', 'full', 'off']);
  assert.equal(byName.get('doi')?.control, 'boolean');
  assert.equal(byName.get('linkColor')?.control, 'color');
  const preset = byName.get('preset_id');
  assert.equal(preset?.control, 'text');
  assert.equal(preset?.control === 'text' && preset.nullable, true);
  const font = byName.get('urlFont');
  assert.equal(font?.control === 'text' && font.maxLength, 100);
});

test('valid values parse to settings; empty preset means none; colours gain their #', () => {
  const r = validateSettingsForm({ ...DEFAULT_SETTINGS, preset_id: '  ', linkColor: '112233', figures: 'full' });
  assert.equal(r.ok, true);
  if (!r.ok) return;
  assert.equal(r.settings.preset_id, null);
  assert.equal(r.settings.linkColor, '#112233');
  assert.equal(r.settings.figures, 'full');
});

test('every invalid field is reported with its allowed values', () => {
  const r = validateSettingsForm({ ...DEFAULT_SETTINGS, citeStyle: 'harvard', xrefLinkColor: 'blue', urlFont: 'x'.repeat(101) });
  assert.equal(r.ok, false);
  if (r.ok) return;
  assert.deepEqual(Object.keys(r.errors).sort(), ['citeStyle', 'urlFont', 'xrefLinkColor']);
  assert.match(r.errors.citeStyle!, /auto, number, author-year, superscript, off/);
  assert.match(r.errors.xrefLinkColor!, /hex color/);
});

test('crossref without doi is flagged', () => {
  assert.equal(validateSettingsForm({ crossref: true, doi: false }).warnings.length, 1);
  assert.deepEqual(validateSettingsForm({ crossref: true, doi: true }).warnings, []);
});

test('stored settings are restored, dropping invalid fields', () => {
  assert.deepEqual(restoreSettings(null), DEFAULT_SETTINGS);
  assert.deepEqual(restoreSettings('junk'), DEFAULT_SETTINGS);
  const r = restoreSettings({ figures: 'full', tables: 'bogus', doi: true });
  assert.equal(r.figures, 'full');
  assert.equal(r.tables, DEFAULT_SETTINGS.tables);
  assert.equal(r.doi, true);
});

test('settings say their values in words and their dependencies under the field', async () => {
  const { groupedSettingsFields: grouped } = await import('../../../addin/settings/settings-fields.ts');
  const settingsFields = () => grouped().flatMap((g) => g.fields);
  const { fieldWarnings } = await import('../../../addin/settings/settings-form.ts');
  const figures = settingsFields().find((f) => f.name === 'figures')!;
  assert.equal(figures.control, 'enum');
  if (figures.control === 'enum') {
    assert.match(figures.optionLabels.numbersub!, /part.*3b/);
    assert.ok(figures.options.every((o) => figures.optionLabels[o] && figures.optionLabels[o] !== o), 'every value has words');
  }
  const cite = settingsFields().find((f) => f.name === 'citeStyle')!;
  if (cite.control === 'enum') assert.equal(cite.optionLabels.auto, 'Detect automatically');
  assert.match(fieldWarnings({ crossref: true, doi: false }).crossref!, /Needs “Link DOIs to doi.org”/);
  assert.deepEqual(fieldWarnings({ crossref: true, doi: true }), {});
});
