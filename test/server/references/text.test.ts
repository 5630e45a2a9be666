// Text folding shared by parsing, matching and the fake registry. One row per case.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fold, stripMarkup, tokens } from '../../../server/references/text.ts';

const foldRows: Array<[string, string, string]> = [
  ['accents dropped and lower case', 'Müller Ångström Ñandú', 'muller angstrom nandu'],
  ['ß, æ, œ, ø, ł spelled out', 'Straße Cæsar Œuvre Søren Łódź', 'strasse caesar oeuvre soren lodz'],
  ['Greek letters spelled out, spaced', 'TGF-β1', 'tgf- beta 1'],
  ['the micro sign is mu', 'µm', ' mu m'],
  ['other characters kept', 'a/b (c)', 'a/b (c)'],
];
for (const [name, input, expected] of foldRows) test(`fold: ${name}`, () => assert.equal(fold(input), expected));

test('tokens: ASCII alphanumeric runs of the folded text', () => {
  assert.deepEqual(tokens('TGF-β1 signalling in Müller cells (2019)'), ['tgf', 'beta', '1', 'signalling', 'in', 'muller', 'cells', '2019']);
  assert.deepEqual(tokens('— … —'), []);
});

test('stripMarkup: tags the registry leaves in titles, and entities', () => {
  assert.equal(stripMarkup('<i>E. coli</i> in H<sub>2</sub>O &amp; <scp>dna</scp>'), 'E. coli in H2O & dna');
  assert.equal(stripMarkup('&lt;5 &quot;mM&quot; &#39;x&apos;'), '<5 "mM" \'x\'');
  assert.equal(stripMarkup('a < b and c > d'), 'a < b and c > d');
});
