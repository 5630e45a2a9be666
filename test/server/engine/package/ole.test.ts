// OLE compound files told apart by their streams: a Word 97–2003 .doc, a password-protected DOCX, anything else.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { oleKind } from '../../../../server/engine/package/ole.ts';
import { oleFile } from '../../../helpers/ole-file.ts';

test('a Word 97–2003 .doc (a WordDocument stream) is word-97', () => {
  assert.equal(oleKind(oleFile(['WordDocument', '1Table', '\u0005SummaryInformation'])), 'word-97');
});

test('a password-protected DOCX (EncryptionInfo, EncryptedPackage) is encrypted-ooxml', () => {
  assert.equal(oleKind(oleFile(['EncryptionInfo', 'EncryptedPackage'])), 'encrypted-ooxml');
});

test('another compound file (an Excel 97 workbook) is other; not a compound file is null', () => {
  assert.equal(oleKind(oleFile(['Workbook'])), 'other');
  assert.equal(oleKind(new TextEncoder().encode('PK\u0003\u0004 not ole')), null);
});

test('a stream name in a stream\'s contents, off an entry boundary or without its length field, is not an entry', () => {
  const text = new Uint8Array(1024);
  const name = 'WordDocument';
  for (let i = 0; i < name.length; i++) text[2 + i * 2] = name.charCodeAt(i); // UTF-16LE, 2 bytes off a boundary
  for (let i = 0; i < name.length; i++) text[512 + i * 2] = name.charCodeAt(i); // on a boundary, no length field
  assert.equal(oleKind(oleFile(['Workbook'], text)), 'other');
});
