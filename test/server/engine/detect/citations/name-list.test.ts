// The authors an ISO 690 citation lists before its year (server/engine/detect/citations/name-list.ts): every part of
// the parenthetical item a name, two or more of them, the year after a space; and a listed name's surname.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { listedNames, surnameOf } from '../../../../../server/engine/detect/citations/name-list.ts';

/** The names listed before the year `year` in `text` (its parenthesis the innermost "(" before it), or null. */
function names(text: string, year: string): string[] | null {
  const at = text.indexOf(year);
  const out = listedNames(text, text.lastIndexOf('(', at), at);
  if (out) for (const n of out) assert.equal(text.slice(n.start, n.start + n.name.length), n.name);
  return out?.map((n) => n.name) ?? null;
}

test('a comma list before the year, in a group of items, after "and" or "&", with particles, capitals and initials', () => {
  assert.deepEqual(names('as before (Brannick 1995; Huang, Altshuller, Hou, Pessin, Frohman 2005).', '2005'), ['Huang', 'Altshuller', 'Hou', 'Pessin', 'Frohman']);
  assert.deepEqual(names('(Smith, Jones and Lee 2019)', '2019'), ['Smith', 'Jones', 'Lee']);
  assert.deepEqual(names('(Smith, Jones & Lee 2019)', '2019'), ['Smith', 'Jones', 'Lee']);
  assert.deepEqual(names('(Deng, Dal Canto, O’Halloran, Siddique 2006)', '2006'), ['Deng', 'Dal Canto', 'O’Halloran', 'Siddique']);
  assert.deepEqual(names('(Zoltie, deDombal 1993)', '1993'), ['Zoltie', 'deDombal']);
  assert.deepEqual(names('(TEMNIKOVA, KASHINA 1972)', '1972'), ['TEMNIKOVA', 'KASHINA']);
  assert.deepEqual(names('(Geiler, Doerr, Cinatl J Jr 2010)', '2010'), ['Geiler', 'Doerr', 'Cinatl J Jr']);
  assert.deepEqual(names('(Bugiardini, Pizzi c, Fontana 2004)', '2004'), ['Bugiardini', 'Pizzi c', 'Fontana']);
  assert.deepEqual(names('(J. Smith, K. Lee 2019)', '2019'), ['J. Smith', 'K. Lee']);
});

test('words before the first name are left out of it', () => {
  assert.deepEqual(names('(see Kang, Dingwell 2006)', '2006'), ['Kang', 'Dingwell']);
  assert.deepEqual(names('(See Kang, Dingwell 2006)', '2006'), ['Kang', 'Dingwell']);
});

test('no list: one name, a comma before the year, a part that is no name, no parenthesis', () => {
  assert.equal(names('(Farr 2006)', '2006'), null);
  assert.equal(names('(Smith, Jones, 2019)', '2019'), null);
  assert.equal(names('(Tang 2025, Achterberg 2016)', '2016'), null);
  assert.equal(names('(in rats, mice and Dogs 2019)', '2019'), null);
  assert.equal(names('(Table 2, Figure 3 2019)', '2019'), null);
  assert.equal(listedNames('Smith, Jones 2019', -1, 13), null);
});

test('surnameOf leaves out initials before and after the name and a generation', () => {
  assert.equal(surnameOf('P. Vijayabaskar'), 'Vijayabaskar');
  assert.equal(surnameOf('Cinatl J Jr'), 'Cinatl');
  assert.equal(surnameOf('J.-P. Sartre'), 'Sartre');
  assert.equal(surnameOf('Fischer Hansen'), 'Fischer Hansen');
  assert.equal(surnameOf('Li'), 'Li');
});
