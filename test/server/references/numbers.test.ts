// Volume, issue and pages of an entry's source in the layouts styles print them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { expandPages, findNumbers } from '../../../server/references/numbers.ts';

const vip = (rest: string, year: string | null) => {
  const n = findNumbers(rest, year);
  return n ? [n.volume, n.issue, n.pages ? `${n.pages.first}-${n.pages.last ?? ''}` : null] : null;
};

test('ACM: volume, issue, the date in parentheses, pages; AIP\'s "volume, page (year)" stays a volume and a page', () => {
  assert.deepEqual(vip('Reumatología Clínica. 8, 2 (Mar. 2012), 63–67.', '2012'), ['8', '2', '63-67']);
  assert.deepEqual(vip('Industrial Crops and Products. 94, (Dec. 2016), 342–352.', '2016'), ['94', null, '342-352']);
  assert.deepEqual(vip('Journal of Applied Physics 88, 2451 (2000).', '2000'), ['88', null, '2451-']);
});

test('MLA issues that are not plain numbers: 15.S2 (2009), 120.1-3 (1997)', () => {
  assert.deepEqual(vip('Microscopy and Microanalysis 15.S2 (2009): 216–217.', '2009'), ['15', 'S2', '216-217']);
  assert.deepEqual(vip('Journal of Molecular Catalysis A: Chemical 120.1-3 (1997): 288.', '1997'), ['120', '1-3', '288-']);
});

test('a chapter\'s or a proceedings paper\'s pages after the year, with no volume; pages alone; a volume alone after the year', () => {
  assert.deepEqual(vip('Theory and Practice I: Classical Methods 2017, 46–66.', '2017'), [null, null, '46-66']);
  assert.deepEqual(vip('Non-Alcoholic Fatty Liver Disease 2013:62–70.', '2013'), [null, null, '62-70']);
  assert.deepEqual(vip('Labour Force Mobility (2016): 103–116.', '2016'), [null, null, '103-116']);
  assert.deepEqual(vip('Reassessing the Twentieth-Century Canon (2014) 91.', '2014'), [null, null, '91-']);
  assert.deepEqual(vip('Pediatric Hypertension [online]. 2004. P. 351–370.', '2004'), [null, null, '351-370']);
  assert.deepEqual(vip('Physical Review Letters 2012, 109.', '2012'), ['109', null, null]);
  assert.deepEqual(vip('Heart 2013, 99, A155.3–A156.', '2013'), ['99', null, 'A155.3-A156']);
});

test('PLOS shapes: pages after the issue with no separator, an empty issue, an LNCS volume/year, a supplement as the issue', () => {
  assert.deepEqual(vip('Protist 163 (4) 643-657.', '2012'), ['163', '4', '643-657']);
  assert.deepEqual(vip('Methods in cell biology 109: : 53-81.', '2012'), ['109', null, '53-81']);
  assert.deepEqual(vip('Research in Computational Molecular Biology 6044/2010: 426-440.', '2010'), ['6044', null, '426-440']);
  assert.deepEqual(vip('Bioinformatics 19 Suppl 2: ii215-ii225.', '2003'), ['19', 'Suppl 2', 'ii215-ii225']);
  assert.deepEqual(vip('Blood 112 (Suppl. 1), 45-47.', '2008'), ['112', 'Suppl. 1', '45-47']);
  // A year after the issue is no page range: the issue alone.
  assert.deepEqual(vip('Nature 45 (10) 2013.', '2013'), ['45', '10', null]);
});

test('short page ranges are expanded', () => {
  assert.deepEqual(expandPages('1425', '37'), { first: '1425', last: '1437' });
});

test('a volume or a page range alone before the year at the end; pages after a colon at the end; Roman volumes and pages', () => {
  assert.deepEqual(vip('ChemInform. 20 (1989).', '1989'), ['20', null, null]);
  assert.deepEqual(vip('Zeitschrift für Angewandte Chemie. 4, (1891).', '1891'), ['4', null, null]);
  assert.deepEqual(vip('J. Chem. Soc., Chem. Commun. 333-334 (1993).', '1993'), [null, null, '333-334']);
  assert.deepEqual(vip('Proceedings of the International Conference on Technology Management:17-20.', null), [null, null, '17-20']);
  assert.deepEqual(vip('Journal of the American Medical Association LIX:2089.', '1912'), ['LIX', null, '2089-']);
  assert.deepEqual(vip('Journal of the American Medical Association LIX (1912) 2089.', '1912'), ['LIX', null, '2089-']);
  assert.deepEqual(vip('The Journal of Finance. Wiley; 1988 Jul;43(3):ix-ix.', '1988'), ['43', '3', 'ix-ix']);
  assert.deepEqual(vip('Philosophical Tales, P. i-xiv.', null), [null, null, 'i-xiv']);
  // A Roman page needs a Roman range: "12, c" is no page.
  assert.equal(findNumbers('Journal 12, c.', null), null);
});
