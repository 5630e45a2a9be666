// The separator a style leaves before a field the record does not have (server/csl/dangling.ts): dropped before the
// entry's full stop or end, across formatted segments, never inside a link, and nothing else is touched.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withoutDanglingSeparators } from '../../../server/csl/dangling.ts';

const text = (s: ReturnType<typeof withoutDanglingSeparators>) => s?.map((x) => x.text).join('') ?? null;

test('"Blood 112:." and "Blood 112:" lose the colon; a DOI link after it is kept whole', () => {
  assert.equal(text(withoutDanglingSeparators([{ text: 'Smith J (2008) Iron. Blood 112:. https://doi.org/10.1182/blood-2007-12-077388' }])), 'Smith J (2008) Iron. Blood 112. https://doi.org/10.1182/blood-2007-12-077388');
  assert.equal(text(withoutDanglingSeparators([{ text: 'Smith J (2008) Iron. Blood 112:' }])), 'Smith J (2008) Iron. Blood 112');
});

test('BMC\'s "year;volume:pages" without volume or year, ISO 690 without a journal: the orphaned separator goes', () => {
  assert.equal(text(withoutDanglingSeparators([{ text: 'Thun E. Skiftarbeid. Sykepleien. 2017;:40–2.' }])), 'Thun E. Skiftarbeid. Sykepleien. 2017;40–2.');
  assert.equal(text(withoutDanglingSeparators([{ text: 'Flory M. Le droit. L’avenir du droit. :287–98.' }])), 'Flory M. Le droit. L’avenir du droit. 287–98.');
  assert.equal(text(withoutDanglingSeparators([{ text: 'NAKAO, Makoto, 1981. Nihon Naika Gakkai Zasshi. . 1981. Vol. 70.' }])), 'NAKAO, Makoto, 1981. Nihon Naika Gakkai Zasshi. 1981. Vol. 70.');
  assert.equal(text(withoutDanglingSeparators([{ text: 'Smith J. Moss.. Blood 12.' }])), 'Smith J. Moss. Blood 12.');
});

test('the separator is dropped from its own segment; the formatting of the others is kept', () => {
  const out = withoutDanglingSeparators([{ text: 'Smith J (2008) Iron. ' }, { text: 'Blood', italic: true }, { text: ' ' }, { text: '112', bold: true }, { text: ':' }, { text: '.' }]);
  assert.deepEqual(out, [{ text: 'Smith J (2008) Iron. ' }, { text: 'Blood', italic: true }, { text: ' ' }, { text: '112', bold: true }, { text: '.' }]);
});

test('nothing to drop: a colon before pages, a decimal, a colon inside a DOI, other empty-field marks', () => {
  assert.equal(withoutDanglingSeparators([{ text: 'Blood 112:101–108. https://doi.org/10.1002/(sici)1097-0290(19980405)58:1<92::aid-bit10>3.0.co;2-7' }]), null);
  assert.equal(withoutDanglingSeparators([{ text: 'Version 2:.5 of the data' }]), null);
  assert.equal(withoutDanglingSeparators([{ text: 'Smith J. Moss and more... Blood 12.' }]), null);
  assert.equal(withoutDanglingSeparators([{ text: 'Blood 112, pp. 3.5–4.' }]), null);
  assert.equal(withoutDanglingSeparators([{ text: 'Blood (). 112.' }]), null);
  assert.equal(withoutDanglingSeparators([{ text: 'Methods in Cell Biology 109: : 53–81' }]), null);
  assert.equal(withoutDanglingSeparators([{ text: 'Blood 112, pp. . 2004' }]), null);
  assert.equal(withoutDanglingSeparators([{ text: 'Blood, Vol. : 2004' }]), null);
});
