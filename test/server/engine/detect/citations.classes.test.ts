// Citation failure classes seen on unseen publishers (issue 10), one row per class, each on a DOCX
// built in the test, asserting the exact matches and their targets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { p, r, SUP } from '../../../helpers/docx-builder.ts';
import { cite, type Brief } from './cite-helpers.ts';

const numbered = (n: number) =>
  p('References', 'Heading1') + Array.from({ length: n }, (_, i) => p(`${i + 1}. Author${String.fromCharCode(65 + (i % 26))} X (2010) Title ${i + 1}. Journal ${i + 1}: 1–2.`)).join('');
const cell = (t: string) => `<w:tbl><w:tr><w:tc>${p(t)}</w:tc><w:tc>${p('0.42')}</w:tc></w:tr></w:tbl>`;
const ok = (text: string, n: number): Brief => ({ text, status: 'ready', target: `bib-${n}` });

const authorYearRefs =
  p('References', 'Heading1') +
  p('Moreno A, Patel B, Okafor C, Lindqvist D, Hale E. 2018. Paper one. J 1:1.') +
  p('Okafor C. 2015. Paper two. J 2:2.') +
  p('Barton K 2017 MuMIn: multi model inference. R package version 1.40.0.') +
  p('Beauchamp G 2011 Functional relationship between group size and density. Mar Ecol Prog Ser. 435:225–233.') +
  p('von Blotzheim GU 1993 Handbuch der Voegel Mitteleuropas. Wiesbaden: Aula-Verlag.') +
  p('Bond AB, Kamil AC, Balda RP 2003 Social complexity and transitive inference. Anim Behav. 65:479–487.');

const rows: { name: string; body: string; style: string; matches: Brief[] }[] = [
  {
    name: 'a parenthesised number alone in a table cell, or at a paragraph start before punctuation; not one numbering a statement',
    body: p('Shown (1) and (2), also (3) and (5).') + cell('(12)') + cell('[14]') + p('(4), as reported, held.') + p('(6) Dust events are rare.') + numbered(20),
    style: 'number',
    matches: [ok('1', 1), ok('2', 2), ok('3', 3), ok('5', 5), ok('12', 12), ok('14', 14), ok('4', 4)],
  },
  {
    name: 'a parenthesised number after a short token or a label noun, in a document citing in parentheses',
    body: p('Shown (1), (2) and (3).') + p('NO (12) rose, R (7) fell, in phases (5, 6); but x (2) and Eq. (3) are not.') + numbered(20),
    style: 'number',
    matches: [ok('1', 1), ok('2', 2), ok('3', 3), ok('12', 12), ok('7', 7), ok('5', 5), ok('6', 6)],
  },
  {
    name: 'brackets glued to "et al" and to a word',
    body: p('Okafor et al[12, 13] and Smith[3]; not a[2] or x1[4].') + numbered(20),
    style: 'number',
    matches: [ok('12', 12), ok('13', 13), ok('3', 3)],
  },
  {
    name: 'superscripts after a year, a version, a gene or a hyphenated name are citations; exponents after units, powers of ten and spaced units are not',
    body:
      `<w:p>${r('after 2004')}${r('3', SUP)}${r(', QGIS 3.22')}${r('17', SUP)}${r(', Kif1A')}${r('19', SUP)}${r(', kinesin-1')}${r('12', SUP)}` +
      `${r(' but 250 km ')}${r('2', SUP)}${r(', 5 cm ')}${r('3', SUP)}${r(', 10')}${r('5', SUP)}${r(' cells, 5m')}${r('2', SUP)}${r(', m')}${r('2', SUP)}${r(' and growth')}${r('4', SUP)}${r('.')}</w:p>` +
      numbered(20),
    style: 'superscript',
    matches: [ok('3', 3), ok('17', 17), ok('19', 19), ok('12', 12), ok('4', 4)],
  },
  {
    name: 'exponents of units after a slash ("µg/m³", "N/mm²" with plain superscript digits) are not citations; "and/or⁵" is',
    body: `<w:p>${r('limits of 40 µg/m')}${r('3', SUP)}${r(' and 21 N/mm')}${r('2', SUP)}${r(', to be checked and/or')}${r('5', SUP)}${r('.')}</w:p>` + numbered(20),
    style: 'superscript',
    matches: [ok('5', 5)],
  },
  {
    name: 'a symbol the paragraph applies to a letter ("xi (j)") takes "(1)" as its argument, in a document citing in parentheses',
    body: p('Shown (1), (2) and (3).') + p('Here xi (j) is the sequence and xi (1) its first point, as before (4).') + numbered(20),
    style: 'number',
    matches: [ok('1', 1), ok('2', 2), ok('3', 3), ok('4', 4)],
  },
  {
    name: 'a citation naming three authors picks the entry whose second author it names, not the first author\'s single-author paper of that year',
    body:
      p('Variability (Anderson, Ellingsen & McArdle, 2006) differs from dispersion tests (Anderson, 2006; Smith, Jones, and Brown 2010).') +
      p('References', 'Heading1') +
      p('Anderson MJ. 2006. Distance-based tests. Biometrics 62:245.') +
      p('Anderson MJ, Ellingsen KE, McArdle BH. 2006. Multivariate dispersion. Ecol Lett 9:683.') +
      p('Smith A. 2010. A single-author paper. J 1:1.') +
      p('Smith A, Jones B, Brown C. 2010. A three-author paper. J 2:2.'),
    style: 'author-year',
    matches: [ok('Anderson, Ellingsen & McArdle, 2006', 2), ok('Anderson, 2006', 1), ok('Smith, Jones, and Brown 2010', 4)],
  },
  {
    name: 'APA first citations naming three to six authors before the year',
    body: p('First (Moreno, Patel, Okafor, Lindqvist, & Hale, 2018), then (Okafor, 2015; Bond et al. 2003; Barton 2017; von Blotzheim 1993; Beauchamp 2011).') + authorYearRefs,
    style: 'author-year',
    matches: [ok('Moreno, Patel, Okafor, Lindqvist, & Hale, 2018', 1), ok('Okafor, 2015', 2), ok('Bond et al. 2003', 6), ok('Barton 2017', 3), ok('von Blotzheim 1993', 5), ok('Beauchamp 2011', 4)],
  },
  {
    name: 'corporate authors and entries without a year: "World Health Organization, 2019", "et al., in review", "n.d.", "in press"',
    body:
      p('Guidance (World Health Organization, 2019; WHO, 2019) and later work (Lindqvist et al., in review; Hale, n.d.; Okafor & Moreno, in press).') +
      p('References', 'Heading1') +
      p('World Health Organization. 2019. Guidelines on physical activity. Geneva: WHO.') +
      p('Lindqvist D, Hale E, Patel B. In review. A pending paper. J 9.') +
      p('Hale E. n.d. An undated report. Available online.') +
      p('Okafor C, Moreno A. In press. A forthcoming paper. J 10.') +
      p('Smith J. 2001. Filler paper. J 11:1.'),
    style: 'author-year',
    matches: [ok('World Health Organization, 2019', 1), ok('WHO, 2019', 1), ok('Lindqvist et al., in review', 2), ok('Hale, n.d.', 3), ok('Okafor & Moreno, in press', 4)],
  },
  {
    name: 'name forms that differ between citation and entry: diacritics, particles, suffixes, hyphenated and double surnames',
    body:
      p('Seen before (Simic, 2015; De Vries, 2016; Smith Jr., 2017; Garcia-Lopez, 2018; García, 2019).') +
      p('References', 'Heading1') +
      p('Šimić T. 2015. Croatian study. J 1:1.') +
      p('de Vries H. 2016. Dutch study. J 2:2.') +
      p('Smith JR Jr. 2017. American study. J 3:3.') +
      p('García López M. 2018. Spanish study. J 4:4.') +
      p('García-Pérez A, Ruiz B. 2019. Another Spanish study. J 5:5.'),
    style: 'author-year',
    matches: [ok('Simic, 2015', 1), ok('De Vries, 2016', 2), ok('Smith Jr., 2017', 3), ok('Garcia-Lopez, 2018', 4), ok('García, 2019', 5)],
  },
];

for (const row of rows) {
  test(`citations: ${row.name}`, async () => {
    const { style, matches } = await cite({ body: row.body });
    assert.equal(style, row.style);
    assert.deepEqual(matches, row.matches);
  });
}

test('reference entries "Surname INITIALS year" without commas are all read (the list does not end early)', async () => {
  const { bib } = await cite({ body: p('Text (Bond et al. 2003).') + authorYearRefs });
  assert.deepEqual(bib?.entries.map((e) => [e.surnames[0], e.year]), [['Moreno', '2018'], ['Okafor', '2015'], ['Barton', '2017'], ['Beauchamp', '2011'], ['von Blotzheim', '1993'], ['Bond', '2003']]);
});
