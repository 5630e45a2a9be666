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

test('a list author cited with a year none of their entries has is a citation without an entry, whatever its form', async () => {
  const found = await checksOf([
    p('Levels rise in wildlife (Hites 2011; Law et al. 2003), as Doe (2019) found, and in the Protocol (2019).'),
    p('References', 'Heading1'),
    p('Doe A (2017) Another title of some length. Nature 1: 2-3.'),
    p('Hites RA (2004) Polybrominated diphenyl ethers in the environment. Environ Sci Technol 38: 945-956.'),
    p('Law RJ, Alaee M, Allchin CR (2003) Levels and trends of flame retardants. Environ Int 29: 757-770.'),
  ]);
  const missing = found.filter((f) => f.code === 'citation-without-entry').map((f) => f.message);
  assert.deepEqual(missing, [
    'Citation “Hites 2011” matches no entry in the reference list (Hites 2004?)',
    'Citation “Doe (2019)” matches no entry in the reference list (Doe 2017?)',
  ]);
});

test('a citation naming an entry of its year by a title word or a misspelt later author is a note, not an error', async () => {
  const found = await checksOf([
    p('Data were scaled with XDS (Xds, 2010), as others did (Keese, 2007; Kabsch, 2011).'),
    p('References', 'Heading1'),
    p('Correll J, Park B, Keesee T (2007) The police officer’s dilemma. J Pers Soc Psychol 92: 1006-1023.'),
    p('Kabsch W (2010) Xds. Acta Crystallogr D 66: 125-132.'),
  ]);
  const by = (code: string) => found.filter((f) => f.code === code).map((f) => f.message);
  assert.deepEqual(by('undecided').filter((m) => m.startsWith('Citation')), [
    'Citation “Xds, 2010” names no first author of the list, but Kabsch 2010 of that year has the word: check which entry it cites',
    'Citation “Keese, 2007” names no first author of the list, but Correll et al. 2007 of that year has the word: check which entry it cites',
  ]);
  assert.deepEqual(by('citation-without-entry'), ['Citation “Kabsch, 2011” matches no entry in the reference list (Kabsch 2010?)'], 'an entry of the cited first author is the nearest entry, named in the error');
});
