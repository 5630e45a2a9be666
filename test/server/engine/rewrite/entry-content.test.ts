// One reference entry's paragraph in a rewrite (server/engine/rewrite/entry-content.ts): what it holds that
// must be kept (paragraph properties, bookmarks, links) or that holds it as written (fields, drawings, note
// references), and the new content: formatted runs, the style's formatting replacing the entry's, each link
// re-wrapped around the same text, bookmarks kept, list numbering dropped only when asked.

import { causeText } from '../../../../shared/causes.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect, rebuild, sameText, unplacedLink, type Inspected } from '../../../../server/engine/rewrite/entry-content.ts';
import type { XmlNode } from '../../../../server/engine/package/xml.ts';
import { buildXml, parseNodes } from '../../../helpers/xml.ts';
import { W_NS } from '../../../helpers/docx-builder.ts';

/** The w:p element of a paragraph snippet. */
function para(inner: string): XmlNode {
  const root = parseNodes(`<w:document ${W_NS}><w:p>${inner}</w:p></w:document>`).find((n) => 'w:document' in n)!;
  return (root['w:document'] as XmlNode[]).find((n) => 'w:p' in n)!;
}

const xmlOf = (nodes: XmlNode[]) => buildXml({ prolog: '', nodes, epilogue: '' });

function inspected(p: XmlNode): Inspected {
  const keep = inspect(p);
  if ('code' in keep) assert.fail(causeText(keep));
  return keep;
}

const PPR = '<w:pPr><w:pStyle w:val="Bibliography"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="3"/></w:numPr></w:pPr>';
const ENTRY = `${PPR}<w:bookmarkStart w:id="7" w:name="_Ref1"/>`
  + '<w:r><w:rPr><w:rFonts w:ascii="Times"/><w:b/><w:i/></w:rPr><w:t xml:space="preserve">Brown A. Moss in the city. </w:t></w:r>'
  + '<w:hyperlink r:id="rId9"><w:r><w:rPr><w:rStyle w:val="Hyperlink"/></w:rPr><w:t>doi:10.1234/moss</w:t></w:r></w:hyperlink>'
  + '<w:bookmarkEnd w:id="7"/>';

test('inspect keeps the paragraph properties, bookmarks, links with their text and look, and the first text run\'s properties', () => {
  const keep = inspected(para(ENTRY));
  assert.ok(keep.pPr && 'w:pPr' in keep.pPr);
  assert.equal(keep.bookmarkStarts.length, 1);
  assert.equal(keep.bookmarkEnds.length, 1);
  assert.deepEqual(keep.links.map((l) => l.text), ['doi:10.1234/moss']);
  assert.match(xmlOf([keep.links[0]!.rPr!]), /w:rStyle w:val="Hyperlink"/);
  assert.match(xmlOf([keep.baseRPr!]), /w:rFonts/);
});

test('inspect refuses a paragraph holding a field, a tracked change or a note reference, naming what holds it', () => {
  assert.deepEqual(inspect(para('<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:t>Brown A.</w:t></w:r>')), { code: 'holdsElement', values: { element: 'w:fldChar' } });
  assert.deepEqual(inspect(para('<w:r><w:t>Brown A.</w:t></w:r><w:ins w:id="1"><w:r><w:t>new</w:t></w:r></w:ins>')), { code: 'holdsElement', values: { element: 'w:ins' } });
  assert.deepEqual(inspect(para('<w:r><w:footnoteReference w:id="2"/></w:r>')), { code: 'holdsElement', values: { element: 'w:footnoteReference' } });
  assert.deepEqual(inspect(para('<w:hyperlink r:id="rId1"><w:fldSimple w:instr="PAGE"/></w:hyperlink>')), { code: 'linkHoldsElement', values: { element: 'w:fldSimple' } });
});

test('rebuild writes the style\'s formatting over the entry\'s own, keeps the font, the link (same id, same look) and the bookmarks', () => {
  const p = para(ENTRY);
  const out = rebuild(p, inspected(p), '[2] ', [{ text: 'Brown A. ' }, { text: 'Moss in the city', italic: true }, { text: '. doi:10.1234/moss' }]);
  if (!Array.isArray(out)) assert.fail(causeText(out));
  const xml = xmlOf(out);
  // Order: paragraph properties, bookmark start, runs, the link, bookmark end.
  assert.match(xml, /^<w:pPr>.*<w:numPr>.*<\/w:pPr><w:bookmarkStart [^>]*\/><w:r>.*<w:hyperlink r:id="rId9">.*<\/w:hyperlink><w:bookmarkEnd [^>]*\/>$/);
  const texts = [...xml.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]);
  assert.deepEqual(texts, ['[2] ', 'Brown A. ', 'Moss in the city', '. ', 'doi:10.1234/moss']);
  // The entry's bold and italic are the old style's: gone; the font stays; the title is italic as the style says.
  assert.doesNotMatch(xml, /<w:b\/>/);
  assert.equal((xml.match(/<w:rFonts/g) ?? []).length, 4, 'every plain run keeps the font');
  assert.match(xml, /<w:i\/><\/w:rPr><w:t xml:space="preserve">Moss in the city</);
  assert.match(xml, /<w:hyperlink r:id="rId9"><w:r><w:rPr><w:rStyle w:val="Hyperlink"\/><\/w:rPr><w:t xml:space="preserve">doi:10.1234\/moss</);
});

test('rebuild drops the list numbering only when asked, and refuses when a link\'s text has no place in the new entry', () => {
  const p = para(ENTRY);
  const keep = inspected(p);
  const dropped = rebuild(p, keep, '', [{ text: 'Brown, A. (2001). Moss. https://doi.org/10.1234/moss doi:10.1234/moss' }], true);
  assert.ok(Array.isArray(dropped));
  const xml = xmlOf(dropped);
  assert.doesNotMatch(xml, /w:numPr/);
  assert.match(xml, /w:pStyle w:val="Bibliography"/);
  assert.match(xmlOf([keep.pPr!]), /w:numPr/, 'the paragraph as written is not changed');
  assert.deepEqual(rebuild(p, keep, '', [{ text: 'Brown A. Moss in the city.' }]), { code: 'linkUnplaced', values: { text: 'doi:10.1234/moss' } });
});

test('unplacedLink and sameText: case and white space do not matter, a missing text is named', () => {
  assert.equal(unplacedLink('Brown A. Moss. DOI:10.1234/MOSS', ['doi:10.1234/moss', '  ']), null);
  assert.equal(causeText(unplacedLink('Brown A. Moss.', ['Moss', 'Frost in the city'])!), 'its link on "Frost in the city" has no place in the new entry');
  assert.ok(sameText(' Brown A.\tMoss  in the city. ', 'Brown A. Moss in the city.'));
  assert.ok(!sameText('Brown A. Moss in the city.', 'Brown A. moss in the city.'));
});

test('a link on the whole entry as written (label aside) lands on the whole new entry; a link on the title on the new title', () => {
  const moves = { entryText: '[2] Brown A. Moss in the city.', title: { written: 'Moss in the city', rendered: 'Moss in the City' } };
  assert.equal(unplacedLink('Brown, A. (2001). Moss in the city.', ['Brown A. Moss in the city.'], moves), null);
  assert.equal(unplacedLink('Brown, A. (2001). Moss.', ['Moss in the city'], moves), null, 'a title link falls back on the whole entry');
  assert.deepEqual(unplacedLink('Brown, A. (2001). Moss.', ['Frost in the city'], moves), { code: 'linkUnplaced', values: { text: 'Frost in the city' } });
  const whole = '<w:r><w:t xml:space="preserve">[2] </w:t></w:r><w:hyperlink r:id="rId4"><w:r><w:t>Brown A. Moss in the city.</w:t></w:r></w:hyperlink>';
  const p = para(whole);
  const out = rebuild(p, inspected(p), '[1] ', [{ text: 'Brown, A. (2001). ' }, { text: 'Moss in the city', italic: true }, { text: '. ' }], false, moves);
  if (!Array.isArray(out)) assert.fail(causeText(out));
  const xml = xmlOf(out);
  // The label stays outside the link; the new entry (trailing space aside) is inside it, formatting kept.
  assert.match(xml, /^<w:r><w:t xml:space="preserve">\[1\] <\/w:t><\/w:r><w:hyperlink r:id="rId4">.*Brown, A\. \(2001\)\. .*<w:i\/>.*Moss in the city.*<\/w:hyperlink><w:r><w:t xml:space="preserve"> <\/w:t><\/w:r>$/);
  // Without the moves, the same link has no place in the new entry.
  const unplaced = rebuild(p, inspected(p), '[1] ', [{ text: 'Brown, A. (2001). Moss in the city.' }]);
  assert.equal(Array.isArray(unplaced), false);
  assert.match(causeText(unplaced as Exclude<typeof unplaced, unknown[]>), /has no place/);
  // A link on the title as written lands on the title as rendered (another case, no final period).
  const titled = para('<w:r><w:t xml:space="preserve">[2] Brown A. </w:t></w:r><w:hyperlink r:id="rId5"><w:r><w:t>Moss in the city</w:t></w:r></w:hyperlink><w:r><w:t>. J Bot. 2001.</w:t></w:r>');
  const moved = rebuild(titled, inspected(titled), '[1] ', [{ text: 'Brown, A. (2001). “Moss in the City.” ' }, { text: 'Journal of Botany', italic: true }, { text: '.' }], false, moves);
  if (!Array.isArray(moved)) assert.fail(causeText(moved));
  assert.match(xmlOf(moved), /<w:hyperlink r:id="rId5"><w:r><w:t xml:space="preserve">Moss in the City<\/w:t><\/w:r><\/w:hyperlink>/);
});
