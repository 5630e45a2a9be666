// PubMed Central IDs: PMC and four to eight digits, a word of its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pmcidFinder } from '../../../../../server/engine/detect/identifiers/pmcid.ts';

const found = (text: string) => pmcidFinder.find(text).map((f) => ({ linked: text.slice(f.start, f.end), id: f.id, url: f.url }));

test('the ID links (not its "PMCID:" label) to the PMC article page', () => {
  assert.deepEqual(found('PMCID: PMC1234567.'), [{ linked: 'PMC1234567', id: 'PMC1234567', url: 'https://www.ncbi.nlm.nih.gov/pmc/articles/PMC1234567/' }]);
  assert.deepEqual(found('PMC1234').map((f) => f.id), ['PMC1234']);
});

test('traps: three or nine digits, lower case, inside a word or path, a decimal after it', () => {
  for (const text of ['PMC123', 'PMC123456789', 'pmc1234567', 'xPMC1234567', 'a/PMC1234567', 'PMC1234567.2', 'PMC1234567-x']) {
    assert.deepEqual(found(text), [], text);
  }
});
