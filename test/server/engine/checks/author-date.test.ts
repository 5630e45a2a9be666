// Author–date checks on a manuscript built in the test.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { p } from '../../../helpers/docx-builder.ts';
import { checksOf } from '../../../helpers/manuscript-checks.ts';

test('author–date: no entry with the nearest one named, author form against the entry, year suffixes', async () => {
  const found = await checksOf([
    p('As Smith and Jones (2018) showed, and others (Doe et al., 2017; Roe, 2016a; Smith et al., 2019; Poe, 2015; Poe, 2015b).'),
    p('References', 'Heading1'),
    p('Doe A (2017) Another title of some length. Nature 1: 2-3.'),
    p('Poe C (2015) Fourth one in the list. Cell 2: 3-4.'),
    p('Poe C (2015) A second paper of that year. Cell 3: 3-4.'),
    p('Roe B (2016a) Third one in the list. Cell 2: 3-4.'),
    p('Smith J, Jones K, Brown L (2018) A title of a work. J Biol 3: 1-5.'),
  ]);
  const by = (code: string) => found.filter((f) => f.code === code).map((f) => f.message);
  assert.deepEqual(by('citation-without-entry').filter((m) => m.includes('Smith')), ['Citation “Smith et al., 2019” matches no entry in the reference list (Smith 2018?)']);
  assert.ok(by('author-count').includes('“Doe et al., 2017” cites with “et al.”, but the entry has 1 author'), by('author-count').join('\n'));
  assert.ok(by('year-suffix').some((m) => /Roe 2016a carries a suffix/.test(m)), by('year-suffix').join('\n'));
  assert.ok(by('year-suffix').some((m) => /2 entries of Poe from 2015 need a, b/.test(m)), by('year-suffix').join('\n'));
});
