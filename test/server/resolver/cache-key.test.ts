// Cache keys: spellings of one reference that differ in case, accents, spacing, punctuation or the
// printed label share a key; a different existing DOI or different words do not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cacheKey, RESOLVER_VERSION } from '../../../server/resolver/cache-key.ts';
import { sha256Hex } from '../../../server/common/hash.ts';

const ref = 'Smith J, Müller K. Growth of cells. Nature. 2020;5:1–2.';
const same: Array<[string, string]> = [
  ['a bracketed label', `[12] ${ref}`],
  ['a parenthesised label', `(3) ${ref}`],
  ['a numbered label', `7. ${ref}`],
  ['case and spacing', `  smith j,   MÜLLER K.  growth of CELLS. nature. 2020;5:1–2. `],
  ['accents', ref.replace('Müller', 'Muller')],
  ['punctuation', ref.replace(/[.,;:]/g, ' ')],
];
for (const [name, variant] of same) {
  test(`one key despite ${name}`, () => assert.equal(cacheKey(variant), cacheKey(ref)));
}

/** The key of a text already normalised (no written DOI). */
const keyOf = (normalised: string) => sha256Hex(`${RESOLVER_VERSION}\n\n${normalised}`);

test('the key hashes the normalised text: label dropped, lower case, single spaces', () => {
  assert.equal(cacheKey('[1] Smith J. Growth—of cells.'), keyOf('smith j growth of cells'));
  assert.equal(cacheKey('2019 results'), keyOf('2019 results'), 'a year is not a label');
});

test('different keys: other words, an existing DOI, and the key covers the resolver version', () => {
  assert.notEqual(cacheKey(ref), cacheKey(ref.replace('Growth', 'Death')));
  assert.notEqual(cacheKey(ref), cacheKey(ref, '10.1/x'));
  assert.equal(cacheKey(ref, '10.1/x'), sha256Hex(`${RESOLVER_VERSION}\n10.1/x\nsmith j muller k growth of cells nature 2020 5 1 2`));
});
