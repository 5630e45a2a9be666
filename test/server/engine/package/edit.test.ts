import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REL } from '../../../../server/engine/package/docx.ts';
import { PackageEdit } from '../../../../server/engine/package/edit.ts';
import { openDocx } from '../../../../server/engine/package/docx.ts';
import { writeZip } from '../../../../server/engine/package/zip.ts';

const enc = new TextEncoder();
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  `<Relationship Id="rIdHl1" Type="${REL.hyperlink}" Target="https://doi.org/10.1/old" TargetMode="External"/>` +
  `<Relationship Id="rIdHl2" Type="${REL.styles}" Target="styles.xml"/></Relationships>`;

function edit(): PackageEdit {
  return new PackageEdit(openDocx(writeZip([
    { name: '[Content_Types].xml', data: enc.encode('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/></Types>') },
    { name: '_rels/.rels', data: enc.encode(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`) },
    { name: 'word/document.xml', data: enc.encode('<w:document xmlns:w="urn:w"><w:body><w:p/></w:body></w:document>') },
    { name: 'word/_rels/document.xml.rels', data: enc.encode(RELS) },
  ])));
}

test('relationship() reuses an identical relationship, and new ids skip the ids already in the part', () => {
  const e = edit();
  const part = 'word/document.xml';
  assert.equal(e.relationship(part, REL.hyperlink, 'https://doi.org/10.1/old', true), 'rIdHl1');
  const a = e.relationship(part, REL.hyperlink, 'https://doi.org/10.1/a', true);
  const b = e.relationship(part, REL.hyperlink, 'https://doi.org/10.1/b', true);
  assert.deepEqual([a, b], ['rIdHl3', 'rIdHl4']);
  assert.equal(e.relationship(part, REL.hyperlink, 'https://doi.org/10.1/a', true), a, 'the relationship added in this run is reused');
  assert.equal(e.relationship(part, REL.hyperlink, 'https://doi.org/10.1/a', false), 'rIdHl5', 'an internal target is another relationship');
  assert.ok(e.changed.has('word/_rels/document.xml.rels'));
  const ids = e.rels(part).map((r) => r.id);
  assert.deepEqual(ids, ['rIdHl1', 'rIdHl2', 'rIdHl3', 'rIdHl4', 'rIdHl5']);
});

test('a part without a rels part gets one, numbered from rIdHl1', () => {
  const e = edit();
  assert.equal(e.relationship('word/footnotes.xml', REL.hyperlink, 'https://doi.org/10.1/x', true), 'rIdHl1');
  assert.deepEqual(e.rels('word/footnotes.xml').map((r) => [r.id, r.target, r.targetMode]), [['rIdHl1', 'https://doi.org/10.1/x', 'External']]);
});
