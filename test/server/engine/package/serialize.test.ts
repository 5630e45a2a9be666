import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { XMLBuilder } from 'fast-xml-parser';
import { readZip } from '../../../../server/engine/package/zip.ts';
import { parseXml } from '../../../../server/engine/package/xml.ts';
import { serializeXmlTo } from '../../../../server/engine/package/serialize.ts';
import { serializeXml } from '../../../helpers/xml.ts';
import { CORPUS_DIR, corpusFile } from '../../../helpers/corpus.ts';

const builder = new XMLBuilder({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '@_', processEntities: false, suppressEmptyNode: true, format: false, commentPropName: '#comment' });
const decoder = new TextDecoder();

test('serializeXml writes exactly what fast-xml-parser\'s builder writes, and round-trips Word XML', () => {
  const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<w:document xmlns:w="urn:w"><w:body><w:p w:rsidR="00A1"><w:r><w:t xml:space="preserve">A &amp; B &lt;c&gt; “q”</w:t></w:r><w:r><w:tab/></w:r><w:bookmarkStart w:id="0" w:name="_Ref1"/></w:p></w:body></w:document>\n`;
  const doc = parseXml(xml, 'x.xml');
  assert.equal(decoder.decode(serializeXml(doc)), xml);
  assert.equal(decoder.decode(serializeXml(doc)), doc.prolog + builder.build(doc.nodes) + doc.epilogue);
});

test('on every XML part of every corpus document, the output equals the builder\'s', () => {
  let parts = 0;
  for (const name of readdirSync(CORPUS_DIR).filter((f) => f.endsWith('.docx'))) {
    const zip = readZip(corpusFile(name));
    for (const part of zip.names().filter((n) => /\.(xml|rels)$/.test(n))) {
      const doc = parseXml(zip.text(part), part);
      assert.equal(decoder.decode(serializeXml(doc)), doc.prolog + builder.build(doc.nodes) + doc.epilogue, `${name} ${part}`);
      parts++;
    }
  }
  assert.ok(parts > 300);
});

test('serializeXmlTo: long texts and many small tags, multibyte characters across chunk boundaries, give the same bytes', () => {
  const long = 'é€😀'.repeat(40_000); // 160,000 UTF-16 units: larger than the writer's buffer on its own
  const runs = Array.from({ length: 20_000 }, (_, i) => `<w:r><w:t>${i % 7 ? 'ü' : 'x'}${i}</w:t></w:r>`).join('');
  const xml = `<w:document xmlns:w="urn:w"><w:body><w:p>${runs}</w:p><w:p><w:r><w:t>${long}</w:t></w:r></w:p><w:p>${runs}</w:p></w:body></w:document>`;
  const doc = parseXml(xml, 'x.xml');
  const chunks: Uint8Array[] = [];
  serializeXmlTo(doc, (c) => chunks.push(Buffer.from(c)));
  assert.ok(chunks.length > 3, `${chunks.length} chunks`);
  assert.ok(chunks.every((c) => c.length <= 160_000 * 3), 'no chunk holds the whole part');
  assert.equal(decoder.decode(Buffer.concat(chunks)), xml);
});
