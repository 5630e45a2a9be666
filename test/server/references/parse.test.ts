import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cleanReference, expandPages, parseReference } from '../../../server/references/parse.ts';

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
  assert.equal(p.authors[0]!.given, 'W. G');
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
  const c = cleanReference('[3] Woese CR. Towards a natural system. PNAS 1990; 87:4576-79. PubMed PMID: 12345. https://example.org/x');
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
