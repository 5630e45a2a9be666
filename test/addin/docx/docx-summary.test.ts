// What the pane compares after Word replaced the document: paragraph texts (text boxes, deleted text and
// fallback content apart), links of every kind in every story, the engine's link records, numbering.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { documentText, PERSISTED_NS, summarizeDocx } from '../../../addin/docx/docx-summary.ts';
import { PERSISTED_NS as ENGINE_NS } from '../../../server/engine/metadata/persisted.ts';
import { buildDocx, p, r } from '../../helpers/docx-builder.ts';

test('the add-in looks for the engine\'s own namespace', () => assert.equal(PERSISTED_NS, ENGINE_NS));

test('documentText: paragraph text with tabs and entities; text boxes apart; deleted and fallback text left out', () => {
  const xml = [
    `<w:p>${r('A & B')}<w:r><w:tab/></w:r>${r('C')}</w:p>`,
    '<w:p/>',
    `<w:p>${r('Keep ')}<w:del><w:r><w:delText>gone</w:delText></w:r></w:del>${r('this')}</w:p>`,
    `<w:p><w:r><mc:AlternateContent><mc:Choice><w:drawing><w:txbxContent><w:p>${r('In a box')}</w:p></w:txbxContent></w:drawing></mc:Choice><mc:Fallback><w:pict><w:txbxContent><w:p>${r('In a box')}</w:p></w:txbxContent></w:pict></mc:Fallback></mc:AlternateContent></w:r>${r('Around')}</w:p>`,
  ].join('');
  assert.deepEqual(documentText(`<w:body>${xml}</w:body>`), { paragraphs: ['A & B\tC', '', 'Keep this', 'Around'], textBoxText: 'In a box' });
});

test('summarizeDocx: links as elements, simple and complex fields, in notes too; records; numbering and parts', async () => {
  const body =
    `<w:p><w:hyperlink w:anchor="_Hl_1">${r('1')}</w:hyperlink><w:fldSimple w:instr=" HYPERLINK &quot;https://doi.org/10.1/x&quot; ">${r('doi')}</w:fldSimple></w:p>` +
    `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>${r('Item')}</w:p>` + p('Plain');
  const footnotes = `<w:footnote w:id="1"><w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> HYPERLINK \\l "_Hl_2" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p></w:footnote>`;
  const numbering = '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>';
  const records = `<hl:links xmlns:hl="${PERSISTED_NS}"><hl:link anchor="_Hl_1" kind="citation"/><hl:link anchor="_Hl_2" kind="figure"/></hl:links>`;
  const s = await summarizeDocx(await buildDocx({ body, footnotes, numbering, extraParts: { 'customXml/item1.xml': records } }));
  assert.deepEqual([s.links, s.persistedLinks, s.numberedParagraphs, s.hasNumberingPart, s.hasSettingsPart], [3, 2, 1, true, false]);
  assert.deepEqual(s.paragraphs, ['1doi', 'Item', 'Plain']);
  const bare = await summarizeDocx(await buildDocx({ body: p('x') }));
  assert.deepEqual([bare.links, bare.persistedLinks, bare.hasNumberingPart], [0, null, false]);
});
