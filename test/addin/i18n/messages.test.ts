// The locale data files: every bundled locale has every English key, no empty text, and the same
// `{name}` placeholders as English in each message (a translation may move them, never drop or add one).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locale } from '../../../addin/i18n/locale.ts';
import { MESSAGES } from '../../../addin/i18n/messages.ts';
import { placeholdersOf } from '../../helpers/placeholders.ts';

const LOCALES = Object.keys(MESSAGES) as Locale[];
import { CSL_FILE_REASONS, DOCX_REJECT_REASONS } from '../../../shared/schemas/errors.ts';
import { statCategorySchema } from '../../../shared/schemas/common.ts';

/** Every leaf of a message tree by its dotted path (array items by index). */
function leaves(node: unknown, path = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof node === 'string') out.set(path, node);
  else if (Array.isArray(node)) node.forEach((v, i) => leaves(v, `${path}[${i}]`, out));
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) leaves(v, path ? `${path}.${k}` : k, out);
  else out.set(path, `<${typeof node}>`);
  return out;
}

const english = leaves(MESSAGES.en);

test('the bundled locales are English, German, French, Spanish, Portuguese (Brazil), Japanese and Simplified Chinese', () => {
  assert.deepEqual([...LOCALES].sort(), ['de', 'en', 'es', 'fr', 'ja', 'pt-BR', 'zh-CN']);
  assert.ok(english.size > 300, `English has ${english.size} messages`);
});

for (const locale of LOCALES) {
  test(`${locale}: every English key, no other key, no empty text`, () => {
    const mine = leaves(MESSAGES[locale]);
    assert.deepEqual([...english.keys()].filter((k) => !mine.has(k)), [], 'missing');
    assert.deepEqual([...mine.keys()].filter((k) => !english.has(k)), [], 'not in English');
    assert.deepEqual([...mine].filter(([k, v]) => v.trim() === '' && english.get(k)!.trim() !== '').map(([k]) => k), [], 'empty');
  });

  if (locale !== 'en') {
    test(`${locale}: no sentence left in English (a message of four words or more identical to English)`, () => {
      const mine = leaves(MESSAGES[locale]);
      const words = (v: string) => v.replace(/\{\w+\}/g, '').match(/\p{L}{2,}/gu)?.length ?? 0;
      assert.deepEqual([...english].filter(([k, v]) => words(v) >= 4 && mine.get(k) === v).map(([k]) => k), []);
    });
  }

  test(`${locale}: the same placeholders as English in every message`, () => {
    const mine = leaves(MESSAGES[locale]);
    const differ = [...english].filter(([k, v]) => mine.has(k) && placeholdersOf(v).join() !== placeholdersOf(mine.get(k)!).join());
    assert.deepEqual(differ.map(([k, v]) => `${k}: ${placeholdersOf(v).join()} vs ${placeholdersOf(mine.get(k)!).join()}`), []);
  });

  test(`${locale}: each settings field's group is one of the locale's groups`, () => {
    const s = MESSAGES[locale].settings;
    for (const [name, [, group]] of Object.entries(s.fields)) assert.ok(s.groups.includes(group!), `${name}: ${group}`);
    assert.ok(s.groups.includes(s.crossReferenceGroup) && s.groups.at(-1) === s.otherGroup);
  });
}

test('placeholders are found once each, sorted', () => {
  assert.deepEqual(placeholdersOf('{n} of {total} shown ({n})'), ['n', 'total']);
  assert.deepEqual(placeholdersOf('no placeholder'), []);
});

test('every DOCX rejection reason and every CSL file reason the service sends has words', () => {
  assert.deepEqual(Object.keys(MESSAGES.en.errors.docxReason).sort(), [...DOCX_REJECT_REASONS].sort());
  assert.deepEqual(Object.keys(MESSAGES.en.errors.cslReason).sort(), [...CSL_FILE_REASONS].sort());
});

test('every link category the service counts after apply has a name', () => {
  assert.deepEqual(Object.keys(MESSAGES.en.apply.category).sort(), [...statCategorySchema.options].sort());
});
