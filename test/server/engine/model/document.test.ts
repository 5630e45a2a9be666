// The document model of a package: styles and numbering read through the main part's relationships, the
// main document, footnotes and endnotes walked as parts of their own, and bookmarks gathered across them.
// (What one part's walk finds, element by element: walk-part.test.ts.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openDocx } from '../../../../server/engine/package/docx.ts';
import { buildModel } from '../../../../server/engine/model/document.ts';
import type { DocumentModel } from '../../../../server/engine/model/types.ts';
import { buildDocx, DEFAULT_STYLES, p, r, SUP, type DocxSpec } from '../../../helpers/docx-builder.ts';

async function model(spec: DocxSpec): Promise<DocumentModel> {
  return buildModel(openDocx(await buildDocx(spec)));
}
const texts = (m: DocumentModel) => m.paragraphs.map((x) => x.text);

test('superscript: direct, from a character style, and from a paragraph style', async () => {
  const styles = DEFAULT_STYLES + `<w:style w:type="paragraph" w:styleId="SupPara"><w:name w:val="Sup Para"/><w:rPr><w:vertAlign w:val="superscript"/></w:rPr></w:style>`;
  const m = await model({
    styles,
    body: `<w:p>${r('a')}${r('1', SUP)}${r('2', '<w:rStyle w:val="Sup"/>')}${r('3', '<w:vertAlign w:val="baseline"/>')}</w:p><w:p><w:pPr><w:pStyle w:val="SupPara"/></w:pPr>${r('4')}</w:p>`,
  });
  assert.deepEqual(m.paragraphs[0]!.pieces.map((x) => x.superscript), [false, true, true, false]);
  assert.equal(m.paragraphs[1]!.pieces[0]!.superscript, true);
});

test('paragraph styles, outline levels and heading levels', async () => {
  const m = await model({ body: p('Intro', 'Heading1') + p('Sub', 'Heading2') + `<w:p><w:pPr><w:outlineLvl w:val="2"/></w:pPr>${r('Deep')}</w:p>` + p('Body') });
  assert.deepEqual(m.paragraphs.map((x) => [x.styleName, x.headingLevel]), [['heading 1', 1], ['heading 2', 2], ['Normal', 3], ['Normal', null]]);
});

test('automatic numbering: reference list labels and multi-level heading numbers are computed', async () => {
  const numbering =
    `<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="[%1]"/></w:lvl></w:abstractNum>` +
    `<w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl><w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2"/></w:lvl></w:abstractNum>` +
    `<w:abstractNum w:abstractNumId="2"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="upperLetter"/><w:lvlText w:val="Appendix %1"/></w:lvl></w:abstractNum>` +
    `<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num><w:num w:numId="3"><w:abstractNumId w:val="2"/></w:num>`;
  const np = (numId: number, ilvl: number, t: string) => `<w:p><w:pPr><w:numPr><w:ilvl w:val="${ilvl}"/><w:numId w:val="${numId}"/></w:numPr></w:pPr>${r(t)}</w:p>`;
  const m = await model({
    numbering,
    body: np(2, 0, 'Intro') + np(2, 0, 'Methods') + np(2, 1, 'Data') + np(2, 1, 'Model') + np(2, 0, 'Results') + np(2, 1, 'First') + np(1, 0, 'Smith J') + np(1, 0, 'Lee K') + np(3, 0, 'Proofs'),
  });
  assert.deepEqual(
    m.paragraphs.map((x) => x.numbering?.text),
    ['1.', '2.', '2.1', '2.2', '3.', '3.1', '[1]', '[2]', 'Appendix A'],
  );
  assert.deepEqual(texts(m).slice(6, 8), ['Smith J', 'Lee K']);
});

test('footnotes and endnotes are parts of their own, with paragraph indexes per part', async () => {
  const fn = (id: number, t: string) => `<w:footnote w:id="${id}">${p(t)}</w:footnote>`;
  const m = await model({
    body: p(['Text', '']),
    footnotes: `<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>${fn(1, 'See [2].')}${fn(2, 'Also Figure 1.')}`,
    endnotes: `<w:endnote w:id="1">${p('End [3].')}</w:endnote>`,
  });
  assert.deepEqual(m.parts.map((x) => x.name), ['word/document.xml', 'word/footnotes.xml', 'word/endnotes.xml']);
  const notes = m.parts[1]!.paragraphs;
  assert.deepEqual(notes.map((x) => [x.index, x.text, x.noteId]), [[0, '', '-1'], [1, 'See [2].', '1'], [2, 'Also Figure 1.', '2']]);
  assert.equal(m.parts[2]!.paragraphs[0]!.text, 'End [3].');
});

test('bookmarks of every story part: one set of names, and the highest id across parts', async () => {
  const mark = (id: number, name: string) => `<w:bookmarkStart w:id="${id}" w:name="${name}"/><w:bookmarkEnd w:id="${id}"/>`;
  const m = await model({
    body: `<w:p>${mark(7, '_Ref42')}${r('Figure 1')}</w:p>`,
    footnotes: `<w:footnote w:id="1"><w:p>${mark(31, '_Ref_note')}${r('A note.')}</w:p></w:footnote>`,
  });
  assert.deepEqual([...m.bookmarkNames].sort(), ['_Ref42', '_Ref_note']);
  assert.equal(m.maxBookmarkId, 31);
});
