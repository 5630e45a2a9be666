// Which citation style a document uses (citeStyle auto), one row per case: the reference list's form
// first, then the evidence counted in the text; parenthesised numbers only when they clearly dominate.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseStyle, numericEvidence, usesParens, type StyleEvidence } from '../../../../../server/engine/detect/citations/choose-citation-form.ts';
import type { Bibliography } from '../../../../../server/engine/detect/types.ts';
import { buildModel } from '../../../../../server/engine/model/document.ts';
import { openDocx } from '../../../../../server/engine/package/docx.ts';
import { buildDocx, p, r, SUP } from '../../../../helpers/docx-builder.ts';

const ev = (bracket: number, paren: number, superscript: number): StyleEvidence => ({ bracket, paren, superscript });
const bib = (numbered: boolean) => ({ numbered, entries: [] }) as unknown as Bibliography;

const rows: Array<[string, StyleEvidence, number, Bibliography | null, string]> = [
  ['an unnumbered list is author-year whatever the text shows', ev(9, 0, 0), 0, bib(false), 'author-year'],
  ['a numbered list with brackets in the text', ev(5, 0, 1), 9, bib(true), 'number'],
  ['a numbered list with superscripts outnumbering brackets', ev(1, 0, 6), 0, bib(true), 'superscript'],
  ['a numbered list with dominant parenthesised numbers', ev(1, 7, 2), 0, bib(true), 'number'],
  ['no list: author-year citations outnumber the rest', ev(2, 0, 1), 5, null, 'author-year'],
  ['no list: brackets win', ev(4, 0, 1), 2, null, 'number'],
  ['no list and no evidence', ev(0, 2, 0), 0, null, 'off'],
];
for (const [name, evidence, authorYear, list, style] of rows) {
  test(`chooseStyle: ${name}`, () => assert.equal(chooseStyle(evidence, authorYear, list), style));
}

const parenRows: Array<[StyleEvidence, boolean]> = [[ev(0, 3, 0), true], [ev(0, 2, 0), false], [ev(2, 4, 0), false], [ev(1, 3, 0), true], [ev(0, 3, 3), false]];
for (const [evidence, uses] of parenRows) {
  test(`usesParens ${JSON.stringify(evidence)}: ${uses}`, () => assert.equal(usesParens(evidence), uses));
}

test('numericEvidence counts bracket groups and superscripts within the list, none in tables', async () => {
  const cell = (x: string) => `<w:tbl><w:tr><w:tc>${x}</w:tc></w:tr></w:tbl>`;
  const body = p('Known [1], also [2, 3] and [40].') + `<w:p>${r('Shown before')}${r('1,2', SUP)}${r('.')}</w:p>` + cell(`<w:p>${r('Value')}${r('3', SUP)}</w:p>`);
  const model = buildModel(openDocx(await buildDocx({ body })));
  const list = { numbered: true, entries: new Array(10).fill({}) } as unknown as Bibliography;
  const e = numericEvidence(model.paragraphs, list);
  assert.deepEqual([e.bracket, e.superscript], [2, 1]);
  assert.equal(numericEvidence(model.paragraphs, null).bracket, 3);
});
