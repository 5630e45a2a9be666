// Matches found but not to be linked, one row per hold: inside an existing hyperlink, a cross-reference
// or citation-manager field, a field result, math, the reference list, or across a content control.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scan } from '../../../../server/engine/scan.ts';
import { parseSettings } from '../../../../shared/settings.ts';
import { buildDocx, p, r } from '../../../helpers/docx-builder.ts';

const caption = p('Figure 1. A caption.', 'Caption');
const fieldAround = (instr: string, inner: string) =>
  `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> ${instr} </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${inner}<w:r><w:fldChar w:fldCharType="end"/></w:r>`;
const sdt = (inner: string) => `<w:sdt><w:sdtPr/><w:sdtContent>${inner}</w:sdtContent></w:sdt>`;

const rows: Array<{ name: string; paragraph: string; status: string; reason?: string; full?: boolean }> = [
  { name: 'a plain mention is linked', paragraph: `<w:p>${r('See Figure 1.')}</w:p>`, status: 'ready' },
  { name: 'inside an existing hyperlink', paragraph: `<w:p>${r('See ')}<w:hyperlink w:anchor="x">${r('Figure 1')}</w:hyperlink>${r('.')}</w:p>`, status: 'held', reason: 'inside an existing hyperlink' },
  { name: 'inside a REF field', paragraph: `<w:p>${r('See ')}${fieldAround('REF _Ref1 \\h', r('Figure 1'))}${r('.')}</w:p>`, status: 'held', reason: 'inside an existing cross-reference field' },
  { name: 'inside a Zotero citation field', paragraph: `<w:p>${r('See ')}${fieldAround('ADDIN ZOTERO_ITEM CSL_CITATION {}', r('Figure 1'))}${r('.')}</w:p>`, status: 'held', reason: 'inside a citation managed by Zotero, Mendeley or EndNote' },
  { name: 'wholly inside one content control', paragraph: `<w:p>${r('See ')}${sdt(r('Figure 1 here'))}</w:p>`, status: 'ready' },
  { name: 'across a content-control boundary (the whole label linked)', paragraph: `<w:p>${r('See Fig')}${sdt(r('ure 1 here'))}</w:p>`, status: 'held', reason: 'crosses a content-control boundary', full: true },
  { name: 'the number alone inside the content control', paragraph: `<w:p>${r('See Fig')}${sdt(r('ure 1 here'))}</w:p>`, status: 'ready' },
];

for (const row of rows) {
  test(row.name, async () => {
    const packet = scan(await buildDocx({ body: caption + row.paragraph }), parseSettings(row.full ? { figures: 'full' } : {}));
    const m = packet.matches.filter((x) => x.kind === 'figure' && x.location.paragraph === 1);
    assert.equal(m.length, 1, JSON.stringify(packet.matches));
    assert.equal(m[0]!.status, row.status);
    assert.equal(m[0]!.reason, row.reason);
  });
}

test('a DOI inside the reference list is linked: the list holds every kind but DOIs', async () => {
  const body = p('As shown before [1].') + p('References', 'Heading1') + p('1. Smith J. Growth. Nature. 2020;5:1–2. doi:10.1000/xyz.123') + caption;
  const packet = scan(await buildDocx({ body }), parseSettings({ doi: true }));
  const doi = packet.matches.find((m) => m.kind === 'doi' && m.location.paragraph === 2);
  assert.ok(doi, JSON.stringify(packet.matches));
  assert.notEqual(doi.status, 'held');
});
