// Fields of one reference paragraph, one row per format: the printed label, the year (a/b suffix, not
// inside a DOI or URL), where the author block ends, authors and surnames, the title, a URL and the dangling link words at the end.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { authorBlockEnd, findUrl, findYear, parseAuthors, parseLabel, stripTrailer } from '../../../server/references/fields.ts';

const labels: Array<[string, string | null, number | null]> = [
  ['[12] Smith J.', '[12]', 12], ['(3) Smith J.', '(3)', 3], ['4. Smith J.', '4.', 4], ['5) Smith J.', '5)', 5], ['6 Smith J.', '6', 6],
  ['2010. In: Grown C (Eds).', null, null], ['Smith J. 2010.', null, null], ['1.5 mL of water', null, null],
];
for (const [text, label, n] of labels) {
  test(`parseLabel(${JSON.stringify(text)})`, () => {
    const l = parseLabel(text);
    assert.deepEqual([l.text, l.number], [label, n]);
    if (label) assert.equal(text.slice(l.bodyStart), text.slice(text.indexOf(label) + label.length).trimStart());
  });
}

const years: Array<[string, string | null, string | null]> = [
  ['Smith J (2020a) Title. J 12:3.', '2020a', 'a'],
  ['Smith J. Title of 1999 study. Nature. 2004;5:1.', '2004', null],
  ['Smith J, 2011. Title. doi:10.1000/x2019.5', '2011', null],
  ['Smith J. Title. https://example.org/2018/x', null, null],
  ['Smith J. Title. n.d.', null, null],
];
for (const [text, year, suffix] of years) {
  test(`findYear: ${text}`, () => {
    const y = findYear(text);
    assert.deepEqual([y?.year ?? null, y?.suffix ?? null], [year, suffix]);
    if (y) assert.equal(text.slice(y.start, y.end), year);
  });
}

const blocks: Array<[string, string]> = [
  ['Smith J, Lee K. Moss on walls. J Bot. 2004;12:1.', 'Smith J, Lee K.'],
  ['Smith, J., & Lee, K. (2011). Moss on walls.', 'Smith, J., & Lee, K.'],
  ['Hale E. n.d. An undated report.', 'Hale E. '],
  ['Okafor C, et al. Microbial mats. 2019.', 'Okafor C, et al.'],
  // ABNT: an author in capitals known by one name, or an institution, ends at its full stop.
  ['DIÓN DE PRUSA. Discursos I - XI. Madrid: Gredos, 1988.', 'DIÓN DE PRUSA.'],
  ['IBGE - INSTITUTO BRASILEIRO DE GEOGRAFIA E ESTATÍSTICA. Censo Indígena. Rio de Janeiro: IBGE, 2012.', 'IBGE - INSTITUTO BRASILEIRO DE GEOGRAFIA E ESTATÍSTICA.'],
];
for (const [body, block] of blocks) {
  test(`authorBlockEnd: ${body}`, () => assert.equal(body.slice(0, authorBlockEnd(body, findYear(body))), block));
}

test('parseAuthors: surnames without initials, initials rejoined, et al., editors, suffixes', () => {
  assert.deepEqual(parseAuthors('Smith J, Lee K-H, van Dyk AB.'), { authors: ['Smith J', 'Lee K-H', 'van Dyk AB'], surnames: ['Smith', 'Lee', 'van Dyk'], etAl: false });
  assert.deepEqual(parseAuthors('Aloia, L., & Moss, B. ('), { authors: ['Aloia, L.', 'Moss, B.'], surnames: ['Aloia', 'Moss'], etAl: false });
  assert.deepEqual(parseAuthors('J. Smith and K. Lee'), { authors: ['J. Smith', 'K. Lee'], surnames: ['Smith', 'Lee'], etAl: false });
  const etAl = parseAuthors('Okafor C, Adeyemi T, et al.');
  assert.deepEqual([etAl.surnames, etAl.etAl], [['Okafor', 'Adeyemi'], true]);
  assert.deepEqual(parseAuthors('Grown C, Valodia I (Eds)').surnames, ['Grown', 'Valodia']);
  assert.deepEqual(parseAuthors('King ML Jr.').surnames, ['King']);
  assert.deepEqual(parseAuthors('World Health Organization.').surnames, ['World Health Organization']);
});

test('findUrl: a web address without trailing punctuation; DOI links are not URLs', () => {
  assert.equal(findUrl('Report. Available from: https://example.org/report.pdf.'), 'https://example.org/report.pdf');
  assert.equal(findUrl('See www.example.org/x).'), 'www.example.org/x');
  assert.equal(findUrl('https://doi.org/10.1000/x'), null);
  assert.equal(findUrl('No link.'), null);
});

test('dangling link words are stripped from the end only, never a short text down to nothing', () => {
  const body = 'Smith J. A study of things. J Things. 2011;29:575-9.';
  assert.equal(stripTrailer(`${body} doi:`), body);
  assert.equal(stripTrailer(`${body} Available from: https://example.org/x`), body);
  assert.equal(stripTrailer(`${body} Retrieved from https://example.org/x Accessed 3 May 2020`), body);
  assert.equal(stripTrailer(body), body);
  // link words inside the entry stay
  assert.equal(stripTrailer('Retrieved from the archive of J Smith. A study of things. 2011.'), 'Retrieved from the archive of J Smith. A study of things. 2011.');
  // a text that is nearly all trailer is kept whole
  assert.equal(stripTrailer('Smith. doi:'), 'Smith. doi:');
});
