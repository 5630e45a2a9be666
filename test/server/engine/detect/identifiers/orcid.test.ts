// ORCID iDs: behind the ORCID label (the number links) or as orcid.org/… (the address links), check digit valid.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orcidFinder } from '../../../../../server/engine/detect/identifiers/orcid.ts';

const found = (text: string) => orcidFinder.find(text).map((f) => ({ linked: text.slice(f.start, f.end), id: f.id, url: f.url }));

test('behind the label only the number links; a lower-case X check character is read as X', () => {
  assert.deepEqual(found('ORCID: 0000-0002-1825-0097'), [{ linked: '0000-0002-1825-0097', id: '0000-0002-1825-0097', url: 'https://orcid.org/0000-0002-1825-0097' }]);
  assert.deepEqual(found('ORCID iD 0000-0002-1694-233x'), [{ linked: '0000-0002-1694-233x', id: '0000-0002-1694-233X', url: 'https://orcid.org/0000-0002-1694-233X' }]);
});

test('orcid.org/… links as written, without the sentence’s full stop', () => {
  assert.deepEqual(found('orcid.org/0000-0002-1825-0097.'), [{ linked: 'orcid.org/0000-0002-1825-0097', id: '0000-0002-1825-0097', url: 'https://orcid.org/0000-0002-1825-0097' }]);
});

test('traps: a wrong check digit, a bare sixteen-digit group, an address with its scheme (a URL)', () => {
  assert.deepEqual(found('ORCID: 0000-0002-1825-0098'), []);
  assert.deepEqual(found('ORCID: 0000-0002-1694-2330'), []);
  assert.deepEqual(found('0000-0002-1825-0097'), []);
  assert.deepEqual(found('https://orcid.org/0000-0002-1825-0097'), []);
  assert.deepEqual(found('ORCID: 0000-0002-1825-0097-1'), []);
});
