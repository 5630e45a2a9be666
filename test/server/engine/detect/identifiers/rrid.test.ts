// RRIDs: "RRID:" and an authority's accession; the whole "RRID:…" links, a space after the colon is dropped.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rridFinder } from '../../../../../server/engine/detect/identifiers/rrid.ts';

const found = (text: string) => rridFinder.find(text).map((f) => ({ linked: text.slice(f.start, f.end), id: f.id, url: f.url }));

test('RRIDs link whole to the SciCrunch resolver; closing brackets and punctuation stay outside', () => {
  assert.deepEqual(found('RRID:AB_2298772).'), [{ linked: 'RRID:AB_2298772', id: 'RRID:AB_2298772', url: 'https://scicrunch.org/resolver/RRID:AB_2298772' }]);
  assert.deepEqual(found('RRID:IMSR_JAX:000664').map((f) => f.id), ['RRID:IMSR_JAX:000664']);
});

test('a space after the colon is written but not part of the identifier', () => {
  assert.deepEqual(found('RRID: CVCL_0030,'), [{ linked: 'RRID: CVCL_0030', id: 'RRID:CVCL_0030', url: 'https://scicrunch.org/resolver/RRID:CVCL_0030' }]);
});

test('a trailing separator is dropped; an authority with no accession is nothing', () => {
  assert.deepEqual(found('RRID:SCR_002798_').map((f) => f.linked), ['RRID:SCR_002798']);
  for (const text of ['RRID:AB', 'RRID:AB_', 'RRID:_123', 'RRIDs:AB_1']) assert.deepEqual(found(text), [], text);
});
