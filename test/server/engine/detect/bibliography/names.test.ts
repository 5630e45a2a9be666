// Author-name keys for comparing a surname typed in a citation with the one printed in a reference.
// One row per case.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { acronym, foldedWords, isAnonymous, nameKey, nameKeys } from '../../../../../server/engine/detect/bibliography/names.ts';

const keyRows: Array<[string, string]> = [
  ['Español–Suñer', 'espanolsuner'],
  ['Espanol-Suner', 'espanolsuner'],
  ["O'Neill", 'oneill'],
  ['Weiß', 'weiss'],
  ['Ångström', 'angstrom'],
];
for (const [name, key] of keyRows) test(`nameKey: ${name}`, () => assert.equal(nameKey(name), key));

const particleRows: Array<[string, string]> = [
  ['van Ittersum', 'ittersum'],
  ['van der Berg', 'berg'],
  ['de la Cruz', 'cruz'],
  ['ten Brink', 'brink'],
  ['d’ Alembert', 'alembert'],
  ['Van', 'van'],
  ['van', 'van'],
];
for (const [name, key] of particleRows) test(`nameKeys without particles: ${name}`, () => assert.ok(nameKeys(name).includes(key), nameKeys(name).join()));

test('nameKeys: as written, without particles, without a generational suffix, first part of a double surname', () => {
  assert.deepEqual(nameKeys('van Ittersum').sort(), ['ittersum', 'vanittersum']);
  assert.deepEqual(nameKeys('Smith Jr.').sort(), ['smith', 'smithjr']);
  assert.deepEqual(nameKeys('García-López').sort(), ['garcia', 'garcialopez']);
  assert.deepEqual(nameKeys('García López').sort(), ['garcia', 'garcialopez']);
  assert.deepEqual(nameKeys('Smith'), ['smith']);
});

const acronymRows: Array<[string, string | null]> = [
  ['World Health Organization', 'who'],
  ['Food and Agriculture Organization of the United Nations', 'faoun'],
  ['Centers for Disease Control', 'cdc'],
  ['Smith', null],
  ['the world bank', null],
  ['Intergovernmental Panel on Climate Change', 'ipcc'],
];
for (const [name, a] of acronymRows) test(`acronym: ${name}`, () => assert.equal(acronym(name), a));

test('foldedWords: the words of a name or an entry start, folded as nameKey folds', () => {
  assert.deepEqual(foldedWords('“Zárate, R., Dirks'), ['zarate', 'r', 'dirks']);
  assert.deepEqual(foldedWords('Jeon J-S'), ['jeon', 'j', 's']);
  assert.deepEqual(foldedWords('  '), []);
});

test('isAnonymous: "Anon", "Anonymous", "Anon." stand for no author; names do not', () => {
  assert.deepEqual(['Anon', 'Anonymous', 'anon.', 'Anonby', 'Smith'].map(isAnonymous), [true, true, true, false, false]);
});
