import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseReference } from '../../../server/references/parse.ts';
import { expandPages } from '../../../server/references/numbers.ts';

test('Vancouver: authors, title, abbreviated journal, year;volume(issue):pages with a short range', () => {
  const p = parseReference('12. Chim H, Schantz JT. New frontiers in calvarial reconstruction. Plast Reconstr Surg. 2005;116(6):1726-41. doi:10.1097/01.prs.0000182386.97456.4b');
  assert.deepEqual(p.authors, [{ family: 'Chim', given: 'H' }, { family: 'Schantz', given: 'JT' }]);
  assert.equal(p.year, '2005');
  assert.equal(p.title, 'New frontiers in calvarial reconstruction');
  assert.equal(p.containerTitle, 'Plast Reconstr Surg');
  assert.equal(p.volume, '116');
  assert.equal(p.issue, '6');
  assert.deepEqual(p.pages, { first: '1726', last: '1741' });
  assert.equal(p.doi, '10.1097/01.prs.0000182386.97456.4b');
  assert.ok(!p.cleaned.includes('10.1097'));
});

test('APA: (year), title, journal, volume(issue), pages', () => {
  const p = parseReference('Goodman, W. G., Frazao, J. M., & Coburn, J. W. (2000). A calcimimetic agent lowers plasma parathyroid hormone levels. Kidney International, 58(1), 436–445.');
  assert.equal(p.authors[0]!.family, 'Goodman');
  assert.equal(p.authors[0]!.given, 'W. G.');
  assert.equal(p.year, '2000');
  assert.equal(p.title, 'A calcimimetic agent lowers plasma parathyroid hormone levels');
  assert.equal(p.containerTitle, 'Kidney International');
  assert.equal(p.volume, '58');
  assert.equal(p.issue, '1');
  assert.deepEqual(p.pages, { first: '436', last: '445' });
});

test('Chicago and MLA quoted titles; MLA volume.issue (year): pages', () => {
  const c = parseReference('Calquín Donoso, Claudia. 2013. “De Madres y de Expertos.” Summa Psicológica 10 (1) (July 31): 119–129.');
  assert.equal(c.title, 'De Madres y de Expertos');
  assert.equal(c.containerTitle, 'Summa Psicológica');
  assert.equal(c.volume, '10');
  const m = parseReference('Aiqiao, Mi et al. “Asymmetric Synthesis IX: Stereocontrolled Synthesis.” Synthetic Communications 19.19 (1989): 3337–3342.');
  assert.equal(m.title, 'Asymmetric Synthesis IX: Stereocontrolled Synthesis');
  assert.equal(m.containerTitle, 'Synthetic Communications');
  assert.deepEqual([m.volume, m.issue, m.year], ['19', '19', '1989']);
  assert.deepEqual(m.pages, { first: '3337', last: '3342' });
});

test('styles without titles (ACS, Elsevier) give a container and no title; the year is never the volume', () => {
  const acs = parseReference('Perfetto, E. M.; Morris, L. S. Annals of Pharmacotherapy 1996, 30, 1117–1121.');
  assert.equal(acs.title, null);
  assert.equal(acs.year, '1996');
  assert.equal(acs.volume, '30');
  assert.deepEqual(acs.pages, { first: '1117', last: '1121' });
  const els = parseReference('M. Whitby, Australian Infection Control 1 (1995) 26.');
  assert.equal(els.year, '1995');
  assert.equal(els.volume, '1');
  assert.deepEqual(els.pages, { first: '26', last: null });
});

test('cleaning removes labels, URLs, PubMed notes; pages expand only when the short end is smaller', () => {
  const c = parseReference('[3] Woese CR. Towards a natural system. PNAS 1990; 87:4576-79. PubMed PMID: 12345. https://example.org/x');
  assert.equal(c.url, 'https://example.org/x');
  assert.equal(c.cleaned, 'Woese CR. Towards a natural system. PNAS 1990; 87:4576-4579.');
  assert.deepEqual(expandPages('1425', '37'), { first: '1425', last: '1437' });
  assert.deepEqual(expandPages('e12', null), { first: 'e12', last: null });
  assert.deepEqual(expandPages('S255', 'S265'), { first: 'S255', last: 'S265' });
});

test('Chicago volume, no. issue (date): pages and MLA vol., no., date, pp. read into volume, issue and pages', () => {
  const rows: Array<[string, string, string | null, { first: string; last: string | null }]> = [
    ['Brown, Anna M. 2004. "Moss Growth on Urban Walls." Journal of Urban Botany 12, no. 3 (2004): 101–19.', '12', '3', { first: '101', last: '119' }],
    ['Brown, Anna. 2004. "Moss Growth on Urban Walls." Journal of Urban Botany 12 (Spring 2004): 101–19.', '12', null, { first: '101', last: '119' }],
    ['Brown, Anna. 2004. "Moss Growth on Urban Walls." Journal of Urban Botany 12, no. 3 (March 5, 2004): 101–19.', '12', '3', { first: '101', last: '119' }],
    ['Brown, Anna M. "Moss Growth on Urban Walls." Journal of Urban Botany, vol. 12, no. 3, 2004, pp. 101–19.', '12', '3', { first: '101', last: '119' }],
    ['Brown, Anna M. "Moss Growth on Urban Walls." Journal of Urban Botany, vol. 12, no. 3, Spring 2004, pp. 101–19.', '12', '3', { first: '101', last: '119' }],
  ];
  for (const [text, volume, issue, pages] of rows) {
    const p = parseReference(text);
    assert.equal(p.containerTitle, 'Journal of Urban Botany', text);
    assert.deepEqual([p.volume, p.issue, p.pages], [volume, issue, pages], text);
    assert.equal(p.year, '2004', text);
  }
});

test('author lists of every style give the family names, "Surname, Given Names" first authors included', () => {
  const CHICAGO_REST = '2004. "Moss Growth on Urban Walls." Journal of Urban Botany 12, no. 3 (2004): 101–19.';
  const MLA_REST = '"Moss Growth on Urban Walls." Journal of Urban Botany, vol. 12, no. 3, 2004, pp. 101–19.';
  const rows: Array<[string, string[], boolean?]> = [
    // Chicago and MLA: the first author "Surname, Given Names", the others "Given Surname".
    [`Brown, Anna M. ${CHICAGO_REST}`, ['Brown']],
    [`Brown, Anna. ${CHICAGO_REST}`, ['Brown']],
    [`Brown, Anna M., and Piotr Kowalski. ${MLA_REST}`, ['Brown', 'Kowalski']],
    [`Brown, Anna M. and Piotr Kowalski. ${CHICAGO_REST}`, ['Brown', 'Kowalski']],
    [`Brown, Anna M., Piotr Kowalski, and Lee Chen. ${CHICAGO_REST}`, ['Brown', 'Kowalski', 'Chen']],
    [`Brown, Anna M., Piotr J. Kowalski, and Lee K. Chen. ${CHICAGO_REST}`, ['Brown', 'Kowalski', 'Chen']],
    [`Brown, Anna M., and Piotr J. Kowalski. ${MLA_REST}`, ['Brown', 'Kowalski']],
    [`Brown, Anna M., et al. ${MLA_REST}`, ['Brown'], true],
    [`Brown, Anna M., Jr., and Piotr Kowalski. ${CHICAGO_REST}`, ['Brown', 'Kowalski']],
    [`de Vries, Jan, Hans van der Berg, and Zoë Müller-Łukasiewicz. ${CHICAGO_REST}`, ['de Vries', 'van der Berg', 'Müller-Łukasiewicz']],
    [`van der Berg, Hans, et al. ${MLA_REST}`, ['van der Berg'], true],
    [`Łukasiewicz, Zoë, and José Luis García-Márquez. ${CHICAGO_REST}`, ['Łukasiewicz', 'García-Márquez']],
    [`O’Brien, Seán, and Jean-Luc d’Alembert. ${CHICAGO_REST}`, ['O’Brien', 'd’Alembert']],
    ['Calquín Donoso, Claudia. 2013. “De Madres y de Expertos.” Summa Psicológica 10 (1) (July 31): 119–129.', ['Calquín Donoso']],
    ['Elliott, Jane, and Derek Attridge, eds. Theory After Theory. London: Routledge, 2011.', ['Elliott', 'Attridge']],
    ['Altman, David, und Rossana Castiglioni. 2009. Gabinetes ministeriales. Revista Uruguaya 18: 15–39.', ['Altman', 'Castiglioni']],
    // Harvard with full given names: every author "Surname, Given".
    ['Brown, Anna and Kowalski, Piotr (2004) Moss growth on urban walls. Journal of Urban Botany, 12(3), pp. 101–119.', ['Brown', 'Kowalski']],
    // Two full names are two authors written given name first, not one "Surname, Given" pair.
    ['Xueli An, Minghao Zhao, Dongxiang Jiang. Wind turbine fault diagnosis. Power System Technology, 2011, 35(4): 117.', ['Xueli An', 'Minghao Zhao', 'Dongxiang Jiang']],
    // Vancouver, APA, Harvard, ACS: initials keep each author whole.
    ['Brown AM, Kowalski P. Moss growth on urban walls. J Urban Bot. 2004;12(3):101-19.', ['Brown', 'Kowalski']],
    ['van der Berg J, de Vries H, Müller-Łukasiewicz Z, et al. Moss growth on urban walls. J Urban Bot. 2004;12(3):101-19.', ['van der Berg', 'de Vries', 'Müller-Łukasiewicz'], true],
    ['Brown, A. M., & Kowalski, P. (2004). Moss growth on urban walls. Journal of Urban Botany, 12(3), 101–119.', ['Brown', 'Kowalski']],
    ['de Vries, J., van der Berg, H., & Łukasiewicz, Z. (2004). Moss growth on urban walls. Journal of Urban Botany, 12(3), 101–119.', ['de Vries', 'van der Berg', 'Łukasiewicz']],
    ['Brown, A.M. and Kowalski, P. (2004) Moss growth on urban walls. Journal of Urban Botany, 12(3), pp. 101–119.', ['Brown', 'Kowalski']],
    ['Brown, A. M.; Kowalski, P. Journal of Urban Botany 2004, 12, 101–119.', ['Brown', 'Kowalski']],
  ];
  for (const [text, families, etAl = false] of rows) {
    const p = parseReference(text);
    assert.deepEqual(p.authors.map((a) => a.family), families, text);
    assert.equal(p.etAl, etAl, text);
  }
});

test('"Surname, Given Names" keeps the given names with their author; a middle initial does not end the list', () => {
  const p = parseReference('Brown, Anna M., and Piotr J. Kowalski. "Moss Growth on Urban Walls." Journal of Urban Botany, vol. 12, no. 3, 2004, pp. 101–19.');
  assert.deepEqual(p.authors, [{ family: 'Brown', given: 'Anna M.' }, { family: 'Kowalski', given: 'Piotr J.' }]);
  assert.equal(p.title, 'Moss Growth on Urban Walls');
  const m = parseReference('Merges, Robert P., and Richard R. Nelson. 1990. On the complex economics of patent scope. Columbia Law Review 90: 839-916.');
  assert.deepEqual(m.authors.map((a) => a.family), ['Merges', 'Nelson']);
  assert.equal(m.title, 'On the complex economics of patent scope');
  assert.equal(m.containerTitle, 'Columbia Law Review');
});

test('AIP and Elsevier without titles: an initials-first author list runs to the journal, however many authors and particles', () => {
  const aip = parseReference('K. Marsh, J.-P. Okonkwo, S. De Villiers, and A.B. Lindqvist, Journal of Applied Physics 88, 2451 (2000).');
  assert.deepEqual(aip.authors, [
    { family: 'Marsh', given: 'K.' },
    { family: 'Okonkwo', given: 'J.-P.' },
    { family: 'De Villiers', given: 'S.' },
    { family: 'Lindqvist', given: 'A.B.' },
  ]);
  assert.deepEqual([aip.year, aip.title, aip.containerTitle, aip.volume, aip.pages?.first], ['2000', null, 'Journal of Applied Physics', '88', '2451']);
  const els = parseReference('R. Tanaka, P. Osei, W. van der Berg, Surface Science 412 (1998) 77.');
  assert.deepEqual(els.authors.map((a) => a.family), ['Tanaka', 'Osei', 'van der Berg']);
  assert.deepEqual([els.year, els.title, els.containerTitle, els.volume, els.pages?.first], ['1998', null, 'Surface Science', '412', '77']);
  // OCR-damaged: a space missing after a comma.
  const ocr = parseReference('H. Berg,V. Adeyemi, and C. Ruiz, Physical Review B 54, 1021 (1996).');
  assert.deepEqual(ocr.authors.map((a) => a.family), ['Berg', 'Adeyemi', 'Ruiz']);
});

test('IEEE: initials-first authors before a quoted title', () => {
  const p = parseReference('L. Ferreira and T. Nakamura, “Adaptive beam steering in dense arrays,” IEEE Trans. Antennas Propag., vol. 61, no. 4, pp. 1870–1879, 2013.');
  assert.deepEqual(p.authors, [{ family: 'Ferreira', given: 'L.' }, { family: 'Nakamura', given: 'T.' }]);
  assert.equal(p.title, 'Adaptive beam steering in dense arrays');
  assert.deepEqual([p.volume, p.issue, p.pages?.first, p.year], ['61', '4', '1870', '2013']);
});

test('an entry that opens on a quoted title has no authors: the text after the closing quote is the journal', () => {
  const p = parseReference('[15] “Troubleshooting forum,” Plastics, Additives and Compounding, vol. 4, no. 11, p. 33, Nov. 2002.');
  assert.deepEqual(p.authors, []);
  assert.equal(p.title, 'Troubleshooting forum');
  assert.equal(p.containerTitle, 'Plastics, Additives and Compounding');
  assert.deepEqual([p.volume, p.issue, p.pages?.first, p.year], ['4', '11', '33', '2002']);
  const q = parseReference('"Sovereign Immunity Accorded to American Institute in Taiwan," The American Journal of International Law, vol. 95, no. 3, p. 629, Jul. 2001.');
  assert.deepEqual(q.authors, []);
  assert.equal(q.containerTitle, 'The American Journal of International Law');
});
