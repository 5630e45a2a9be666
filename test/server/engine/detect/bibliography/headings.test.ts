// The heading of a reference list (in several languages, numbered or not) and the paragraphs that end
// one, one row per case.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isHeadingLike, isReferenceHeadingText, isStopParagraph } from '../../../../../server/engine/detect/bibliography/headings.ts';
import { buildModel } from '../../../../../server/engine/model/document.ts';
import { openDocx } from '../../../../../server/engine/package/docx.ts';
import { buildDocx, p, r } from '../../../../helpers/docx-builder.ts';

const headingText: Array<[string, boolean]> = [
  ['References', true], ['REFERENCES', true], ['5. Literature Cited', true], ['VII. Bibliography:', true], ['Works cited', true],
  ['Literaturverzeichnis', true], ['Références bibliographiques', true], ['Список литературы', true], ['参考文献', true],
  ['References and notes', true], ['Reference list.', true],
  ['References to earlier work are given in the text', false], ['Preferences', false], ['', false], ['Methods', false],
];
for (const [text, is] of headingText) test(`isReferenceHeadingText(${JSON.stringify(text)}) = ${is}`, () => assert.equal(isReferenceHeadingText(text), is));

const stops: Array<[string, boolean]> = [
  ['Figure 1. Growth curves.', true], ['Fig. 2: Maps', true], ['Table S3 Primers', true], ['Supplementary Information', true],
  ['Figure legends', true], ['Appendix', true], ['Tables', true],
  ['Smith J. Figures of speech. J Lit. 2001;3:4–5.', false], ['Tablets in schools. Educ Rev. 2012.', false],
];
for (const [text, is] of stops) test(`isStopParagraph(${JSON.stringify(text)}) = ${is}`, async () => {
  const model = buildModel(openDocx(await buildDocx({ body: p(text) })));
  assert.equal(isStopParagraph(model.paragraphs[0]!), is);
});

test('heading-like: a heading style, a title style, a short all-bold line; not a bold sentence, a half-bold line or a table cell', async () => {
  const body = [
    p('Literature', 'Heading1'),
    `<w:p>${r('Literature', '<w:b/>')}</w:p>`,
    `<w:p>${r('Smith J, Lee K, et al.', '<w:b/>')}</w:p>`,
    `<w:p>${r('A bold sentence that ends.', '<w:b/>')}</w:p>`,
    `<w:p>${r('Half ', '<w:b/>')}${r('bold')}</w:p>`,
    `<w:tbl><w:tr><w:tc><w:p>${r('References', '<w:b/>')}</w:p></w:tc></w:tr></w:tbl>`,
  ].join('');
  const ps = buildModel(openDocx(await buildDocx({ body }))).paragraphs;
  assert.deepEqual(ps.map(isHeadingLike), [true, true, true, false, false, false]);
});
