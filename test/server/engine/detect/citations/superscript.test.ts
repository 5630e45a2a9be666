// Superscript numeric citations, one row per case: which superscript numbers cite ("growth12",
// "host7,10", "field24–26") and which are exponents, units or markers ("cm3", "m2", "105", table notes).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { superscriptGroups } from '../../../../../server/engine/detect/citations/superscript.ts';
import { buildModel } from '../../../../../server/engine/model/document.ts';
import { openDocx } from '../../../../../server/engine/package/docx.ts';
import { buildDocx, r, SUP } from '../../../../helpers/docx-builder.ts';

const exponents: Array<[string, boolean]> = [
  ['an area of 5 cm', true], ['the unit m', true], ['x', true], ['a power 10', true], ['×10', true], ['20cm', true], ['250 km ', true], ['value 5 ', true],
  ['cell growth', false], ['as in 2004', false], ['the gene Kif1A', false], ['kinesin-1', false], ['QGIS 3.22', false],
];

async function groups(runs: string, inTable = false) {
  const body = inTable ? `<w:tbl><w:tr><w:tc><w:p>${runs}</w:p></w:tc></w:tr></w:tbl>` : `<w:p>${runs}</w:p>`;
  const para = buildModel(openDocx(await buildDocx({ body }))).paragraphs[0]!;
  return superscriptGroups(para).map((g) => `${para.text.slice(g.start, g.end)}=${g.items.map((i) => i.n).join(',')}`);
}

const rows: Array<[string, string, string[], boolean?]> = [
  ['one citation against its word', r('Cell growth') + r('12', SUP) + r(' was fast.'), ['12=12']],
  ['a list joined across a plain comma', r('host') + r('7', SUP) + r(',') + r('10', SUP) + r(' cells'), ['7,10=7,10']],
  ['a range', r('field') + r('24–26', SUP) + r('.'), ['24–26=24,26']],
  ['a unit exponent', r('an area of 5 cm') + r('3', SUP), []],
  ['a power of ten', r('about 10') + r('5', SUP) + r(' cells'), []],
  ['a table note marker', r('Mean') + r('1', SUP), [], true],
];
for (const [before, is] of exponents) {
  test(`a superscript 3 after ${JSON.stringify(before)} is ${is ? 'an exponent' : 'a citation'}`, async () => assert.deepEqual(await groups(r(before) + r('3', SUP) + r(' more.')), is ? [] : ['3=3']));
}
test('a superscript number with nothing before it cites nothing', async () => assert.deepEqual(await groups(r('3', SUP) + r(' more.')), []));

for (const [name, runs, expected, inTable] of rows) test(`superscriptGroups: ${name}`, async () => assert.deepEqual(await groups(runs, inTable), expected));
