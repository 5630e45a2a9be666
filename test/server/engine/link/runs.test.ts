// Run splitting across every run shape the scan handles, asserting the exact XML written.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildDocx, p, r, SUP } from '../../../helpers/docx-builder.ts';
import { applyAnalysis } from '../../../helpers/apply-analysis.ts';
import { buildModel } from '../../../../server/engine/model/document.ts';
import { openDocx } from '../../../../server/engine/package/docx.ts';
import { hand, paragraphsXml, NOW, type MatchSpec } from './fixture.ts';

const REF = p('1. Smith J. A title. 2020.');
const LOOK = '<w:rPr><w:rStyle w:val="Hyperlink"/><w:color w:val="0077BD"/></w:rPr>';
const T = (s: string) => `<w:t xml:space="preserve">${s}</w:t>`;
const A = (inner: string, anchor = '_Hl_bib_1') => `<w:hyperlink w:anchor="${anchor}" w:history="1">${inner}</w:hyperlink>`;

async function linkOne(body: string, match: Omit<MatchSpec, 'id'>, extra: { footnotes?: string; refPara?: number } = {}) {
  const spec = extra.footnotes !== undefined ? { body, footnotes: extra.footnotes } : { body };
  const bytes = await buildDocx(spec);
  const refPara = extra.refPara ?? 1;
  const input = hand(bytes, [{ key: 'bib-1', type: 'bibliography', label: '[1]', para: refPara }], [{ id: 'm', ...match }]);
  const before = buildModel(openDocx(bytes)).paragraphs.map((x) => x.text);
  const out = applyAnalysis(input, bytes, [{ refId: 'm', status: 'approved' }], { now: NOW });
  const after = buildModel(openDocx(out.docx)).paragraphs.map((x) => x.text);
  assert.deepEqual(after, before, 'visible text unchanged');
  return out;
}

test('split runs: a match spanning two runs is cut at both ends inside each run', async () => {
  const out = await linkOne(p(['see [', '1] now']) + REF, { kind: 'citation', para: 0, text: '[1]', target: 'bib-1' });
  assert.equal(out.linkCount, 1);
  assert.equal(paragraphsXml(out.docx)[0], `<w:p><w:r>${T('see ')}</w:r>${A(`<w:r>${LOOK}${T('[')}</w:r><w:r>${LOOK}${T('1]')}</w:r>`)}<w:r>${T(' now')}</w:r></w:p>`);
});

test('runs with tabs: the run is split between the tab and the text, properties copied', async () => {
  const body = `<w:p><w:r w:rsidR="00AB"><w:rPr><w:b/></w:rPr><w:t>see</w:t><w:tab/><w:t xml:space="preserve">[1] now</w:t></w:r></w:p>` + REF;
  const out = await linkOne(body, { kind: 'citation', para: 0, text: '[1]', target: 'bib-1' });
  assert.equal(
    paragraphsXml(out.docx)[0],
    `<w:p><w:r w:rsidR="00AB"><w:rPr><w:b/></w:rPr><w:t>see</w:t><w:tab/></w:r>` +
      A(`<w:r w:rsidR="00AB"><w:rPr><w:rStyle w:val="Hyperlink"/><w:b/><w:color w:val="0077BD"/></w:rPr>${T('[1]')}</w:r>`) +
      `<w:r w:rsidR="00AB"><w:rPr><w:b/></w:rPr>${T(' now')}</w:r></w:p>`,
  );
});

test('a match starting right after a tab in the same run', async () => {
  const body = `<w:p><w:r><w:t>see</w:t><w:tab/><w:t>[1]</w:t></w:r></w:p>` + REF;
  const out = await linkOne(body, { kind: 'citation', para: 0, text: '[1]', target: 'bib-1' });
  assert.equal(paragraphsXml(out.docx)[0], `<w:p><w:r><w:t>see</w:t><w:tab/></w:r>${A(`<w:r>${LOOK}<w:t>[1]</w:t></w:r>`)}</w:p>`);
});

test('content control: the link stays inside w:sdtContent', async () => {
  const body = `<w:p><w:sdt><w:sdtPr><w:id w:val="5"/></w:sdtPr><w:sdtContent>${r('see [1] now')}</w:sdtContent></w:sdt></w:p>` + REF;
  const out = await linkOne(body, { kind: 'citation', para: 0, text: '[1]', target: 'bib-1' });
  assert.equal(
    paragraphsXml(out.docx)[0],
    `<w:p><w:sdt><w:sdtPr><w:id w:val="5"/></w:sdtPr><w:sdtContent><w:r>${T('see ')}</w:r>${A(`<w:r>${LOOK}${T('[1]')}</w:r>`)}<w:r>${T(' now')}</w:r></w:sdtContent></w:sdt></w:p>`,
  );
});

test('superscript run: whole run wrapped, vertAlign kept after the colour (schema order)', async () => {
  const out = await linkOne(p(['Known', '']).replace('<w:r><w:t xml:space="preserve"></w:t></w:r>', r('1', SUP)) + REF, { kind: 'citation', para: 0, text: '1', target: 'bib-1' });
  assert.equal(
    paragraphsXml(out.docx)[0],
    `<w:p><w:r>${T('Known')}</w:r>${A(`<w:r><w:rPr><w:rStyle w:val="Hyperlink"/><w:color w:val="0077BD"/><w:vertAlign w:val="superscript"/></w:rPr>${T('1')}</w:r>`)}</w:p>`,
  );
});

test('an existing character style is kept (no second rStyle)', async () => {
  const out = await linkOne(`<w:p>${r('Known')}${r('1', '<w:rStyle w:val="Sup"/>')}</w:p>` + REF, { kind: 'citation', para: 0, text: '1', target: 'bib-1' });
  assert.equal(paragraphsXml(out.docx)[0], `<w:p><w:r>${T('Known')}</w:r>${A(`<w:r><w:rPr><w:rStyle w:val="Sup"/><w:color w:val="0077BD"/></w:rPr>${T('1')}</w:r>`)}</w:p>`);
});

test('table cell', async () => {
  const body = `<w:tbl><w:tr><w:tc><w:tcPr/>${p('as in [1].')}</w:tc></w:tr></w:tbl>` + REF;
  const out = await linkOne(body, { kind: 'citation', para: 0, text: '[1]', target: 'bib-1' });
  assert.equal(paragraphsXml(out.docx)[0], `<w:p><w:r>${T('as in ')}</w:r>${A(`<w:r>${LOOK}${T('[1]')}</w:r>`)}<w:r>${T('.')}</w:r></w:p>`);
});

test('footnote: the link in footnotes.xml points at the bookmark in the main document', async () => {
  const footnotes = `<w:footnote w:id="1"><w:p><w:r><w:footnoteRef/></w:r>${r(' See [1].')}</w:p></w:footnote>`;
  const out = await linkOne(p('Body text.') + REF, { kind: 'citation', part: 'word/footnotes.xml', para: 0, text: '[1]', target: 'bib-1' }, { footnotes });
  assert.equal(out.linkCount, 1);
  assert.equal(paragraphsXml(out.docx, 'word/footnotes.xml')[0], `<w:p><w:r><w:footnoteRef/></w:r><w:r>${T(' See ')}</w:r>${A(`<w:r>${LOOK}${T('[1]')}</w:r>`)}<w:r>${T('.')}</w:r></w:p>`);
  assert.match(paragraphsXml(out.docx)[1]!, /^<w:p><w:bookmarkStart w:id="0" w:name="_Hl_bib_1"\/>.*<w:bookmarkEnd w:id="0"\/><\/w:p>$/);
});

test('escaped text is split on visible characters', async () => {
  const out = await linkOne(`<w:p><w:r><w:t>A&amp;B [1] &lt;x&gt;</w:t></w:r></w:p>` + REF, { kind: 'citation', para: 0, text: '[1]', target: 'bib-1' });
  assert.equal(paragraphsXml(out.docx)[0], `<w:p><w:r>${T('A&amp;B ')}</w:r>${A(`<w:r>${LOOK}${T('[1]')}</w:r>`)}<w:r>${T(' &lt;x&gt;')}</w:r></w:p>`);
});

test('two matches in one run are both linked (right to left)', async () => {
  const bytes = await buildDocx({ body: p('see [1] and [2].') + REF + p('2. Doe. Other. 2021.') });
  const input = hand(bytes, [{ key: 'bib-1', type: 'bibliography', label: '[1]', para: 1 }, { key: 'bib-2', type: 'bibliography', label: '[2]', para: 2 }], [
    { id: 'a', kind: 'citation', para: 0, text: '[1]', target: 'bib-1' },
    { id: 'b', kind: 'citation', para: 0, text: '[2]', target: 'bib-2' },
  ]);
  const out = applyAnalysis(input, bytes, [{ refId: 'a', status: 'approved' }, { refId: 'b', status: 'approved' }], { now: NOW });
  assert.equal(out.linkCount, 2);
  assert.equal(
    paragraphsXml(out.docx)[0],
    `<w:p><w:r>${T('see ')}</w:r>${A(`<w:r>${LOOK}${T('[1]')}</w:r>`)}<w:r>${T(' and ')}</w:r>${A(`<w:r>${LOOK}${T('[2]')}</w:r>`, '_Hl_bib_2')}<w:r>${T('.')}</w:r></w:p>`,
  );
});
