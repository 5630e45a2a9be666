// The engine's link records read out of a DOCX for the pane to write back below WordApi 1.6: every customXml item
// of the links namespace, in part-name order, without BOM or XML declaration; other custom XML parts (the saved
// review, a reference manager's) and parts outside customXml/itemN.xml are left out.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import JSZip from 'jszip';
import { linkRecordParts } from '../../../addin/docx/link-records.ts';
import { PERSISTED_NS } from '../../../addin/docx/docx-summary.ts';

const record = (n: number) => `<hl:links xmlns:hl="${PERSISTED_NS}"><hl:link id="${n}"/></hl:links>`;

async function docxBase64(parts: Record<string, string>): Promise<string> {
  const zip = new JSZip();
  zip.file('word/document.xml', '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>');
  for (const [name, text] of Object.entries(parts)) zip.file(name, text);
  return Buffer.from(await zip.generateAsync({ type: 'uint8array' })).toString('base64');
}

test('the link records, in part order, with BOM and declaration stripped; other parts left out', async () => {
  const b64 = await docxBase64({
    'customXml/item2.xml': `\uFEFF<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${record(2)}`,
    'customXml/item1.xml': record(1),
    'customXml/item3.xml': '<review xmlns="urn:hyperlinker:review:1"/>',
    'customXml/itemProps1.xml': `<ds:datastoreItem xmlns:ds="x">${PERSISTED_NS}</ds:datastoreItem>`,
    'word/custom.xml': record(9),
  });
  assert.deepEqual(await linkRecordParts(b64), [record(1), record(2)]);
});

test('a document without link records gives none', async () => {
  assert.deepEqual(await linkRecordParts(await docxBase64({ 'customXml/item1.xml': '<b:Sources xmlns:b="http://schemas.openxmlformats.org/officeDocument/2006/bibliography"/>' })), []);
});
