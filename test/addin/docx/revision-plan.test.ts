// Apply as tracked revisions: the links and bookmarks apply's output adds, in Word's terms (body paragraph,
// k-th search hit), the output that is more than links refused with counts, and the hit taken in Word.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { revisionPlan, wordHit } from '../../../addin/docx/revision-plan.ts';
import { buildDocx, p, r } from '../../helpers/docx-builder.ts';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const DOI_REL = '<Relationship Id="rIdDoi1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://doi.org/10.1000/a&amp;b" TargetMode="External"/>';
const TEXT_BOX = '<w:p><w:r><w:pict><v:shape><v:textbox><w:txbxContent><w:p><w:r><w:t>In a box: Figure 1</w:t></w:r></w:p></w:txbxContent></v:textbox></v:shape></w:pict></w:r></w:p>';

const link = (attrs: string, text: string) => `<w:hyperlink ${attrs}>${r(text)}</w:hyperlink>`;
const mark = (name: string, inner: string) => `<w:bookmarkStart w:id="7" w:name="${name}"/>${inner}<w:bookmarkEnd w:id="7"/>`;

test('the output\'s new links and bookmarks, by body paragraph and the k-th hit of their text', async () => {
  const original = await buildDocx({ body: TEXT_BOX + p(['As Figure 1 shows [1], and Figure 1 again.']) + p('Figure 1. Growth of cells.', 'Caption') });
  const output = await buildDocx({
    body:
      TEXT_BOX +
      `<w:p>${r('As Figure 1 shows ')}${link('r:id="rIdDoi1" w:history="1"', '[1]')}${r(', and ')}${link('w:anchor="_Hl_fig_1" w:history="1"', 'Figure 1')}${r(' again.')}</w:p>` +
      `<w:p><w:pPr><w:pStyle w:val="Caption"/></w:pPr>${mark('_Hl_fig_1', r('Figure 1. Growth of cells.'))}</w:p>`,
    extraRels: [DOI_REL],
  });
  const got = await revisionPlan(original, b64(output));
  assert.ok('plan' in got, JSON.stringify(got));
  const { plan } = got;
  // The text box's paragraph is not one of Word's body paragraphs: the sentence is paragraph 1 after it.
  assert.deepEqual(plan.paragraphs, ['', 'As Figure 1 shows [1], and Figure 1 again.', 'Figure 1. Growth of cells.']);
  assert.deepEqual(plan.links, [
    { paragraph: 1, text: '[1]', start: 18, k: 0, address: 'https://doi.org/10.1000/a&b' },
    { paragraph: 1, text: 'Figure 1', start: 27, k: 1, address: '#_Hl_fig_1' },
  ]);
  assert.deepEqual(plan.bookmarks, [{ paragraph: 2, name: '_Hl_fig_1', text: 'Figure 1. Growth of cells.', start: 0, k: 0, whole: true }]);
});

test('links and bookmarks the document already had are not made again; a bookmark on part of a paragraph is found by its hit', async () => {
  const had = `<w:p>${link('w:anchor="_Old" w:history="1"', 'Table 1')}${r(' and Table 1 here.')}</w:p>`;
  const original = await buildDocx({ body: had + `<w:p>${mark('_Old', r('Table 1'))}${r('. Sizes.')}</w:p>` + p('See Table 1 and Table 1.') });
  const output = await buildDocx({
    body: had + `<w:p>${mark('_Old', r('Table 1'))}${r('. Sizes.')}</w:p>` + `<w:p>${r('See Table 1 and ')}<w:bookmarkStart w:id="9" w:name="_Hl_x"/>${r('Table 1')}<w:bookmarkEnd w:id="9"/>${r('.')}</w:p>`,
  });
  const got = await revisionPlan(original, b64(output));
  assert.ok('plan' in got);
  assert.deepEqual(got.plan.links, []);
  assert.deepEqual(got.plan.bookmarks, [{ paragraph: 2, name: '_Hl_x', text: 'Table 1', start: 16, k: 1, whole: false }]);
});

test('an output that changes text or links outside the body\'s paragraphs cannot be made as tracked links, and says how much', async () => {
  const original = await buildDocx({ body: p('Cells divide [1].') + p('1. Smith J. Cells. 2020.'), footnotes: '<w:footnote w:id="1"><w:p><w:r><w:t>See [1].</w:t></w:r></w:p></w:footnote>' });
  const output = await buildDocx({
    body: p('Cells divide [1].') + p('1. Smith J. Cells. 2020. doi:10.1/x'),
    footnotes: `<w:footnote w:id="1"><w:p>${r('See ')}${link('w:anchor="_Hl_bib_1"', '[1]')}${r('.')}</w:p></w:footnote>`,
  });
  assert.deepEqual(await revisionPlan(original, b64(output)), { unplannable: { changedParagraphs: 1, linksElsewhere: 1 } });
  const added = await buildDocx({ body: p('Cells divide [1].') + p('1. Smith J. Cells. 2020.') + p('A new paragraph.') });
  assert.deepEqual(await revisionPlan(original, b64(added)), { unplannable: { changedParagraphs: 1, linksElsewhere: 0 } });
});

test('the hit taken in Word: the planned one when the paragraph reads as planned, else the nearest to the planned offset', () => {
  const planned = 'Fig 1 and Fig 1 and Fig 1.';
  const edit = { text: 'Fig 1', start: 10, k: 1 };
  assert.equal(wordHit(planned, planned, edit), 1);
  // Word reads a field result before the sentence: the offsets moved by 4, the nearest hit is still the second.
  assert.equal(wordHit('[a] Fig 1 and Fig 1 and Fig 1.', planned, edit), 1);
  assert.equal(wordHit('Fig 1 only.', planned, { text: 'Fig 1', start: 20, k: 2 }), 0);
  assert.equal(wordHit('Nothing here.', planned, edit), -1);
});
