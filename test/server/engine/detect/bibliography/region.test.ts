// Where the reference list is, one row per layout: after its heading, every paragraph up to the next heading,
// caption, table or section break;
// without a heading, the last run of three or more reference-like paragraphs; never in prose or tables.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findReferenceRegion } from '../../../../../server/engine/detect/bibliography/region.ts';
import { buildModel } from '../../../../../server/engine/model/document.ts';
import { openDocx } from '../../../../../server/engine/package/docx.ts';
import { buildDocx, p } from '../../../../helpers/docx-builder.ts';

const refs = [
  'Smith J, Lee K. Moss on north walls. J Bot. 2004;12:101–9.',
  'Garcia M. Night light and insects. Ecol Lett. 2020;3:77–90.',
  'Kowalski P, Nowak A. Frost cracking in stone. Stone Rev. 1999;7:33–40.',
];
async function paragraphs(xml: string) {
  return buildModel(openDocx(await buildDocx({ body: xml }))).paragraphs;
}
/** The region as texts: heading (or null) and the first words of each entry. */
async function region(xml: string) {
  const r = findReferenceRegion(await paragraphs(xml));
  return r && { heading: r.heading?.text ?? null, entries: r.entries.map((e) => e.text.split(' ')[0]) };
}

const rows: Array<[string, string, { heading: string | null; entries: string[] } | null]> = [
  ['after its heading, numbered', p('Intro text.') + p('References', 'Heading1') + refs.map((t, i) => p(`${i + 1}. ${t}`)).join(''), { heading: 'References', entries: ['1.', '2.', '3.'] }],
  ['ends at the next heading', p('References', 'Heading1') + refs.map((t) => p(t)).join('') + p('Acknowledgements', 'Heading1') + p('We thank the city gardeners for help in 2019.'), { heading: 'References', entries: ['Smith', 'Garcia', 'Kowalski'] }],
  ['ends at a figure caption', p('Literature Cited', 'Heading1') + refs.map((t) => p(t)).join('') + p('Figure 1. Moss growth in 2019.'), { heading: 'Literature Cited', entries: ['Smith', 'Garcia', 'Kowalski'] }],
  ['without a heading, the last run of three', p('Some prose about moss.') + refs.map((t) => p(t)).join(''), { heading: null, entries: ['Smith', 'Garcia', 'Kowalski'] }],
  ['without a heading, two are not a list', p('Some prose about moss.') + refs.slice(0, 2).map((t) => p(t)).join(''), null],
  [
    'under its heading every paragraph is an entry, however badly it reads',
    p('References', 'Heading1') + [
      refs[0]!, '22 &NA; T D, The American Journal of the Medical Sciences 237, 408 (1959).', 'Acta Pharmacologica Sinica 27.10 (2006): n. pag.',
      '“Reviews.” Vigiliae Christianae 32.3 (1978): 226–240.', '(2004). The Proceedings of the moss meeting.', 'Who’s Who in moss, a Who’s Who line', refs[1]!,
    ].map((t) => p(t)).join('') + p('Acknowledgements', 'Heading1') + p('We thank the city gardeners for help in 2019.'),
    { heading: 'References', entries: ['Smith', '22', 'Acta', '“Reviews.”', '(2004).', 'Who’s', 'Garcia'] },
  ],
  [
    'ends at a section break',
    p('References', 'Heading1') + refs.slice(0, 2).map((t) => p(t)).join('') + '<w:p><w:pPr><w:sectPr/></w:pPr><w:r><w:t>' + refs[2] + '</w:t></w:r></w:p>' + p('Table legends follow here, in a new section without a heading.'),
    { heading: 'References', entries: ['Smith', 'Garcia', 'Kowalski'] },
  ],
  ['a heading followed by prose is not a list', p('References', 'Heading1') + p('We did not cite anything in this short note, as it is a comment.'), null],
];
for (const [name, xml, expected] of rows) test(`findReferenceRegion: ${name}`, async () => assert.deepEqual(await region(xml), expected));

test('reference-like: labels or authors then a year; short lines, prose and table cells are not (three in a row make a list without a heading)', async () => {
  const candidates: Array<[string, boolean]> = [
    [p(refs[0]!), true], [p('[4] Annual report of the gardens committee, part two.'), true], [p('Okafor C (in press) Microbial mats.'), true],
    [p('Too short 2019.'), false], [p('In 2019 we measured the moss on walls and found it grew.'), false],
    [`<w:tbl><w:tr><w:tc>${p(refs[1]!)}</w:tc></w:tr></w:tbl>`, false],
  ];
  const found = [];
  for (const [xml] of candidates) found.push((await region(p('Some prose about moss.') + xml.repeat(3))) !== null);
  assert.deepEqual(found, candidates.map(([, like]) => like));
});
