// PubMed IDs: a number behind its label; the number links, the label stays as written.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pmidFinder } from '../../../../../server/engine/detect/identifiers/pmid.ts';

const found = (text: string) => pmidFinder.find(text).map((f) => ({ linked: text.slice(f.start, f.end), id: f.id, url: f.url }));

test('each label form: "PMID:", "PMID", "PubMed ID:", "[PubMed: …]"; only the number links', () => {
  assert.deepEqual(found('PMID: 12345678.'), [{ linked: '12345678', id: '12345678', url: 'https://pubmed.ncbi.nlm.nih.gov/12345678/' }]);
  assert.deepEqual(found('PMID 123').map((f) => f.linked), ['123']);
  assert.deepEqual(found('PubMed ID: 123').map((f) => f.linked), ['123']);
  assert.deepEqual(found('[PubMed: 123]').map((f) => f.linked), ['123']);
});

test('traps: a number without the label, ten digits, a range, a decimal, a longer word', () => {
  for (const text of ['number 12345678', 'PMID: 1234567890', 'PMID: 123-456', 'PMID: 12.5', 'PMIDs 123', 'XPMID: 123']) {
    assert.deepEqual(found(text), [], text);
  }
});
