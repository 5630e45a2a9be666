// One entry → one record: the CSL-JSON item, the printed label, each field's span in the entry's text and a
// confidence per field, for the common layouts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readReference } from '../../../server/references/record.ts';

/** Each field's text as its span shows it. */
function spanned(text: string): Record<string, string> {
  const r = readReference(text);
  return Object.fromEntries(Object.entries(r.spans).map(([k, s]) => [k, text.slice(s.start, s.end)]));
}

test('a numbered Vancouver entry: label, CSL item and the span of each field', () => {
  const text = '12. Renart A, Machens CK. Variability in neural activity and behavior. Curr Opin Neurobiol. 2014;25:211-20. doi: 10.1016/j.conb.2014.02.013';
  const r = readReference(text, 'bib-12');
  assert.deepEqual(r.label, { text: '12.', number: 12 });
  assert.deepEqual(r.item, {
    id: 'bib-12', type: 'article-journal',
    author: [{ family: 'Renart', given: 'A' }, { family: 'Machens', given: 'C. K.' }],
    issued: { 'date-parts': [[2014]] },
    title: 'Variability in neural activity and behavior', 'container-title': 'Curr Opin Neurobiol',
    volume: '25', page: '211-220', DOI: '10.1016/j.conb.2014.02.013',
  });
  assert.deepEqual(spanned(text), {
    author: 'Renart A, Machens', issued: '2014', title: 'Variability in neural activity and behavior',
    'container-title': 'Curr Opin Neurobiol', volume: '25', page: '211', DOI: '10.1016/j.conb.2014.02.013',
  });
  assert.equal(r.confidence.DOI, 1);
  assert.equal(r.confidence.author, 0.9);
});

test('an APA entry: year in parentheses after the authors is sure; an MLA quoted title is surer than a sentence', () => {
  const apa = readReference('Bruce, R. C. (2008). Intraguild interactions in salamanders. Herpetological Monographs, 22(1), 31–53.');
  assert.deepEqual([apa.item.issued, apa.confidence.issued, apa.item.issue, apa.confidence.title], [{ 'date-parts': [[2008]] }, 0.95, '1', 0.75]);
  const mla = readReference('Camus, P. “A New Wavelength Spectrometer for SEM Analysts.” Microscopy and Microanalysis 15.S2 (2009): 216–217.');
  assert.deepEqual([mla.item.title, mla.confidence.title], ['A New Wavelength Spectrometer for SEM Analysts', 0.9]);
});

test('an entry that reads badly is still a record, with what could be read', () => {
  const r = readReference('(2004). The Proceedings of the moss meeting. Moss Society.');
  assert.equal(r.item.author, undefined);
  assert.deepEqual([r.item.issued, r.item.title, r.confidence.title], [{ 'date-parts': [[2004]] }, 'The Proceedings of the moss meeting', 0.5]);
  const na = readReference('22 &NA; T D, The American Journal of the Medical Sciences 237, 408 (1959).');
  assert.deepEqual(na.item.issued, { 'date-parts': [[1959]] });
});

test('"et al." marks an abbreviated author list', () => {
  assert.equal(readReference('Smith J, Lee K, et al. Moss. J Bot. 2004;12:1-9.').etAl, true);
});

test('spans: white space runs in the entry match the single spaces of the reading; a field not read has no span', () => {
  const text = 'Smith J,  Jones  K. Moss growth\non urban  walls. Journal\nof   Botany. 2004;12(3):101-19.';
  const r = readReference(text);
  assert.deepEqual(r.spans['container-title'], { start: 49, end: 68 });
  assert.deepEqual(spanned(text), {
    author: 'Smith J,  Jones', issued: '2004', title: 'Moss growth\non urban  walls', 'container-title': 'Journal\nof   Botany', volume: '12', issue: '3', page: '101',
  });
  assert.deepEqual(spanned('World Health Organization. 2004.'), { author: 'World Health Organization', issued: '2004' });
});

interface StyleCase {
  style: string;
  text: string;
  want: { authors: Array<[string, string]>; year: number; month?: number; title?: string; container: string; volume?: string; issue?: string; page?: string; label?: string };
}

// The layouts of the development styles (the rewrite reads its entries through this record): every author with
// the given names as written (a middle initial keeps its full stop; initials run together, "AM", are separated for
// citeproc, which would keep only the first), the last author after "and" included.
const STYLE_CASES: StyleCase[] = [
  { style: 'chicago journal form', text: 'Brown, A. M., and D. Lee. “Moss Growth on North-Facing Walls.” Journal of Urban Botany 12, no. 3 (2004): 101–19.', want: { authors: [['Brown', 'A. M.'], ['Lee', 'D.']], year: 2004, title: 'Moss Growth on North-Facing Walls', container: 'Journal of Urban Botany', volume: '12', issue: '3', page: '101-119' } },
  { style: 'chicago author-date, initials before the last name', text: 'Hobson, J. D., and J. G. McCluskey. 1967. “Cleavage of Tertiary Bases.” Journal of the Chemical Society 12 (3): 2015–20.', want: { authors: [['Hobson', 'J. D.'], ['McCluskey', 'J. G.']], year: 1967, title: 'Cleavage of Tertiary Bases', container: 'Journal of the Chemical Society', volume: '12', issue: '3', page: '2015-2020' } },
  { style: 'chicago author-date, full names, an initial among them, the issue dated apart', text: 'Hubbard, Anne, Timothy Crombleholme, N. Adzick, and Alan Flake. 1999. “Prenatal MRI Evaluation.” American Journal of Perinatology 16 (08) (August): 0407–0414.', want: { authors: [['Hubbard', 'Anne'], ['Crombleholme', 'Timothy'], ['Adzick', 'N.'], ['Flake', 'Alan']], year: 1999, month: 8, title: 'Prenatal MRI Evaluation', container: 'American Journal of Perinatology', volume: '16', issue: '08', page: '0407-0414' } },
  { style: 'chicago author-date, a surname in capitals last', text: 'Kameoka, Kenichi, and Shinobu TANABE. 1975. “Liquid Purified Diet for Calves.” Nihon Chikusan Gakkaiho 46 (7): 417–426.', want: { authors: [['Kameoka', 'Kenichi'], ['TANABE', 'Shinobu']], year: 1975, title: 'Liquid Purified Diet for Calves', container: 'Nihon Chikusan Gakkaiho', volume: '46', issue: '7', page: '417-426' } },
  { style: 'modern-language-association', text: 'Brown, Anna M., and Piotr J. Kowalski. “Moss Growth on North-Facing Walls.” Journal of Urban Botany, vol. 12, no. 3, 2004, pp. 101–19.', want: { authors: [['Brown', 'Anna M.'], ['Kowalski', 'Piotr J.']], year: 2004, title: 'Moss Growth on North-Facing Walls', container: 'Journal of Urban Botany', volume: '12', issue: '3', page: '101-119' } },
  { style: 'ieee', text: '[3] A. M. Brown and D. Lee, “Moss growth on north-facing walls,” Journal of Urban Botany, vol. 12, no. 3, pp. 101–119, 2004.', want: { authors: [['Brown', 'A. M.'], ['Lee', 'D.']], year: 2004, title: 'Moss growth on north-facing walls', container: 'Journal of Urban Botany', volume: '12', issue: '3', page: '101-119', label: '[3]' } },
  { style: 'apa, an article number as page', text: 'Brown, A. M., & Lee, D. (2004). Moss growth on north-facing walls. Journal of Urban Botany, 12(3), 575.e3–575.e5.', want: { authors: [['Brown', 'A. M.'], ['Lee', 'D.']], year: 2004, title: 'Moss growth on north-facing walls', container: 'Journal of Urban Botany', volume: '12', issue: '3', page: '575.e3-575.e5' } },
  { style: 'nlm-citation-sequence', text: '1. Brown AM, Lee D. Moss growth on north-facing walls. Journal of Urban Botany. 2004;12(3):101–19.', want: { authors: [['Brown', 'A. M.'], ['Lee', 'D']], year: 2004, title: 'Moss growth on north-facing walls', container: 'Journal of Urban Botany', volume: '12', issue: '3', page: '101-119', label: '1.' } },
  { style: 'american-chemical-society without titles, authors run on into the journal', text: '(4) Novak, J. P.; Berg, L. A. Journal of Made-Up Chemistry 2013, 15, 46–49.', want: { authors: [['Novak', 'J. P.'], ['Berg', 'L. A.']], year: 2013, container: 'Journal of Made-Up Chemistry', volume: '15', page: '46-49', label: '(4)' } },
  { style: 'american-institute-of-physics, a long journal name and no title', text: '7 J.K. Hoskins and F.P. ZUSPAN, American Journal of Public Health and the Nations Health 30, 527 (1940).', want: { authors: [['Hoskins', 'J.K.'], ['ZUSPAN', 'F.P.']], year: 1940, container: 'American Journal of Public Health and the Nations Health', volume: '30', page: '527', label: '7' } },
];

for (const c of STYLE_CASES) {
  test(`readReference reads a ${c.style} entry`, () => {
    const r = readReference(c.text, 'x');
    const it = r.item;
    assert.deepEqual((it.author ?? []).map((a) => [a.family, a.given]), c.want.authors, c.text);
    assert.deepEqual(it.issued, { 'date-parts': [[c.want.year, ...(c.want.month ? [c.want.month] : [])]] });
    assert.equal(it.title, c.want.title);
    assert.equal(it['container-title'], c.want.container);
    assert.deepEqual([it.volume, it.issue, it.page], [c.want.volume, c.want.issue, c.want.page]);
    assert.equal(r.label?.text, c.want.label);
  });
}

test('a sentence between the initials and the year is no name: the title of an entry without a journal stays the title', () => {
  const r = readReference('Smith J. Cancer of the skin. Lancet. 2010;5:1-4.');
  assert.deepEqual(r.item.author, [{ family: 'Smith', given: 'J' }]);
  assert.equal(r.item.title, 'Cancer of the skin');
});

/** The item without its id, for exact comparison. */
const item = (text: string) => {
  const { id: _id, ...rest } = readReference(text).item;
  return rest;
};

test('Springer LNCS and BMC: the names end at the colon ("Surname, A.: Title."), the year at the end', () => {
  assert.deepEqual(item('Wilkins, E., Radford, W.: Biomaterials for implanted closed loop insulin delivery system: A review. Biosensors and Bioelectronics. 5, 167–213 (1990).'), {
    type: 'article-journal', author: [{ family: 'Wilkins', given: 'E.' }, { family: 'Radford', given: 'W.' }], issued: { 'date-parts': [[1990]] },
    title: 'Biomaterials for implanted closed loop insulin delivery system: A review', 'container-title': 'Biosensors and Bioelectronics', volume: '5', page: '167-213',
  });
  assert.deepEqual(item('Bugianesi E: Diabetes and NAFLD: Why is the Connection Important? Non-Alcoholic Fatty Liver Disease 2013:62–70.'), {
    type: 'article-journal', author: [{ family: 'Bugianesi', given: 'E' }], issued: { 'date-parts': [[2013]] },
    title: 'Diabetes and NAFLD: Why is the Connection Important?', 'container-title': 'Non-Alcoholic Fatty Liver Disease', page: '62-70',
  });
  // A colon after initials inside a journal's name ("Part A:") does not end an initials-first list.
  const aip = readReference('J. Chowdhury, S. Chandra, and M. Ghosh, Spectrochimica Acta Part A: Molecular and Biomolecular Spectroscopy 135, 935 (2015).');
  assert.deepEqual(aip.item.author?.map((a) => a.family), ['Chowdhury', 'Chandra', 'Ghosh']);
  assert.equal(aip.item['container-title'], 'Spectrochimica Acta Part A: Molecular and Biomolecular Spectroscopy');
});

test('books with place and publisher, chapters with editors: CSL book and chapter items', () => {
  assert.deepEqual(item('Smith, J. (2010). The book of things (2nd ed.). New York: Springer.'), {
    type: 'book', author: [{ family: 'Smith', given: 'J.' }], issued: { 'date-parts': [[2010]] }, title: 'The book of things',
    edition: '2', publisher: 'Springer', 'publisher-place': 'New York',
  });
  assert.deepEqual(item('J. Smith, The Book of Things, Springer, Berlin, 2010.'), {
    type: 'book', author: [{ family: 'Smith', given: 'J.' }], issued: { 'date-parts': [[2010]] }, title: 'The Book of Things', publisher: 'Springer', 'publisher-place': 'Berlin',
  });
  assert.deepEqual(item('Smith J, Lee K. Chapter title. In: Brown A, Green B, editors. The big handbook. 3rd ed. London: Academic Press; 2010. p. 12–30.'), {
    type: 'chapter', author: [{ family: 'Smith', given: 'J' }, { family: 'Lee', given: 'K' }], editor: [{ family: 'Brown', given: 'A' }, { family: 'Green', given: 'B' }],
    issued: { 'date-parts': [[2010]] }, title: 'Chapter title', 'container-title': 'The big handbook', edition: '3', publisher: 'Academic Press', 'publisher-place': 'London', page: '12-30',
  });
  assert.deepEqual(item('A. Lee, Chapter title, in: B. Brown, C. Green (Eds.), Handbook of Things, Elsevier, Amsterdam, 2010: pp. 12–30.'), {
    type: 'chapter', author: [{ family: 'Lee', given: 'A.' }], editor: [{ family: 'Brown', given: 'B.' }, { family: 'Green', given: 'C.' }],
    issued: { 'date-parts': [[2010]] }, title: 'Chapter title', 'container-title': 'Handbook of Things', publisher: 'Elsevier', 'publisher-place': 'Amsterdam', page: '12-30',
  });
});

test('a corporate author is a literal name; an entry whose "names" are a sentence opens on its title', () => {
  assert.deepEqual(item('World Health Organization. Global report on diabetes. Geneva: World Health Organization; 2016.'), {
    type: 'book', author: [{ literal: 'World Health Organization' }], issued: { 'date-parts': [[2016]] }, title: 'Global report on diabetes',
    publisher: 'World Health Organization', 'publisher-place': 'Geneva',
  });
  assert.deepEqual(item('Characterization of cancer stem cells in the bone marrow of breast cancer patients. Nature Clinical Practice Oncology. 2007 Jan;4(1):6–6.'), {
    type: 'article-journal', issued: { 'date-parts': [[2007, 1]] }, title: 'Characterization of cancer stem cells in the bone marrow of breast cancer patients',
    'container-title': 'Nature Clinical Practice Oncology', volume: '4', issue: '1', page: '6-6',
  });
});

test('abbreviated author lists: "et al." and the elided middle of APA 6 are marked, the names given kept', () => {
  const acm = readReference('Vega-Morales, D. et al. 2012. Safety and Efficacy of Methylprednisolone Infiltration in Anserine Syndrome Treatment. Reumatología Clínica (English Edition). 8, 2 (Mar. 2012), 63–67.');
  assert.equal(acm.etAl, true);
  assert.deepEqual(item(acm.text), {
    type: 'article-journal', author: [{ family: 'Vega-Morales', given: 'D.' }], issued: { 'date-parts': [[2012, 3]] },
    title: 'Safety and Efficacy of Methylprednisolone Infiltration in Anserine Syndrome Treatment', 'container-title': 'Reumatología Clínica (English Edition)', volume: '8', issue: '2', page: '63-67',
  });
  const apa = readReference('Akoglu, H., Akan, B., Piskinpasa, S., Karaca, O., Dede, F., Erdem, D., … Odabas, A. R. (2011). Metformin-associated lactic acidosis treated with prolonged hemodialysis. The American Journal of Emergency Medicine, 29(5), 575.e3–575.e5.');
  assert.deepEqual(apa.item.author?.map((a) => a.family), ['Akoglu', 'Akan', 'Piskinpasa', 'Karaca', 'Dede', 'Erdem', 'Odabas']);
  assert.equal(apa.etAl, true);
});

test('the year after the names wins over a later one; MLA names run to the quoted title; a volume after the year (ACS)', () => {
  assert.deepEqual(item('Heine, H. 1882. Ueber die Absorption der Wärme durch Gase. Annalen der Physik. 252, 7 (1882), 441–458.'), {
    type: 'article-journal', author: [{ family: 'Heine', given: 'H.' }], issued: { 'date-parts': [[1882]] }, title: 'Ueber die Absorption der Wärme durch Gase',
    'container-title': 'Annalen der Physik', volume: '252', issue: '7', page: '441-458',
  });
  assert.deepEqual(readReference('Davis, H. Ted, and Stuart A. Rice. "Perturbation Theory of the Heats of Mixing of Fused Salts." The Journal of Chemical Physics 41.1 (1964): 14–24.').item.author,
    [{ family: 'Davis', given: 'H. Ted' }, { family: 'Rice', given: 'Stuart A.' }]);
  assert.deepEqual(item('Teles, T. N.; Levin, Y. Nonequilibrium Phase Transitions. Physical Review Letters 2012, 109.'), {
    type: 'article-journal', author: [{ family: 'Teles', given: 'T. N.' }, { family: 'Levin', given: 'Y.' }], issued: { 'date-parts': [[2012]] },
    title: 'Nonequilibrium Phase Transitions', 'container-title': 'Physical Review Letters', volume: '109',
  });
});

test('PLOS: a title of several sentences goes on past its first full stop; the journal is the last sentence before the numbers', () => {
  const dawson = readReference('66. Dawson JA (1919) An experimental study of an amicronucleate Oxytricha. I. Study of the normal animal, with an account of cannibalism. Journal of Experimental Zoology 29: 473–513.', 'bib-66');
  assert.deepEqual(dawson.item, {
    id: 'bib-66', type: 'article-journal', author: [{ family: 'Dawson', given: 'J. A.' }], issued: { 'date-parts': [[1919]] },
    title: 'An experimental study of an amicronucleate Oxytricha. I. Study of the normal animal, with an account of cannibalism',
    'container-title': 'Journal of Experimental Zoology', volume: '29', page: '473-513',
  });
  // A part number after the sentence ("… protozoa. VIII.") is the title's; an abbreviated journal ("J. Exp. Zool.") is not split.
  const swanton = readReference('Swanton MT, Heumann JM, Prescott DM (1980) Gene-sized DNA molecules: absence of nicks. DNA of ciliated protozoa. VIII. Chromosoma 77: 217–227.');
  assert.deepEqual([swanton.item.title, swanton.item['container-title']], ['Gene-sized DNA molecules: absence of nicks. DNA of ciliated protozoa. VIII', 'Chromosoma']);
  const abbreviated = readReference('Dawson JA (1919) An experimental study of Oxytricha. J. Exp. Zool. 29: 473–513.');
  assert.deepEqual([abbreviated.item.title, abbreviated.item['container-title']], ['An experimental study of Oxytricha', 'J. Exp. Zool']);
});

test('PLOS: a thesis-like book with its place, publisher and length; LNCS volume/year; a supplement issue', () => {
  assert.deepEqual(readReference('Heyse SR (2011) Functional divergence between Tetrahymena telomere proteins. Cincinnati: University of Cincinnati. 170 p.').item, {
    id: '', type: 'book', author: [{ family: 'Heyse', given: 'S. R.' }], issued: { 'date-parts': [[2011]] },
    title: 'Functional divergence between Tetrahymena telomere proteins', publisher: 'University of Cincinnati', 'publisher-place': 'Cincinnati', 'number-of-pages': '170',
  });
  assert.deepEqual(readReference('Peng Y, Leung HCM (2010) IDBA—a practical iterative de Bruijn graph de novo assembler. Research in Computational Molecular Biology 6044/2010: 426–440.').item, {
    id: '', type: 'article-journal', author: [{ family: 'Peng', given: 'Y' }, { family: 'Leung', given: 'H. C. M.' }], issued: { 'date-parts': [[2010]] },
    title: 'IDBA—a practical iterative de Bruijn graph de novo assembler', 'container-title': 'Research in Computational Molecular Biology', volume: '6044', page: '426-440',
  });
  const stanke = readReference('Stanke M, Waack S (2003) Gene prediction with a hidden Markov model. Bioinformatics 19 Suppl 2: ii215–ii225.').item;
  assert.deepEqual([stanke['container-title'], stanke.volume, stanke.issue, stanke.page], ['Bioinformatics', '19', 'Suppl 2', 'ii215-ii225']);
  const protist = readReference('Zoller SD, Doak TG, et al. (2012) Characterization of the ciliate Oxytricha trifallax. Protist 163 (4) 643–657.').item;
  assert.deepEqual([protist['container-title'], protist.volume, protist.issue, protist.page], ['Protist', '163', '4', '643-657']);
});

test('Elsevier with titles: the journal after the title\'s last comma, a journal of two parts kept whole, no journal after an abbreviation', () => {
  assert.deepEqual(readReference('[7] G. Polton, I. Grant, The subtleties of scientific writing, Journal of Small Animal Practice. 53 (2012) 311–312.', 'bib-7').item, {
    id: 'bib-7', type: 'article-journal', author: [{ family: 'Polton', given: 'G.' }, { family: 'Grant', given: 'I.' }], issued: { 'date-parts': [[2012]] },
    title: 'The subtleties of scientific writing', 'container-title': 'Journal of Small Animal Practice', volume: '53', page: '311-312',
  });
  const two = readReference('[2] N. Boughattas, Simulation of free turbulent jets: evaluation of models, Progress in Computational Fluid Dynamics, An International Journal. 10 (2010) 113.').item;
  assert.deepEqual([two.title, two['container-title'], two.volume, two.page], ['Simulation of free turbulent jets: evaluation of models', 'Progress in Computational Fluid Dynamics, An International Journal', '10', '113']);
  const pagesOnly = readReference('[3] M. Bunge, Protophysics, Foundations of Physics. (1967) 85–127.').item;
  assert.deepEqual([pagesOnly.title, pagesOnly['container-title'], pagesOnly.page], ['Protophysics', 'Foundations of Physics', '85-127']);
});

test('a "name" that cannot be one makes the block a title: a joining word, a colon or digits; an organisation keeps its "of"; "&NA;" is no name', () => {
  assert.deepEqual(readReference('[1] NOTES AND ANNOUNCEMENTS, Language Learning. 27 (1977) 221–224.').item, {
    id: '', type: 'article-journal', issued: { 'date-parts': [[1977]] }, title: 'NOTES AND ANNOUNCEMENTS', 'container-title': 'Language Learning', volume: '27', page: '221-224',
  });
  assert.deepEqual(readReference('[5] News at a glance, Science. 360 (2018) 244–246.').item, {
    id: '', type: 'article-journal', issued: { 'date-parts': [[2018]] }, title: 'News at a glance', 'container-title': 'Science', volume: '360', page: '244-246',
  });
  assert.deepEqual(readReference('10. &NA;: Subject Index to Volume 16. Medical Care. 16, 1060–1061 (1978).').item, {
    id: '', type: 'article-journal', issued: { 'date-parts': [[1978]] }, title: 'Subject Index to Volume 16', 'container-title': 'Medical Care', volume: '16', page: '1060-1061',
  });
  assert.deepEqual(readReference('1. Ministry of Health. Annual report. Wellington: Ministry of Health; 2011.').item.author, [{ literal: 'Ministry of Health' }]);
});

test('a title-only entry: its date "(2016)" or ", 1904", a separator a link word left, and "n.d." / "[no date]" are not the title\'s', () => {
  assert.deepEqual(readReference('[17] IUCN Red List of Threatened Species (2016).').item, { id: '', type: 'document', issued: { 'date-parts': [[2016]] }, title: 'IUCN Red List of Threatened Species' });
  assert.deepEqual(readReference('15. Public Library of Science (PLoS); Available from: https://plos.org').item, { id: '', type: 'document', title: 'Public Library of Science (PLoS)', URL: 'https://plos.org' });
  assert.deepEqual(readReference('The Blindness of the Submarine, 1904. Scientific American [online], Vol. 90, no. 14, p. 266–266.').item, {
    id: '', type: 'article-journal', issued: { 'date-parts': [[1904]] }, title: 'The Blindness of the Submarine', 'container-title': 'Scientific American [online]', volume: '90', issue: '14', page: '266-266',
  });
  assert.equal(readReference('[3] Een ordinantie vande Heeren, Dutch Pamphlets Online. (n.d.).').item.issued, undefined);
  assert.equal(readReference('[3] Een ordinantie vande Heeren, Dutch Pamphlets Online. (n.d.).').parsed.cleaned, 'Een ordinantie vande Heeren, Dutch Pamphlets Online.');
});

test('MLA: a quoted title in capitals is not read into the names before it', () => {
  const r = readReference('FRAGOSO, ÉLCIO. “O PONTO DE VISTA DETERMINA O OBJETO: UMA LEITURA.” Entremeios, Revista de Estudos do Discurso 14.14 (2017): 149–166.').item;
  assert.deepEqual([r.title, r['container-title'], r.volume, r.issue, r.page], ['O PONTO DE VISTA DETERMINA O OBJETO: UMA LEITURA', 'Entremeios, Revista de Estudos do Discurso', '14', '14', '149-166']);
});

test('"N. D." as initials is a name, not "no date"', () => {
  assert.deepEqual(readReference('Smith, N. D., & Lee, K. (2004). Moss on walls. Journal of Urban Botany, 12, 101–119.').item.author, [{ family: 'Smith', given: 'N. D.' }, { family: 'Lee', given: 'K.' }]);
});

test('a quotation opens the title, or follows the names; one inside a title is the title\'s', () => {
  const asa = readReference('Anon. 1915. “Report.” The Analyst 40(466):31.').item;
  assert.deepEqual([asa.title, asa['container-title'], asa.volume, asa.issue, asa.page], ['Report', 'The Analyst', '40', '466', '31']);
  const apa = readReference('Meletti, P. (1955). Il Problema del “Denti de Cani„ in Sardegna. Caryologia, 7(1), 98–113.').item;
  assert.deepEqual([apa.title, apa['container-title']], ['Il Problema del “Denti de Cani„ in Sardegna', 'Caryologia']);
  const acm = readReference('[1] 2009. David Hanson: Robots that “show emotion.” PsycEXTRA Dataset. (2009).').item;
  assert.match(acm.title ?? '', /^David Hanson: Robots that “show emotion/);
  const ieee = readReference('[3] J. Smith and K. Lee, “Moss growth on north-facing walls,” Journal of Urban Botany, vol. 12, no. 3, pp. 101–119, 2004.').item;
  assert.deepEqual([ieee.title, ieee['container-title'], ieee.volume, ieee.issue, ieee.page], ['Moss growth on north-facing walls', 'Journal of Urban Botany', '12', '3', '101-119']);
});

test('Chicago\'s issue date after the volume, no year in it: the month and day of the entry\'s date; with no volume, pages after it', () => {
  assert.deepEqual(readReference('ADACHI, H., and T. TAKEUCHI. 2010. “Synthesis of 3-Epi-Actinobolin.” ChemInform 29 (31) (June 20): 1–5.').item.issued, { 'date-parts': [[2010, 6, 20]] });
  assert.deepEqual(readReference('“Career Development.” 2013. ESI International Project Management Series (August 15): 287–314.').item, {
    id: '', type: 'article-journal', issued: { 'date-parts': [[2013, 8, 15]] }, title: 'Career Development', 'container-title': 'ESI International Project Management Series', page: '287-314',
  });
});

test('an edited book (APA "(Eds.)."): the names are its editors; ACS and Elsevier without titles: the source and its numbers', () => {
  assert.deepEqual(readReference('Smith, J., & Lee, K. (Eds.). (2010). The big handbook. Oxford University Press.').item, {
    id: '', type: 'book', editor: [{ family: 'Smith', given: 'J.' }, { family: 'Lee', given: 'K.' }], issued: { 'date-parts': [[2010]] }, title: 'The big handbook', publisher: 'Oxford University Press',
  });
  assert.deepEqual(readReference('(7) Whiteman, P. Oxford Handbooks Online 2012.').item, { id: '', type: 'document', author: [{ family: 'Whiteman', given: 'P.' }], issued: { 'date-parts': [[2012]] }, title: 'Oxford Handbooks Online' });
  const elsevier = readReference('[22] K. Shinohara, T. Tanaka, Journal of the Research Association of Powder Technology, Japan 4 (1967) 651.').item;
  assert.deepEqual([elsevier.title, elsevier['container-title'], elsevier.volume, elsevier.page], [undefined, 'Journal of the Research Association of Powder Technology, Japan', '4', '651']);
  const proceedings = readReference('[27] E. Müller, I. Assent, Proceedings of the 2009 SIAM International Conference on Data Mining (2009) 175.').item;
  assert.deepEqual([proceedings.title, proceedings['container-title'], proceedings.page], [undefined, 'Proceedings of the 2009 SIAM International Conference on Data Mining', '175']);
});
