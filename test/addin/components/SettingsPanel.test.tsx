// The settings form generated from the shared schema: grouped fields, Save only for a valid change (an
// unsaved change is said), errors and cross-field advice under the field, Defaults.
import { button, click, control, mount, submit, text, type } from '../../helpers/dom.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SettingsPanel } from '../../../addin/components/SettingsPanel.tsx';
import { S } from '../../../addin/strings.ts';
import { DEFAULT_SETTINGS, type HyperlinkSettings } from '../../../shared/settings.ts';

async function panel(settings: HyperlinkSettings = DEFAULT_SETTINGS) {
  const saved: HyperlinkSettings[] = [];
  const m = await mount(<SettingsPanel settings={settings} onSave={(s) => saved.push(s)} />);
  return { m, saved, save: () => button(m.container, S.settings.save), form: () => m.container.querySelector('form')! };
}

test('the fields in their groups; nothing to save until something changes', async () => {
  const { m, save } = await panel();
  assert.deepEqual([...m.container.querySelectorAll('legend')].map((l) => l.textContent), ['Citations', 'Cross-references', 'DOIs and Crossref', 'Identifiers', 'Appearance', 'Presets']);
  assert.equal(save().disabled, true);
  assert.equal(m.container.querySelector('[data-testid="settings-unsaved"]'), null);
  await m.unmount();
});

test('a change is said to be unsaved; Save hands the parsed settings over', async () => {
  const { m, saved, save, form } = await panel();
  await click(control(m.container, 'Link DOIs to doi.org'));
  assert.match(text(m.container), new RegExp(S.settings.unsaved.slice(0, 30)));
  await type(control(m.container, 'Citation link colour'), 'aa0000');
  assert.equal(save().disabled, false);
  await submit(form());
  assert.deepEqual(saved, [{ ...DEFAULT_SETTINGS, doi: true, linkColor: '#aa0000' }], 'a colour typed without # is completed');
  await m.unmount();
});

test('an invalid value is named under its field and cannot be saved', async () => {
  const { m, saved, save, form } = await panel();
  await type(control(m.container, 'Citation link colour'), 'dark red');
  assert.equal(save().disabled, true);
  const field = control(m.container, 'Citation link colour').closest('.fui-Field')!;
  assert.match(text(field), /must be a hex color like #0077BD/);
  assert.equal(control(m.container, 'Citation link colour').getAttribute('aria-invalid'), 'true');
  await submit(form());
  assert.deepEqual(saved, []);
  await m.unmount();
});

test('Crossref without DOIs: the advice is shown under the field; Defaults puts every field back', async () => {
  const { m, saved, form } = await panel({ ...DEFAULT_SETTINGS, crossref: true, urlFont: 'Consolas' });
  assert.match(text(m.container), /Needs “Link DOIs to doi.org” on: with it off, Crossref resolution is skipped\./);
  await click(button(m.container, S.settings.defaults));
  assert.equal(control(m.container, 'Font for URLs and DOIs').value, '');
  await submit(form());
  assert.deepEqual(saved, [DEFAULT_SETTINGS]);
  await m.unmount();
});

test('the languages of the manuscript: none chosen is detected; chosen ones are saved as codes, in the engine\'s order', async () => {
  const { m, saved, form } = await panel();
  const dropdown = () => m.container.querySelector<HTMLElement>('[data-field="languages"]')!;
  assert.equal(dropdown().textContent, S.settings.languagesAuto, 'the placeholder says they are detected');
  const pick = async (name: string) => {
    await click(dropdown());
    // A multiselect dropdown's options are checkbox items.
    const option = [...document.querySelectorAll('[role="menuitemcheckbox"]')].find((o) => text(o) === name);
    if (!option) throw new Error(`no option ${name}`);
    await click(option);
  };
  await pick('Spanish');
  await pick('Portuguese');
  assert.equal(dropdown().textContent, 'Portuguese, Spanish');
  await submit(form());
  assert.deepEqual(saved, [{ ...DEFAULT_SETTINGS, languages: ['pt', 'es'] }]);
  await m.unmount();
  const again = await panel({ ...DEFAULT_SETTINGS, languages: ['de'] });
  assert.equal(again.m.container.querySelector('[data-field="languages"]')!.textContent, 'German');
  await again.m.unmount();
});
