// The display language tag → a bundled locale (exact, then the locale of the same language, then English),
// and each locale's Intl conventions for numbers, percentages, dates, lists, counts and filled templates.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LocaleFormat, resolveLocale, type Locale } from '../../../addin/i18n/locale.ts';
import { MESSAGES } from '../../../addin/i18n/messages.ts';
import { placeholdersOf } from '../../helpers/placeholders.ts';

const LOCALES = Object.keys(MESSAGES) as Locale[];

test('an exact bundled locale is taken as it is, whatever its case or separator', () => {
  for (const l of LOCALES) assert.equal(resolveLocale(l), l);
  assert.equal(resolveLocale('pt-br'), 'pt-BR');
  assert.equal(resolveLocale('zh_CN'), 'zh-CN');
  assert.equal(resolveLocale('  de  '), 'de');
});

test('fallback chain: the bundled locale of the same language (de-AT → de, pt-PT → pt-BR, zh-TW → zh-CN)', () => {
  assert.equal(resolveLocale('de-AT'), 'de');
  assert.equal(resolveLocale('DE-ch'), 'de');
  assert.equal(resolveLocale('de-DE'), 'de');
  assert.equal(resolveLocale('pt-PT'), 'pt-BR');
  assert.equal(resolveLocale('pt'), 'pt-BR');
  assert.equal(resolveLocale('zh-TW'), 'zh-CN');
  assert.equal(resolveLocale('zh-Hant-HK'), 'zh-CN');
  assert.equal(resolveLocale('zh_SG'), 'zh-CN');
  assert.equal(resolveLocale('fr-CA'), 'fr');
  assert.equal(resolveLocale('es-MX'), 'es');
  assert.equal(resolveLocale('ja-JP'), 'ja');
  assert.equal(resolveLocale('en-GB'), 'en');
});

test('a language no bundled locale speaks, an empty tag or none at all → English', () => {
  for (const tag of ['ko-KR', 'nl', 'x-klingon', 'e', '', '   ', null, undefined]) assert.equal(resolveLocale(tag), 'en', String(tag));
});

test('numbers, percentages, dates and lists in each locale’s conventions', () => {
  const de = new LocaleFormat('de');
  assert.equal(de.locale, 'de');
  assert.equal(de.formatNumber(12641), '12.641');
  assert.equal(new LocaleFormat('en').formatNumber(12641), '12,641');
  assert.equal(new LocaleFormat('fr').formatNumber(12641), '12\u202f641');
  assert.equal(de.formatPercent(85), '85\u00a0%');
  assert.equal(new LocaleFormat('en').formatPercent(85), '85%');
  assert.equal(new LocaleFormat('en').formatPercent(33.4), '33%', 'whole percent');
  assert.equal(de.formatList(['APA', 'Vancouver', 'Nature']), 'APA, Vancouver und Nature');
  const when = new Date(Date.UTC(2026, 10, 27, 9, 5));
  assert.match(de.formatDate(when), /27\.11\.2026/);
  assert.match(new LocaleFormat('ja').formatDate(when), /2026\/11\/27/);
});

test('count picks "one" where the locale’s plural rules say one: English 1 only, French 0 and 1', () => {
  const en = new LocaleFormat('en');
  assert.deepEqual([0, 1, 2].map((n) => en.count(n, 'one', 'other')), ['other', 'one', 'other']);
  const fr = new LocaleFormat('fr');
  assert.deepEqual([0, 1, 2].map((n) => fr.count(n, 'one', 'other')), ['one', 'one', 'other']);
  assert.equal(new LocaleFormat('ja').count(1, 'one', 'other'), 'other', 'Japanese has no singular form');
});

test('fill puts numbers through the locale’s format and strings as they are; an unknown placeholder stays', () => {
  const de = new LocaleFormat('de');
  assert.equal(de.fill('{n} Treffer in {file}', { n: 1234, file: 'a 1000.docx' }), '1.234 Treffer in a 1000.docx');
  assert.equal(de.fill('{n} von {total}', { n: 1 }), '1 von {total}');
});

test('placeholdersOf lists each placeholder once, sorted', () => {
  assert.deepEqual(placeholdersOf('{b} and {a}, {b} again'), ['a', 'b']);
  assert.deepEqual(placeholdersOf('no placeholder { here }'), []);
});

test('languageName names a language in the locale\'s words; a code Intl does not know stays a code', () => {
  assert.equal(new LocaleFormat('en').languageName('pt'), 'Portuguese');
  assert.equal(new LocaleFormat('de').languageName('pt'), 'Portugiesisch');
  assert.equal(new LocaleFormat('ja').languageName('zh'), '中国語');
  assert.equal(new LocaleFormat('en').languageName('1x'), '1x');
});
