// The pane's review part is taken out of what it exports: the manuscript's own parts stay, the
// package's relationships and content types no longer name the part, and a document without one
// comes back as the very same bytes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import JSZip from 'jszip';
import { stripReviewPart } from '../../../addin/docx/review-part.ts';
import { REVIEW_NAMESPACE } from '../../../addin/review/saved-review.ts';
import { summarizeDocx } from '../../../addin/docx/docx-summary.ts';
import { buildDocx, p } from '../../helpers/docx-builder.ts';

/** The part as Word writes a custom XML part: item, its properties, their relationship, the document's relationship and a content type. */
async function withPart(bytes: Uint8Array, n: number, xml: string): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(bytes);
  zip.file(`customXml/item${n}.xml`, xml);
  zip.file(`customXml/itemProps${n}.xml`, `<?xml version="1.0"?><ds:datastoreItem ds:itemID="{0000000${n}-0000-0000-0000-000000000000}" xmlns:ds="http://schemas.openxmlformats.org/officeDocument/2006/customXml"/>`);
  zip.file(`customXml/_rels/item${n}.xml.rels`, `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/customXmlProps" Target="itemProps${n}.xml"/></Relationships>`);
  const relsName = 'word/_rels/document.xml.rels';
  const rels = (await zip.file(relsName)?.async('string')) ?? '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>';
  zip.file(relsName, rels.replace('</Relationships>', `<Relationship Id="rIdX${n}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/customXml" Target="../customXml/item${n}.xml"/></Relationships>`));
  const types = await zip.file('[Content_Types].xml')!.async('string');
  zip.file('[Content_Types].xml', types.replace('</Types>', `<Override PartName="/customXml/itemProps${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.customXmlProperties+xml"/></Types>`));
  return zip.generateAsync({ type: 'uint8array' });
}

test('the review part is removed with its properties, relationship and content type; another tool’s part stays', async () => {
  const plain = await buildDocx({ body: p('As Figure 1 shows [1].') });
  const other = await withPart(plain, 1, '<links xmlns="urn:hyperlinker:links:1"/>');
  const both = await withPart(other, 2, `<review xmlns="${REVIEW_NAMESPACE}">{}</review>`);
  const stripped = await stripReviewPart(both);
  const zip = await JSZip.loadAsync(stripped);
  const names = Object.keys(zip.files).filter((n) => n.startsWith('customXml/') && !n.endsWith('/')).sort();
  assert.deepEqual(names, ['customXml/_rels/item1.xml.rels', 'customXml/item1.xml', 'customXml/itemProps1.xml']);
  const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
  assert.ok(rels.includes('customXml/item1.xml') && !rels.includes('customXml/item2.xml'));
  const types = await zip.file('[Content_Types].xml')!.async('string');
  assert.ok(types.includes('itemProps1.xml') && !types.includes('itemProps2.xml'));
  const original = await JSZip.loadAsync(plain);
  assert.equal(await zip.file('word/document.xml')!.async('string'), await original.file('word/document.xml')!.async('string'));
  assert.deepEqual((await summarizeDocx(stripped)).paragraphs, (await summarizeDocx(plain)).paragraphs);
});

test('a document without the part, and bytes that are not a zip, come back unchanged', async () => {
  const plain = await buildDocx({ body: p('Text.') });
  assert.equal(await stripReviewPart(plain), plain);
  const junk = new Uint8Array([1, 2, 3]);
  assert.equal(await stripReviewPart(junk), junk);
});
