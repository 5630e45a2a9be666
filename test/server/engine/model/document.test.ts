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

test('text split across runs is one paragraph text with a piece per run', async () => {
  const m = await model({ body: p(['See Fig', 'ure ', '1', ' and [', '3]']) });
  const para = m.paragraphs[0]!;
  assert.equal(para.text, 'See Figure 1 and [3]');
  assert.deepEqual(para.pieces.map((x) => [x.start, x.end]), [[0, 7], [7, 11], [11, 12], [12, 18], [18, 20]]);
  assert.ok(para.pieces.every((x) => x.run && x.runSiblings.includes(x.run)));
});

test('tabs, breaks, symbols and non-breaking hyphens are one character each; soft hyphens and page-break markers none', async () => {
  const m = await model({
    body: `<w:p><w:r><w:t>a</w:t><w:tab/><w:t>b</w:t><w:br/><w:t>c</w:t><w:sym w:font="Symbol" w:char="03B1"/><w:noBreakHyphen/><w:softHyphen/><w:lastRenderedPageBreak/><w:t>d</w:t></w:r></w:p>`,
  });
  assert.equal(m.paragraphs[0]!.text, 'a\tb\nc\u03b1\u2011d');
});

test('entities in text are decoded', async () => {
  const m = await model({ body: `<w:p><w:r><w:t>A &amp; B &lt;1&gt; &#x2013; &#8212;</w:t></w:r></w:p>` });
  assert.equal(m.paragraphs[0]!.text, 'A & B <1> \u2013 \u2014');
});

test('tracked changes: inserted text counts, deleted text does not', async () => {
  const m = await model({
    body: `<w:p>${r('Shown in ')}<w:del w:id="1" w:author="x"><w:r><w:delText>Figure 2</w:delText></w:r></w:del><w:ins w:id="2" w:author="x">${r('Figure 3')}</w:ins>${r('.')}</w:p>`,
  });
  const para = m.paragraphs[0]!;
  assert.equal(para.text, 'Shown in Figure 3.');
  assert.deepEqual(para.pieces[1]!.containers, ['w:ins']);
});

test('content controls and smart tags pass their text through', async () => {
  const m = await model({
    body: `<w:p><w:sdt><w:sdtPr><w:tag w:val="plain"/></w:sdtPr><w:sdtContent>${r('Table ')}</w:sdtContent></w:sdt><w:smartTag w:uri="u" w:element="e"><w:smartTagPr/>${r('2')}</w:smartTag></w:p>`,
  });
  const para = m.paragraphs[0]!;
  assert.equal(para.text, 'Table 2');
  assert.deepEqual(para.pieces.map((x) => x.containers), [['w:sdt'], ['w:smartTag']]);
  assert.equal(para.pieces[0]!.hold, undefined);
});

test('a Mendeley Cite content control holds its text', async () => {
  const m = await model({ body: `<w:p><w:sdt><w:sdtPr><w:tag w:val="MENDELEY_CITATION_v3_abc"/></w:sdtPr><w:sdtContent>${r('[1]')}</w:sdtContent></w:sdt></w:p>` });
  assert.equal(m.paragraphs[0]!.pieces[0]!.hold, 'citation-manager-field');
});

test('text boxes: the Choice counts, the Fallback copy does not; text box paragraphs follow their anchor', async () => {
  const box = (t: string) => `<w:txbxContent>${p(t)}</w:txbxContent>`;
  const body =
    `<w:p>${r('Anchor ')}<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor><a:graphic><a:graphicData><wps:wsp><wps:txbx>${box('Inside box')}</wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice>` +
    `<mc:Fallback><w:pict><v:shape><v:textbox>${box('Inside box')}</v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r>${r('end')}</w:p>` +
    p('After');
  const m = await model({ body });
  assert.deepEqual(texts(m), ['Anchor end', 'Inside box', 'After']);
  assert.deepEqual(m.paragraphs.map((x) => x.index), [0, 1, 2]);
  assert.equal(m.paragraphs[1]!.inTextBox, true);
});

test('tables: cell paragraphs count in document order and know they are in a table', async () => {
  const body = p('Before') + `<w:tbl><w:tblPr/><w:tr><w:tc><w:tcPr/>${p('A1')}</w:tc><w:tc>${p('B1')}${p('B1b')}</w:tc></w:tr></w:tbl>` + p('After');
  const m = await model({ body });
  assert.deepEqual(texts(m), ['Before', 'A1', 'B1', 'B1b', 'After']);
  assert.deepEqual(m.paragraphs.map((x) => x.inTable), [false, true, true, true, false]);
});

test('complex fields: the instruction is not visible, the result is; REF results are held, SEQ results are not', async () => {
  const field = (instr: string, result: string) =>
    `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve">${instr}</w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${r(result)}<w:r><w:fldChar w:fldCharType="end"/></w:r>`;
  const m = await model({ body: `<w:p>${r('See ')}${field(' REF _Ref123 \\h ', 'Figure 2')}${r('.')}</w:p><w:p>${r('Figure ')}${field(' SEQ Figure \\* ARABIC ', '2')}${r('. Caption')}</w:p>` });
  const [a, b] = m.paragraphs;
  assert.equal(a!.text, 'See Figure 2.');
  assert.deepEqual(a!.fields, [{ start: 4, end: 12, instruction: 'REF _Ref123 \\h', type: 'REF' }]);
  assert.equal(a!.pieces.find((x) => x.start === 4)!.hold, 'existing-cross-reference');
  assert.equal(b!.text, 'Figure 2. Caption');
  assert.equal(b!.fields[0]!.type, 'SEQ');
  assert.ok(b!.pieces.every((x) => x.hold === undefined));
});

test('citation-manager fields are held, also when the result spans paragraphs (EndNote bibliography)', async () => {
  const begin = (instr: string) => `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>${instr}</w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>`;
  const end = `<w:r><w:fldChar w:fldCharType="end"/></w:r>`;
  const m = await model({
    body: `<w:p>${r('Known ')}${begin('ADDIN ZOTERO_ITEM CSL_CITATION {}')}${r('[1]')}${end}</w:p><w:p>${begin('ADDIN EN.REFLIST')}${r('1. Smith')}</w:p><w:p>${r('2. Jones')}${end}</w:p>`,
  });
  assert.equal(m.paragraphs[0]!.pieces[1]!.hold, 'citation-manager-field');
  assert.equal(m.paragraphs[1]!.pieces[0]!.hold, 'citation-manager-field');
  assert.equal(m.paragraphs[2]!.pieces[0]!.hold, 'citation-manager-field');
  assert.deepEqual(m.paragraphs[2]!.fields.map((f) => [f.start, f.end, f.type]), [[0, 8, 'ADDIN']]);
});

test('simple fields and existing hyperlinks are recorded and held', async () => {
  const m = await model({
    body: `<w:p><w:hyperlink w:anchor="_Ref9">${r('Table 1')}</w:hyperlink>${r(' and ')}<w:fldSimple w:instr=" HYPERLINK &quot;https://x.org&quot; ">${r('site')}</w:fldSimple></w:p>`,
  });
  const para = m.paragraphs[0]!;
  assert.equal(para.text, 'Table 1 and site');
  assert.deepEqual(para.links, [{ start: 0, end: 7, anchor: '_Ref9', relId: undefined }]);
  assert.equal(para.pieces[0]!.hold, 'existing-hyperlink');
  assert.equal(para.pieces[2]!.hold, 'existing-hyperlink');
  assert.equal(para.fields[0]!.instruction, 'HYPERLINK "https://x.org"');
});

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

test('bookmarks are recorded with their offsets, and ids tracked for uniqueness', async () => {
  const m = await model({ body: `<w:p>${r('Figure ')}<w:bookmarkStart w:id="7" w:name="_Ref42"/>${r('1')}<w:bookmarkEnd w:id="7"/></w:p>` });
  assert.deepEqual(m.paragraphs[0]!.bookmarks, [{ name: '_Ref42', id: '7', start: 7 }]);
  assert.equal(m.maxBookmarkId, 7);
  assert.ok(m.bookmarkNames.has('_Ref42'));
});

test('math (OMML) text is visible but held', async () => {
  const m = await model({ body: `<w:p>${r('where ')}<m:oMath><m:r><m:t>x=1</m:t></m:r></m:oMath>${r(' holds')}</w:p>` });
  const para = m.paragraphs[0]!;
  assert.equal(para.text, 'where x=1 holds');
  assert.equal(para.pieces[1]!.hold, 'math');
});
