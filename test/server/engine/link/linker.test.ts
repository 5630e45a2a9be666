// The Linker on its own: queued links written as w:hyperlink around exactly the matched text (runs split at the
// boundaries, every part keeping its formatting), ranges it must refuse (existing links, fields, math,
// overlaps), bookmarks placed on the targets links use (and only those), external links through one
// relationship per URL, re-pointing a link, and a second pass over its own output that changes nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TargetCandidate } from '../../../../server/engine/detect/types.ts';
import { BookmarkAllocator } from '../../../../server/engine/link/bookmarks.ts';
import { Linker, type LinkRequest } from '../../../../server/engine/link/linker.ts';
import type { Appearance } from '../../../../server/engine/link/rpr.ts';
import { buildModel } from '../../../../server/engine/model/document.ts';
import type { DocumentModel, ModelParagraph } from '../../../../server/engine/model/types.ts';
import { openDocx } from '../../../../server/engine/package/docx.ts';
import { PackageEdit } from '../../../../server/engine/package/edit.ts';
import { buildDocx, p, r } from '../../../helpers/docx-builder.ts';
import { paragraphsXml, partText } from './fixture.ts';

const INTERNAL: Appearance = { styleId: 'Hyperlink', color: '0077BD', font: '' };
const EXTERNAL: Appearance = { styleId: 'Hyperlink', color: '1155CC', font: '' };
const T = (s: string) => `<w:t xml:space="preserve">${s}</w:t>`;

interface Session {
  model: DocumentModel;
  edit: PackageEdit;
  bookmarks: BookmarkAllocator;
  linker: Linker;
  para(i: number): ModelParagraph;
  /** A link request for the nth occurrence of `text` in paragraph i. */
  at(i: number, text: string, rest: Partial<LinkRequest>, nth?: number): LinkRequest;
  /** A target: the whole paragraph i, or the given text in it. */
  target(key: string, i: number, text?: string): TargetCandidate;
}

function session(bytes: Uint8Array): Session {
  const pkg = openDocx(bytes);
  const model = buildModel(pkg);
  const edit = new PackageEdit(pkg);
  const bookmarks = new BookmarkAllocator(model);
  const para = (i: number) => model.paragraphs[i]!;
  return {
    model, edit, bookmarks, para,
    linker: new Linker(edit, bookmarks, INTERNAL, EXTERNAL),
    at(i, text, rest, nth = 0) {
      let start = -1;
      for (let n = 0; n <= nth; n++) start = para(i).text.indexOf(text, start + 1);
      assert.ok(start >= 0, `'${text}' in '${para(i).text}'`);
      return { paragraph: para(i), start, end: start + text.length, kind: 'citation', category: 'citations', ...rest };
    },
    target(key, i, text) {
      const start = text ? para(i).text.indexOf(text) : 0;
      return { key, type: 'bibliography', label: key, paragraph: para(i), start, end: text ? start + text.length : para(i).text.length };
    },
  };
}

const texts = (bytes: Uint8Array) => buildModel(openDocx(bytes)).paragraphs.map((x) => x.text);

test('a match inside one formatted run: the run splits at both ends, each part keeps the run\'s properties', async () => {
  const bytes = await buildDocx({ body: `<w:p><w:r w:rsidR="00AB"><w:rPr><w:i/><w:sz w:val="20"/></w:rPr><w:t>as in [12] here</w:t></w:r></w:p>` + p('12. Lee K. Moss. 2020.') });
  const s = session(bytes);
  assert.equal(s.linker.add(s.at(0, '[12]', { target: s.target('bib-12', 1) })), null);
  const result = s.linker.execute();
  assert.deepEqual([result.written.length, result.segments], [1, 1]);
  const out = s.edit.write();
  const props = '<w:i/><w:sz w:val="20"/>';
  assert.equal(
    paragraphsXml(out)[0],
    `<w:p><w:r w:rsidR="00AB"><w:rPr>${props}</w:rPr>${T('as in ')}</w:r>` +
      `<w:hyperlink w:anchor="_Hl_bib_12" w:history="1"><w:r w:rsidR="00AB"><w:rPr><w:rStyle w:val="Hyperlink"/><w:i/><w:color w:val="0077BD"/><w:sz w:val="20"/></w:rPr>${T('[12]')}</w:r></w:hyperlink>` +
      `<w:r w:rsidR="00AB"><w:rPr>${props}</w:rPr>${T(' here')}</w:r></w:p>`,
  );
  assert.deepEqual(texts(out), texts(bytes), 'visible text unchanged');
  assert.deepEqual(buildModel(openDocx(out)).paragraphs[0]!.links, [{ start: 6, end: 10, anchor: '_Hl_bib_12', relId: undefined }]);
});

test('a match across differently formatted runs: one link, each run keeps its own formatting', async () => {
  const bytes = await buildDocx({ body: `<w:p>${r('see Fi', '<w:b/>')}${r('g. 2', '<w:i/>')}${r(' now')}</w:p>${p('Figure 2. Moss.')}` });
  const s = session(bytes);
  assert.equal(s.linker.add(s.at(0, 'Fig. 2', { kind: 'figure', category: 'figures', target: s.target('fig-2', 1) })), null);
  s.linker.execute();
  const out = s.edit.write();
  const look = (own: string) => `<w:rPr><w:rStyle w:val="Hyperlink"/>${own}<w:color w:val="0077BD"/></w:rPr>`;
  assert.equal(
    paragraphsXml(out)[0],
    `<w:p><w:r><w:rPr><w:b/></w:rPr>${T('see ')}</w:r><w:hyperlink w:anchor="_Hl_fig_2" w:history="1">` +
      `<w:r>${look('<w:b/>')}${T('Fi')}</w:r><w:r>${look('<w:i/>')}${T('g. 2')}</w:r></w:hyperlink><w:r>${T(' now')}</w:r></w:p>`,
  );
  assert.deepEqual(texts(out), texts(bytes));
});

test('several links in one paragraph all land; links to one target share its anchor and one bookmark', async () => {
  const bytes = await buildDocx({ body: p(['[1] and [2], again [1].']) + p('1. A.') + p('2. B.') });
  const s = session(bytes);
  const one = s.target('bib-1', 1), two = s.target('bib-2', 2);
  for (const req of [s.at(0, '[1]', { target: one }), s.at(0, '[2]', { target: two }), s.at(0, '[1]', { target: one }, 1)]) assert.equal(s.linker.add(req), null);
  const result = s.linker.execute();
  assert.deepEqual(result.records.map((x) => [x.sourceText, x.anchor, x.targetId]), [['[1]', '_Hl_bib_1', 'bib-1'], ['[2]', '_Hl_bib_2', 'bib-2'], ['[1]', '_Hl_bib_1', 'bib-1']]);
  assert.equal(s.bookmarks.created, 2);
  const model = buildModel(openDocx(s.edit.write()));
  assert.deepEqual(model.paragraphs[0]!.links.map((l) => [l.start, l.end, l.anchor]), [[0, 3, '_Hl_bib_1'], [8, 11, '_Hl_bib_2'], [19, 22, '_Hl_bib_1']]);
  assert.deepEqual([1, 2].map((i) => model.paragraphs[i]!.bookmarks.map((b) => b.name)), [['_Hl_bib_1'], ['_Hl_bib_2']]);
});

test('refused ranges: inside an existing link, a field result or math, or overlapping a queued link; nothing is written for them', async () => {
  const fld = (type: string) => `<w:r><w:fldChar w:fldCharType="${type}"/></w:r>`;
  const body =
    `<w:p>${r('See ')}<w:hyperlink w:anchor="_Ref1">${r('Table 1')}</w:hyperlink>${r(' and ')}${fld('begin')}<w:r><w:instrText> REF _Ref2 \\h </w:instrText></w:r>${fld('separate')}${r('Table 2')}${fld('end')}` +
    `${r(' where ')}<m:oMath><m:r><m:t>n=3</m:t></m:r></m:oMath>${r(' and [3].')}</w:p>` + p('3. C.');
  const bytes = await buildDocx({ body });
  const s = session(bytes);
  const t = s.target('bib-3', 1);
  assert.deepEqual(s.linker.add(s.at(0, 'Table 1', { target: t })), { code: 'alreadyLinked' });
  assert.deepEqual(s.linker.add(s.at(0, 'e 1 and T', { target: t })), { code: 'alreadyLinked' }, 'a range reaching into a link');
  assert.deepEqual(s.linker.add(s.at(0, 'Table 2', { target: t })), { code: 'insideHold', values: { hold: 'existing-cross-reference' } });
  assert.deepEqual(s.linker.add(s.at(0, 'n=3', { target: t })), { code: 'insideHold', values: { hold: 'math' } });
  assert.equal(s.linker.add(s.at(0, '[3]', { target: t })), null);
  assert.deepEqual(s.linker.add(s.at(0, '3]', { target: t })), { code: 'overlapsLink' });
  const result = s.linker.execute();
  assert.deepEqual(result.written.map((w) => s.para(0).text.slice(w.start, w.end)), ['[3]']);
  const xml = paragraphsXml(s.edit.write())[0]!;
  assert.equal(xml.match(/<w:hyperlink /g)!.length, 2, 'the existing link and the new one, none nested');
  assert.doesNotMatch(xml, /<w:hyperlink [^>]*>(?:(?!<\/w:hyperlink>).)*<w:hyperlink /, 'no link inside a link');
});

test('bookmarks on targets: around a label inside its paragraph, around a whole paragraph, an existing one reused, none for a target no written link uses', async () => {
  const body =
    p('Use (1), (2) and (3).') +
    '<w:p><w:r><w:t>E = mc2</w:t><w:tab/><w:t>(1)</w:t></w:r></w:p>' +
    `<w:p><w:pPr><w:pStyle w:val="Caption"/></w:pPr>${r('Table 2. Sizes.')}</w:p>` +
    `<w:p><w:bookmarkStart w:id="4" w:name="_Ref77"/>${r('Table 3. Ages.')}<w:bookmarkEnd w:id="4"/></w:p>` +
    p('Never linked.');
  const s = session(await buildDocx({ body }));
  const eq = s.target('eq-1', 1, '(1)');
  assert.equal(s.linker.add(s.at(0, '(1)', { target: eq })), null);
  assert.deepEqual(s.linker.add(s.at(0, '(1), (2)', { target: s.target('unused', 4) })), { code: 'overlapsLink' });
  assert.equal(s.linker.add(s.at(0, '(2)', { target: s.target('tab-2', 2) })), null);
  assert.equal(s.linker.add(s.at(0, '(3)', { target: s.target('tab-3', 3) })), null);
  const result = s.linker.execute();
  assert.deepEqual(result.records.map((x) => [x.sourceText, x.anchor]), [['(3)', '_Ref77'], ['(2)', '_Hl_tab_2'], ['(1)', '_Hl_eq_1']], 'written right to left');
  assert.deepEqual([s.bookmarks.created, s.bookmarks.reused], [2, 1]);
  const [, eqXml, tabXml, refXml, unusedXml] = paragraphsXml(s.edit.write());
  assert.equal(eqXml, `<w:p><w:r><w:t>E = mc2</w:t><w:tab/></w:r><w:bookmarkStart w:id="5" w:name="_Hl_eq_1"/><w:r><w:t>(1)</w:t></w:r><w:bookmarkEnd w:id="5"/></w:p>`);
  assert.equal(tabXml, `<w:p><w:pPr><w:pStyle w:val="Caption"/></w:pPr><w:bookmarkStart w:id="6" w:name="_Hl_tab_2"/><w:r>${T('Table 2. Sizes.')}</w:r><w:bookmarkEnd w:id="6"/></w:p>`);
  assert.doesNotMatch(refXml!, /_Hl_/, 'the existing _Ref bookmark serves');
  assert.doesNotMatch(unusedXml!, /bookmark/);
});

test('external links: one External relationship per URL, r:id on each link, records marked external', async () => {
  const bytes = await buildDocx({ body: p('doi:10.1/abc and again doi:10.1/abc, then doi:10.2/xyz.') });
  const s = session(bytes);
  for (const [text, nth, url] of [['doi:10.1/abc', 0, 'https://doi.org/10.1/abc'], ['doi:10.1/abc', 1, 'https://doi.org/10.1/abc'], ['doi:10.2/xyz', 0, 'https://doi.org/10.2/xyz']] as const) {
    assert.equal(s.linker.add(s.at(0, text, { kind: 'doi', category: 'dois', url }, nth)), null);
  }
  const result = s.linker.execute();
  assert.deepEqual(result.records.map((x) => [x.anchor, x.external]), [['https://doi.org/10.2/xyz', true], ['https://doi.org/10.1/abc', true], ['https://doi.org/10.1/abc', true]]);
  const out = s.edit.write();
  const rels = [...partText(out, 'word/_rels/document.xml.rels').matchAll(/<Relationship [^>]*Target="https:\/\/doi\.org[^>]*>/g)].map((m) => m[0]);
  assert.equal(rels.length, 2);
  assert.ok(rels.every((x) => x.includes('TargetMode="External"')));
  const links = buildModel(openDocx(out)).paragraphs[0]!.links;
  assert.equal(links.length, 3);
  assert.equal(links[0]!.relId, links[1]!.relId);
  assert.notEqual(links[0]!.relId, links[2]!.relId);
  assert.equal(s.bookmarks.created, 0, 'external links need no bookmark');
});

test('a second pass over the output changes nothing: the links are refused as existing and the bookmark is reused', async () => {
  const bytes = await buildDocx({ body: p('Moss grows [1] on walls.') + p('1. Lee K. Moss. 2020.') + p('See https://moss.org now.') });
  const linkAll = (s: Session) => {
    const reasons = [
      s.linker.add(s.at(0, '[1]', { target: s.target('bib-1', 1) })),
      s.linker.add(s.at(2, 'https://moss.org', { kind: 'doi', category: 'dois', url: 'https://moss.org' })),
    ];
    return { reasons, result: s.linker.execute() };
  };
  const first = session(bytes);
  assert.deepEqual(linkAll(first).reasons, [null, null]);
  const once = first.edit.write();
  const second = session(once);
  const again = linkAll(second);
  assert.deepEqual(again.reasons, [{ code: 'alreadyLinked' }, { code: 'alreadyLinked' }]);
  assert.equal(again.result.written.length, 0);
  assert.equal(second.linker.anchorFor(second.target('bib-1', 1)), '_Hl_bib_1');
  assert.deepEqual([second.bookmarks.created, second.bookmarks.reused], [0, 1]);
  assert.deepEqual([...second.edit.changed], [], 'no part changed');
  assert.deepEqual(paragraphsXml(second.edit.write()), paragraphsXml(once));
});

test('relink re-points an existing link at a new target, which gets its bookmark; a run outside any link cannot be relinked', async () => {
  const first = session(await buildDocx({ body: p('As [1] says.') + p('1. Old.') + p('1. New.') }));
  first.linker.add(first.at(0, '[1]', { target: first.target('bib-1', 1) }));
  first.linker.execute();
  const s = session(first.edit.write());
  const moved = s.target('bib-new', 2);
  assert.equal(s.linker.relink(s.para(0), 3, 6, moved, 'citation'), true);
  assert.equal(s.linker.relink(s.para(0), 0, 2, moved, 'citation'), false, 'plain text has no link to re-point');
  const result = s.linker.execute();
  assert.deepEqual(result.records.map((x) => [x.sourceText, x.anchor, x.targetId]), [['[1]', '_Hl_bib_new', 'bib-new']]);
  const model = buildModel(openDocx(s.edit.write()));
  assert.equal(model.paragraphs[0]!.links[0]!.anchor, '_Hl_bib_new');
  assert.deepEqual(model.paragraphs[2]!.bookmarks.map((b) => b.name), ['_Hl_bib_new']);
});
