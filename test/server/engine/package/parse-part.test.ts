// Which parse a part's bytes get (server/engine/package/parse-part.ts): decoded (UTF-16 converted), a DTD refused,
// bad nesting refused, then one tree whether it is built lean or read once. (Large parts element by element, and
// the same rejections there: parse-large.test.ts.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DocxRejectedError } from '../../../../server/engine/errors.ts';
import { parseXmlBytes } from '../../../../server/engine/package/parse-part.ts';

const XML = '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>é &amp; 𝛼</w:t></w:r></w:p></w:body></w:document>';

function rejection(fn: () => unknown): string {
  try { fn(); } catch (err) { assert.ok(err instanceof DocxRejectedError); return err.reason; }
  return 'accepted';
}

test('a small part gives the same tree lean or not, and a UTF-16 part the same as its UTF-8', () => {
  const utf8 = new TextEncoder().encode(XML);
  const tree = parseXmlBytes(utf8, 'word/document.xml');
  assert.deepEqual(parseXmlBytes(utf8, 'word/document.xml', { lean: true }), tree);
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(XML.replace('UTF-8', 'UTF-16'), 'utf16le')]);
  assert.deepEqual(parseXmlBytes(new Uint8Array(utf16), 'word/document.xml').nodes, tree.nodes);
});

test('a DTD is refused, and tags that do not nest', () => {
  const dtd = XML.replace('?>', '?><!DOCTYPE w:document [<!ENTITY e "x">]>');
  assert.equal(rejection(() => parseXmlBytes(new TextEncoder().encode(dtd), 'word/document.xml')), 'doctype-forbidden');
  const bad = XML.replace('</w:body>', '</w:bodx>');
  assert.equal(rejection(() => parseXmlBytes(new TextEncoder().encode(bad), 'word/document.xml', { lean: true })), 'malformed-xml');
});
