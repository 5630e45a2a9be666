import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readZip, writeZip } from '../../../../server/engine/package/zip.ts';
import { openDocx } from '../../../../server/engine/package/docx.ts';
import { DocxRejectedError, type DocxRejectReason } from '../../../../server/engine/errors.ts';
import { buildDocx, p } from '../../../helpers/docx-builder.ts';
import { oleFile } from '../../../helpers/ole-file.ts';

const enc = new TextEncoder();

function rejects(fn: () => unknown, reason: DocxRejectReason) {
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof DocxRejectedError, `expected DocxRejectedError, got ${String(err)}`);
    assert.equal(err.reason, reason, err.message);
    return true;
  });
}

/** Offset of the first central-directory record of a zip written by writeZip. */
function centralOffset(zip: Uint8Array): number {
  const v = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  return v.getUint32(zip.length - 22 + 16, true);
}

test('round trip: writeZip output reads back, copied entries keep their bytes', () => {
  const zip = writeZip([{ name: 'a.txt', data: enc.encode('hello '.repeat(100)) }, { name: 'b/c.bin', data: new Uint8Array([1, 2, 3]), store: true }]);
  const archive = readZip(zip);
  assert.deepEqual(archive.names(), ['a.txt', 'b/c.bin']);
  assert.equal(archive.text('a.txt'), 'hello '.repeat(100));
  const copy = writeZip(archive.names().map((name) => ({ name, copyFrom: archive })));
  const again = readZip(copy);
  assert.deepEqual(again.raw('a.txt'), archive.raw('a.txt'));
  assert.deepEqual(Array.from(again.bytes('b/c.bin')), [1, 2, 3]);
});

test('empty file', () => rejects(() => readZip(new Uint8Array(0)), 'empty-file'));
test('random bytes are not a zip', () => rejects(() => readZip(enc.encode('this is not a zip file at all, just text '.repeat(5))), 'not-a-zip'));
test('a truncated zip', () => {
  const zip = writeZip([{ name: 'a.txt', data: enc.encode('x'.repeat(1000)) }]);
  rejects(() => readZip(zip.subarray(0, zip.length - 30)), 'truncated-zip');
});
test('an OLE compound file holding an encrypted package (password-protected DOCX) is reported as encrypted', () => {
  rejects(() => readZip(oleFile(['EncryptionInfo', 'EncryptedPackage'])), 'encrypted');
});
test('a Word 97–2003 .doc is named as such (legacy-doc), not encrypted', () => {
  assert.throws(() => readZip(oleFile(['WordDocument', '1Table'])), (err: unknown) => {
    assert.ok(err instanceof DocxRejectedError);
    assert.equal(err.reason, 'legacy-doc');
    assert.match(err.message, /this is a Word 97–2003 \.doc file: save it as \.docx/);
    return true;
  });
});
test('another OLE compound file (an Excel 97 workbook) is not a zip', () => rejects(() => readZip(oleFile(['Workbook'])), 'not-a-zip'));
test('an entry with the encryption flag', () => {
  const zip = writeZip([{ name: 'a.txt', data: enc.encode('secret') }]);
  const v = new DataView(zip.buffer);
  const cd = centralOffset(zip);
  v.setUint16(cd + 8, v.getUint16(cd + 8, true) | 1, true);
  rejects(() => readZip(zip), 'encrypted');
});
test('an unsupported compression method', () => {
  const zip = writeZip([{ name: 'a.txt', data: enc.encode('data') }]);
  new DataView(zip.buffer).setUint16(centralOffset(zip) + 10, 14, true);
  rejects(() => readZip(zip), 'unsupported-compression');
});
for (const name of ['../evil.xml', '/etc/passwd', 'word/../../x.xml', 'C:/windows/x', 'word\\..\\x']) {
  test(`path traversal: ${name}`, () => rejects(() => readZip(writeZip([{ name, data: enc.encode('x') }])), 'path-traversal'));
}
test('duplicate entry names (case-insensitive)', () => {
  rejects(() => readZip(writeZip([{ name: 'word/document.xml', data: enc.encode('a') }, { name: 'Word/Document.xml', data: enc.encode('b') }])), 'duplicate-entry');
});
test('too many entries', () => {
  const items = Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, data: enc.encode('x') }));
  rejects(() => readZip(writeZip(items), { maxEntries: 20, maxEntryBytes: 1e9, maxTotalBytes: 1e9, maxRatio: 1000, ratioFloorBytes: 1e6 }), 'too-many-entries');
});
test('a zip bomb: a package expanding far beyond its compressed size', () => {
  const zip = writeZip([{ name: 'word/document.xml', data: enc.encode('<w:document/>') }, { name: 'word/media/a.bin', data: new Uint8Array(64 * 1024 * 1024) }]);
  rejects(() => readZip(zip), 'compression-ratio-too-high');
});
test('a zip bomb spread over many entries, each of modest size, is refused by the package ratio', () => {
  const items = Array.from({ length: 40 }, (_, i) => ({ name: `word/media/p${i}.bin`, data: new Uint8Array(1024 * 1024) }));
  rejects(() => readZip(writeZip(items)), 'compression-ratio-too-high');
});
test('a real picture of 1.4 MB compressing 274:1 (an EMF saved again by a zip writer) is accepted', async () => {
  const emf = new Uint8Array(1_400_000); // mostly empty records, as large EMF pictures are
  let s = 7;
  for (let i = 0; i < emf.length; i += 1930) { s = (s * 1103515245 + 12345) >>> 0; emf[i] = s >>> 24; emf[i + 1] = (s >>> 16) & 255; }
  const base = readZip(await buildDocx({ body: p('See the picture.') }));
  const zip = writeZip([...base.names().map((name) => ({ name, data: base.bytes(name) })), { name: 'word/media/image1.emf', data: emf }]);
  const entry = readZip(zip).entries.find((e) => e.name === 'word/media/image1.emf')!;
  const ratio = entry.size / entry.compressedSize;
  assert.ok(ratio > 270 && ratio < 280, `the picture compresses ${ratio.toFixed(1)}:1`);
  assert.equal(openDocx(zip).zip.bytes('word/media/image1.emf').length, emf.length);
});
test('an entry declaring a huge size', () => {
  const zip = writeZip([{ name: 'a.bin', data: enc.encode('x'.repeat(100)) }]);
  new DataView(zip.buffer).setUint32(centralOffset(zip) + 24, 0xfffffff0, true);
  rejects(() => readZip(zip), 'entry-too-large');
});
test('total uncompressed size over the limit', () => {
  const items = Array.from({ length: 4 }, (_, i) => ({ name: `f${i}`, data: enc.encode('y'.repeat(4000)) }));
  rejects(() => readZip(writeZip(items), { maxEntries: 100, maxEntryBytes: 1e9, maxTotalBytes: 10_000, maxRatio: 1e6, ratioFloorBytes: 1e9 }), 'total-size-too-large');
});
test('an entry whose real size exceeds its declared size is corrupt (never inflated past the declaration)', () => {
  const zip = writeZip([{ name: 'a.txt', data: enc.encode('z'.repeat(5000)) }]);
  const v = new DataView(zip.buffer);
  v.setUint32(centralOffset(zip) + 24, 100, true);
  const archive = readZip(zip);
  rejects(() => archive.bytes('a.txt'), 'corrupt-entry');
});
test('a CRC mismatch is corrupt', () => {
  const zip = writeZip([{ name: 'a.txt', data: enc.encode('abc'.repeat(50)) }]);
  const v = new DataView(zip.buffer);
  v.setUint32(centralOffset(zip) + 16, 12345, true);
  rejects(() => readZip(zip).bytes('a.txt'), 'corrupt-entry');
});
test('garbage compressed data is corrupt', () => {
  const zip = writeZip([{ name: 'a.txt', data: enc.encode('hello world') }]);
  const archive = readZip(zip);
  const raw = archive.raw('a.txt');
  raw.fill(0xff);
  rejects(() => readZip(zip).bytes('a.txt'), 'corrupt-entry');
});

test('a zip without word/document.xml is rejected with missing-document-xml', () => {
  rejects(() => openDocx(writeZip([{ name: 'hello.txt', data: enc.encode('hi') }])), 'missing-document-xml');
});
test('a package whose officeDocument relationship points nowhere is missing-document-xml', () => {
  const zip = writeZip([
    { name: '[Content_Types].xml', data: enc.encode('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>') },
    { name: '_rels/.rels', data: enc.encode('<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/missing.xml"/></Relationships>') },
  ]);
  rejects(() => openDocx(zip), 'missing-document-xml');
});
test('a DOCX without [Content_Types].xml', () => {
  rejects(() => openDocx(writeZip([{ name: 'word/document.xml', data: enc.encode('<w:document/>') }])), 'missing-content-types');
});

async function docxWithDocument(xml: string): Promise<Uint8Array> {
  const base = readZip(await buildDocx({ body: p('x') }));
  return writeZip(base.names().map((name) => (name === 'word/document.xml' ? { name, data: enc.encode(xml) } : { name, copyFrom: base })));
}

test('billion laughs: a DOCTYPE with entities is refused before parsing', async () => {
  const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&lol2;</w:t></w:r></w:p></w:body></w:document>`;
  const pkg = openDocx(await docxWithDocument(bomb));
  rejects(() => pkg.xml('word/document.xml'), 'doctype-forbidden');
});
test('an external entity is refused (never resolved)', async () => {
  const xxe = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&x;</w:t></w:r></w:p></w:body></w:document>`;
  const pkg = openDocx(await docxWithDocument(xxe));
  rejects(() => pkg.xml('word/document.xml'), 'doctype-forbidden');
});
test('a document part that is not XML at all', async () => {
  const pkg = openDocx(await docxWithDocument('just some text, no markup'));
  rejects(() => pkg.xml('word/document.xml'), 'malformed-xml');
});
