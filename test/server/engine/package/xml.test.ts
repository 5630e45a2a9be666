import { test } from 'node:test';
import assert from 'node:assert/strict';
import { attr, childrenOf, CompactPool, parseXml, rootOf, setAttr, type XmlNode } from '../../../../server/engine/package/xml.ts';
import { serializeXml } from '../../../helpers/xml.ts';

const xml = '<w:document xmlns:w="urn:w"><w:body><w:p><w:r><w:t xml:space="preserve">one </w:t></w:r><w:r><w:t xml:space="preserve">two </w:t></w:r></w:p></w:body></w:document>';

function texts(doc: ReturnType<typeof parseXml>): XmlNode[] {
  const p = childrenOf(childrenOf(rootOf(doc))[0]!)[0]!;
  return childrenOf(p).map((r) => childrenOf(r)[0]!);
}

test('compacted, identical attribute sets of a part are one frozen object, and setAttr replaces rather than changes it', () => {
  const doc = parseXml(xml, 'x.xml', new CompactPool());
  const [a, b] = texts(doc) as [XmlNode, XmlNode];
  assert.equal(a[':@'], b[':@']);
  assert.ok(Object.isFrozen(a[':@']));
  assert.throws(() => { (a[':@'] as Record<string, string>)['@_xml:space'] = 'default'; }, TypeError);

  setAttr(a, 'xml:space', 'default');
  setAttr(a, 'w:x', 'a"b');
  assert.equal(attr(a, 'xml:space'), 'default');
  assert.equal(attr(a, 'w:x'), 'a"b');
  assert.equal(attr(b, 'xml:space'), 'preserve');
  assert.equal(new TextDecoder().decode(serializeXml(doc)), xml.replace('<w:t xml:space="preserve">one', '<w:t xml:space="default" w:x="a&quot;b">one'));
});

test('not compacted, each element keeps its own attribute object', () => {
  const [a, b] = texts(parseXml(xml)) as [XmlNode, XmlNode];
  assert.notEqual(a[':@'], b[':@']);
  assert.deepEqual(a[':@'], b[':@']);
  assert.ok(!Object.isFrozen(a[':@']));
});
