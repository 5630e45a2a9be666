// ClinicalTrials.gov numbers: NCT and exactly eight digits, a word of its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nctFinder } from '../../../../../server/engine/detect/identifiers/nct.ts';

const found = (text: string) => nctFinder.find(text).map((f) => ({ linked: text.slice(f.start, f.end), id: f.id, url: f.url }));

test('NCT numbers link to the study page; brackets and full stops stay outside', () => {
  const one = { linked: 'NCT01234567', id: 'NCT01234567', url: 'https://clinicaltrials.gov/study/NCT01234567' };
  assert.deepEqual(found('trial NCT01234567.'), [one]);
  assert.deepEqual(found('(NCT01234567)'), [one]);
});

test('traps: seven or nine digits, inside a word, followed by a hyphenated suffix or a decimal', () => {
  for (const text of ['NCT0123456', 'NCT012345678', 'xNCT01234567', 'NCT01234567-A', 'NCT01234567.2', 'a/NCT01234567']) {
    assert.deepEqual(found(text), [], text);
  }
});
