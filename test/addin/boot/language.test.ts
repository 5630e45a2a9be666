// The pane's language at start: Office's display language, else ?lang=, else the browser's; the strings
// and <html lang> follow the bundled locale it resolves to.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { applyDisplayLanguage, displayLanguageTag } from '../../../addin/boot/language.ts';
import { S, setDisplayLanguage } from '../../../addin/strings.ts';

afterEach(() => setDisplayLanguage('en-US'));

test('Office’s language wins over ?lang= and the browser’s; an empty one falls through', () => {
  assert.equal(displayLanguageTag('de-DE', '?lang=fr', 'ja'), 'de-DE');
  assert.equal(displayLanguageTag(undefined, '?lang=fr-FR', 'ja'), 'fr-FR');
  assert.equal(displayLanguageTag('', '?x=1&lang=es', 'ja'), 'es');
  assert.equal(displayLanguageTag('', '?lang=', 'ja-JP'), 'ja-JP');
  assert.equal(displayLanguageTag('', '', 'ja-JP'), 'ja-JP');
  assert.equal(displayLanguageTag(undefined, '', undefined), undefined);
  assert.equal(displayLanguageTag(undefined, '', ''), undefined);
});

test('<html lang> and the strings follow the resolved locale, not the tag as given', () => {
  const doc = { documentElement: { lang: 'en' } } as unknown as Document;
  assert.equal(applyDisplayLanguage('pt-PT', doc), 'pt-BR');
  assert.equal(doc.documentElement.lang, 'pt-BR');
  assert.equal(S.app.tabs.settings, 'Configurações');
  assert.equal(applyDisplayLanguage('ko-KR', doc), 'en');
  assert.equal(doc.documentElement.lang, 'en');
  assert.equal(S.app.tabs.settings, 'Settings');
});

test('with no document (a worker, a test without a DOM) only the strings switch', () => {
  assert.equal(applyDisplayLanguage('de', undefined), 'de');
  assert.equal(S.app.tabs.settings, 'Einstellungen');
});
