// Links over tracked changes: a w:hyperlink is written around an insertion or move (split where the link
// starts and ends), never inside one, and never around deleted text. Each output is checked against the
// children the schema allows (test/helpers/ooxml-children.ts).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildDocx, p, r } from '../../../helpers/docx-builder.ts';
import { disallowedChildren } from '../../../helpers/ooxml-children.ts';
import { applyAnalysis } from '../../../helpers/apply-analysis.ts';
import { liftOutOfRevisions, RevisionIds } from '../../../../server/engine/link/revisions.ts';
import { buildModel } from '../../../../server/engine/model/document.ts';
import { openDocx } from '../../../../server/engine/package/docx.ts';
import { parseXml, rootOf, childrenOf } from '../../../../server/engine/package/xml.ts';
import { buildXml } from '../../../helpers/xml.ts';
import { hand, paragraphsXml, NOW, type MatchSpec } from './fixture.ts';
import { analyse, approveReady, SETTINGS } from './pipeline.ts';

const REF = p('1. Smith J. A title. 2020.');
const T = (s: string) => `<w:t xml:space="preserve">${s}</w:t>`;
const LOOK = '<w:rPr><w:rStyle w:val="Hyperlink"/><w:color w:val="0077BD"/></w:rPr>';
const A = (inner: string) => `<w:hyperlink w:anchor="_Hl_bib_1" w:history="1">${inner}</w:hyperlink>`;
const INS = (id: number, inner: string, tag = 'w:ins') => `<${tag} w:id="${id}" w:author="A" w:date="2020-01-01T00:00:00Z">${inner}</${tag}>`;

async function linkOne(body: string, match: Omit<MatchSpec, 'id'>) {
  const bytes = await buildDocx({ body });
  const input = hand(bytes, [{ key: 'bib-1', type: 'bibliography', label: '[1]', para: 1 }], [{ id: 'm', ...match }]);
  const before = buildModel(openDocx(bytes)).paragraphs.map((x) => x.text);
  const out = applyAnalysis(input, bytes, [{ refId: 'm', status: 'approved' }], { now: NOW });
  assert.deepEqual(buildModel(openDocx(out.docx)).paragraphs.map((x) => x.text), before, 'visible text unchanged');
  assert.deepEqual(disallowedChildren(out.docx), [], 'only children the schema allows');
  return out;
}

test('a link inside a tracked insertion splits the insertion; the link holds its own part of it', async () => {
  const out = await linkOne(`<w:p>${INS(5, r('see [1] now'))}</w:p>` + REF, { kind: 'citation', para: 0, text: '[1]', target: 'bib-1' });
  assert.equal(out.linkCount, 1);
  assert.equal(
    paragraphsXml(out.docx)[0],
    `<w:p>${INS(5, `<w:r>${T('see ')}</w:r>`)}${A(INS(6, `<w:r>${LOOK}${T('[1]')}</w:r>`))}${INS(7, `<w:r>${T(' now')}</w:r>`)}</w:p>`,
  );
});

test('a link over a whole insertion is written around it, keeping its id', async () => {
  const out = await linkOne(`<w:p>${r('see ')}${INS(3, r('[1]'))}${r(' now')}</w:p>` + REF, { kind: 'citation', para: 0, text: '[1]', target: 'bib-1' });
  assert.equal(paragraphsXml(out.docx)[0], `<w:p><w:r>${T('see ')}</w:r>${A(INS(3, `<w:r>${LOOK}${T('[1]')}</w:r>`))}<w:r>${T(' now')}</w:r></w:p>`);
});

test('a tracked move (w:moveTo) is split the same way', async () => {
  const out = await linkOne(`<w:p>${INS(4, r('see [1]'), 'w:moveTo')}</w:p>` + REF, { kind: 'citation', para: 0, text: '[1]', target: 'bib-1' });
  assert.equal(paragraphsXml(out.docx)[0], `<w:p>${INS(4, `<w:r>${T('see ')}</w:r>`, 'w:moveTo')}${A(INS(5, `<w:r>${LOOK}${T('[1]')}</w:r>`, 'w:moveTo'))}</w:p>`);
});

test('a range partly inside an insertion becomes one link around the runs and the insertion', async () => {
  const out = await linkOne(`<w:p>${r('see [')}${INS(9, r('1'))}${r('] now')}</w:p>` + REF, { kind: 'citation', para: 0, text: '[1]', target: 'bib-1' });
  assert.equal(out.stats!.segments, 1);
  assert.equal(paragraphsXml(out.docx)[0], `<w:p><w:r>${T('see ')}</w:r>${A(`<w:r>${LOOK}${T('[')}</w:r>${INS(9, `<w:r>${LOOK}${T('1')}</w:r>`)}<w:r>${LOOK}${T(']')}</w:r>`)}<w:r>${T(' now')}</w:r></w:p>`);
});

test('deleted text between linked runs stays outside the link (w:del, w:moveFrom)', async () => {
  for (const tag of ['w:del', 'w:moveFrom']) {
    const del = `<${tag} w:id="2" w:author="A" w:date="2020-01-01T00:00:00Z"><w:r><w:delText>2</w:delText></w:r></${tag}>`;
    const out = await linkOne(`<w:p>${r('see [')}${del}${r('1]')}</w:p>` + REF, { kind: 'citation', para: 0, text: '[1]', target: 'bib-1' });
    assert.equal(out.stats!.segments, 2, tag);
    assert.equal(paragraphsXml(out.docx)[0], `<w:p><w:r>${T('see ')}</w:r>${A(`<w:r>${LOOK}${T('[')}</w:r>`)}${del}${A(`<w:r>${LOOK}${T('1]')}</w:r>`)}</w:p>`, tag);
  }
});

test('a DOI typed as a tracked insertion (POI stress023) is linked around the insertion, found by the scan', async () => {
  const bytes = await buildDocx({ body: `<w:p>${INS(0, r('see doi:10.1000/ins.1'))}</w:p><w:p>${INS(1, `<w:r><w:t>x</w:t></w:r>`)}</w:p>` });
  const input = analyse(bytes, SETTINGS);
  const out = applyAnalysis(input, bytes, approveReady(input), { now: NOW });
  assert.equal(out.linkCount, 1);
  assert.deepEqual(disallowedChildren(out.docx), []);
  const xml = paragraphsXml(out.docx)[0]!;
  assert.match(xml, /^<w:p><w:ins w:id="0"[^>]*><w:r><w:t xml:space="preserve">see doi:<\/w:t><\/w:r><\/w:ins><w:hyperlink r:id="rIdHl1" w:history="1"><w:ins w:id="2" [^>]*><w:r><w:rPr>[^]*10\.1000\/ins\.1<\/w:t><\/w:r><\/w:ins><\/w:hyperlink><\/w:p>$/);
  const ids = [...xml.matchAll(/<w:ins w:id="(\d+)"/g)].map((m) => m[1]);
  assert.equal(new Set(ids).size, ids.length, 'revision ids unique');
});

test('liftOutOfRevisions: nested insertions are split at every level', () => {
  const doc = parseXml(`<w:p><w:ins w:id="1"><w:r><w:t>a</w:t></w:r><w:ins w:id="2"><w:r><w:t>b</w:t></w:r><w:r><w:t>c</w:t></w:r></w:ins></w:ins></w:p>`);
  const para = rootOf(doc);
  const outer = childrenOf(para)[0]!;
  const inner = childrenOf(outer)[1]!;
  const run = childrenOf(inner)[0]!;
  let next = 10;
  const segs = liftOutOfRevisions(para, [{ siblings: childrenOf(inner), runs: [run] }], () => String(next++));
  assert.equal(segs.length, 1);
  assert.equal(segs[0]!.siblings, childrenOf(para));
  assert.equal(
    buildXml(doc),
    '<w:p><w:ins w:id="1"><w:r><w:t>a</w:t></w:r></w:ins><w:ins w:id="11"><w:ins w:id="2"><w:r><w:t>b</w:t></w:r></w:ins></w:ins>' +
      '<w:ins w:id="12"><w:ins w:id="10"><w:r><w:t>c</w:t></w:r></w:ins></w:ins></w:p>',
  );
});

test('RevisionIds: above every w:id of the story parts, read once', async () => {
  const bytes = await buildDocx({ body: `<w:p><w:bookmarkStart w:id="40" w:name="x"/>${INS(7, r('a'))}<w:bookmarkEnd w:id="40"/></w:p>`, footnotes: `<w:footnote w:id="90"><w:p>${r('n')}</w:p></w:footnote>` });
  const ids = new RevisionIds(openDocx(bytes));
  assert.deepEqual([ids.id(), ids.id()], ['91', '92']);
});
