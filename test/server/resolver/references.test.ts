import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ScanPacket } from '../../../shared/contract.ts';
import { cacheKey } from '../../../server/resolver/cache-key.ts';
import { referenceCandidate, referencesFromPacket } from '../../../server/resolver/references.ts';

const loc = { part: 'word/document.xml', paragraph: 0, start: 0, end: 1 };

test('references come from bibliography targets in list order, with normalised DOIs and untrimmed text', () => {
  const long = `${'x'.repeat(297)}...`;
  const packet: ScanPacket = {
    scanFingerprint: 'f',
    matches: [],
    targets: [
      { targetId: 'bib-2', label: '[2]', type: 'bibliography', text: long, refIndex: 2, location: loc },
      { targetId: 'fig-1', label: 'Figure 1', type: 'figure', text: 'Figure 1. A cat.', location: loc },
      { targetId: 'bib-1', label: '[1]', type: 'bibliography', text: 'Smith J. A title. Nature. 2020;1:2. https://doi.org/10.1038/ABC.', doi: '10.1038/ABC', refIndex: 1, location: loc },
    ],
  };
  const refs = referencesFromPacket(packet);
  assert.deepEqual(refs.map((r) => r.refId), ['bib-1', 'bib-2']);
  assert.equal(refs[0]!.index, 0);
  assert.equal(refs[0]!.existingDoi, '10.1038/abc');
  assert.equal(refs[1]!.text.length, 297);
  const c = referenceCandidate(refs[0]!, { author: 'Smith', year: '2020', title: 'A title' });
  assert.equal(c.refTextHtml.includes('<'), false);
  assert.equal(c.existingDoi, '10.1038/abc');
});

test('cache keys ignore label, case, spacing and punctuation but not the written DOI', () => {
  assert.equal(cacheKey('[12] Smith, J.  (2020) Café —  Title.'), cacheKey('smith j 2020 cafe title'));
  assert.equal(cacheKey('1. Smith J. Title. 2020.'), cacheKey('smith j title 2020'));
  assert.notEqual(cacheKey('Smith J. Title. 2020.'), cacheKey('Smith J. Title. 2021.'));
  assert.notEqual(cacheKey('Smith J. Title.', '10.1/a'), cacheKey('Smith J. Title.'));
  assert.match(cacheKey('x'), /^[0-9a-f]{64}$/);
});
