import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { DocxRejectedError } from '../../../../server/engine/errors.ts';
import { parseLargeXml, SPLIT_AT } from '../../../../server/engine/package/parse-large.ts';
import { parseXmlBytes } from '../../../../server/engine/package/parse-part.ts';
import { parseXml } from '../../../../server/engine/package/xml.ts';
import { serializeXml } from '../../../helpers/xml.ts';
import { readZip } from '../../../../server/engine/package/zip.ts';
import { CORPUS_DIR, corpusFile } from '../../../helpers/corpus.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const PROLOG = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';

/** A paragraph with the shapes the byte scan must step over. */
function paragraph(i: number): string {
  return (
    `<w:p w:rsidR="00A${i % 7}"><w:pPr><w:pStyle w:val="Body"/></w:pPr>` +
    `<w:r><w:rPr><w:b/><w:sz w:val="24"/></w:rPr><w:t xml:space="preserve">Para ${i}: “quoted” é &amp; &lt;tag&gt; \uFEFF𝛼 </w:t></w:r>` +
    `<!-- a comment with <w:p> and > inside -->` +
    `<w:r><w:t>${'x'.repeat(i % 50)}</w:t></w:r>` +
    `<w:bookmarkStart w:id="${i}" w:name="a>b '${i}'"/><w:bookmarkEnd w:id="${i}"/>` +
    `<w:r><w:instrText xml:space="preserve"> HYPERLINK "http://x/?a=1&amp;b='2'" </w:instrText></w:r>` +
    `<w:customXml w:element='e"${i}'><w:r><w:t>&#x2013;</w:t></w:r></w:customXml>` +
    `</w:p>\r\n`
  );
}

/** A body past SPLIT_AT with a table past SPLIT_AT inside it (split again), text and markup between children. */
function largeDocument(): string {
  const parts: string[] = [PROLOG, '<w:document xmlns:w="urn:w" xmlns:x=\'urn:x\'>\n  <w:body>\n'];
  let size = 0;
  for (let i = 0; size < SPLIT_AT * 0.7; i++) { const p = paragraph(i); parts.push(p); size += p.length; }
  parts.push('<?hl-pi some data?>\n<w:tbl><w:tblPr/>');
  for (let i = 0; size < SPLIT_AT * 2.2; i++) { const row = `<w:tr><w:tc>${paragraph(i)}</w:tc></w:tr>\n`; parts.push(row); size += row.length; }
  parts.push('</w:tbl>\n');
  for (let i = 0; i < 200; i++) parts.push(paragraph(i));
  parts.push('<w:sectPr><w:pgSz w:w="11906"/></w:sectPr>\n  </w:body >\n</w:document>\r\n');
  return parts.join('');
}

test('a large part parsed element by element equals the whole-text parse, and serialises back byte for byte', () => {
  const xml = largeDocument();
  const bytes = encoder.encode(xml);
  assert.ok(bytes.length > SPLIT_AT * 2);
  const large = parseLargeXml(bytes);
  assert.ok(large, 'the large parse handles the document');
  assert.deepEqual(large, parseXml(xml, 'word/document.xml'));
  assert.equal(decoder.decode(serializeXml(large)), decoder.decode(serializeXml(parseXml(xml))));
  assert.deepEqual(parseXmlBytes(bytes, 'word/document.xml', { lean: true }), large);
  assert.deepEqual(parseXmlBytes(bytes, 'word/document.xml'), large, 'the whole-text parse (not lean) builds the same tree');
});

test('a byte order mark at the start is dropped as decoding the whole part drops it; elsewhere it is text', () => {
  const xml = largeDocument();
  const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode(xml)]);
  const large = parseLargeXml(bytes)!;
  assert.equal(large.prolog, PROLOG);
  assert.deepEqual(large, parseXml(decoder.decode(bytes)));
});

test('every XML part of every corpus document parses to the same tree both ways', () => {
  let parts = 0;
  for (const name of readdirSync(CORPUS_DIR).filter((f) => f.endsWith('.docx'))) {
    const zip = readZip(corpusFile(name));
    for (const part of zip.names().filter((n) => /\.(xml|rels)$/.test(n))) {
      const bytes = zip.bytes(part);
      const large = parseLargeXml(bytes);
      if (large) { assert.deepEqual(large, parseXml(zip.text(part), part), `${name} ${part}`); parts++; }
    }
  }
  assert.ok(parts > 300);
});

function rejection(fn: () => unknown): string {
  try { fn(); } catch (err) { assert.ok(err instanceof DocxRejectedError); return err.reason; }
  return 'accepted';
}

test('what the byte scan does not expect makes it give up, and the part is rejected with a reason', () => {
  const xml = largeDocument();
  const cases: [string, string][] = [
    ['unclosed element', xml.replace('</w:document>', '')],
    ['mismatched end tag', xml.replace('</w:body >', '</w:bodx>')],
    ['end tag in the middle', xml.replace('<w:tbl>', '</w:p><w:tbl>')],
    ['content after the root', xml.replace(/\r\n$/, '<extra/>')],
    ['DOCTYPE', xml.replace(PROLOG, PROLOG + '<!DOCTYPE w:document [<!ENTITY e "x">]>')],
    ['unterminated comment', xml.replace('</w:body >', '<!-- never closed </w:body >')],
    ['unterminated attribute value', xml.replace('w:w="11906"', 'w:w="11906')],
  ];
  for (const [label, text] of cases) {
    const bytes = encoder.encode(text);
    assert.equal(parseLargeXml(bytes), null, `${label}: the byte scan gives up`);
    const expected = label === 'DOCTYPE' ? 'doctype-forbidden' : 'malformed-xml';
    assert.equal(rejection(() => parseXmlBytes(bytes, 'word/document.xml', { lean: true })), expected, label);
    assert.equal(rejection(() => parseXmlBytes(bytes, 'word/document.xml')), expected, label);
  }
});

test('nesting deeper than the parser allows is rejected as the whole-part parse rejects it', () => {
  const deep = PROLOG + '<w:document><w:body>' + '<w:sdt>'.repeat(150) + '</w:sdt>'.repeat(150) + '<w:p>' + 'y'.repeat(SPLIT_AT) + '</w:p></w:body></w:document>';
  assert.equal(rejection(() => parseXmlBytes(encoder.encode(deep), 'word/document.xml', { lean: true })), 'malformed-xml');
});

test('a chain of nested large elements is split only a few levels deep, and still parses to the same tree', () => {
  const inner = Array.from({ length: 2500 }, (_, i) => paragraph(i)).join('');
  const open = '<w:sdt><w:sdtContent>'.repeat(8), close = '</w:sdtContent></w:sdt>'.repeat(8);
  const xml = `${PROLOG}<w:document xmlns:w="urn:w"><w:body>${open}${inner}${close}</w:body></w:document>`;
  const bytes = encoder.encode(xml);
  assert.ok(bytes.length > SPLIT_AT);
  const large = parseLargeXml(bytes);
  assert.ok(large);
  assert.deepEqual(large, parseXml(xml));
});
