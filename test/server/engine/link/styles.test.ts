// The Hyperlink character style: found by its built-in name or id, or created as Word defines it (based
// on the default paragraph font, colour 0563C1, single underline); in a new styles part when the document has none.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ensureHyperlinkStyle, findHyperlinkStyle } from '../../../../server/engine/link/styles.ts';
import { openDocx } from '../../../../server/engine/package/docx.ts';
import { PackageEdit } from '../../../../server/engine/package/edit.ts';
import { REL } from '../../../../server/engine/package/docx.ts';
import { attr, childrenOf, findChild, rootOf, tagOf } from '../../../../server/engine/package/xml.ts';
import { buildDocx, p } from '../../../helpers/docx-builder.ts';

const charStyle = (id: string, name: string, extra = '') => `<w:style w:type="character"${extra} w:styleId="${id}"><w:name w:val="${name}"/></w:style>`;
const open = async (styles: string) => openDocx(await buildDocx({ body: p('Text.'), styles }));

test('found by its built-in name whatever its id (a localised document), else by the id Hyperlink', async () => {
  const byName = await open(charStyle('Lienhypertexte', 'Hyperlink') + charStyle('DefaultParagraphFont', 'Default Paragraph Font', ' w:default="1"'));
  assert.deepEqual(findHyperlinkStyle(byName), { part: 'word/styles.xml', id: 'Lienhypertexte', defaultFontId: 'DefaultParagraphFont' });
  const byId = await open(charStyle('Hyperlink', 'Link'));
  assert.equal(findHyperlinkStyle(byId).id, 'Hyperlink');
});

test('an existing style is used as it is: nothing is edited', async () => {
  const edit = new PackageEdit(await open(charStyle('Hyperlink', 'hyperlink')));
  assert.equal(ensureHyperlinkStyle(edit), 'Hyperlink');
  assert.equal(edit.changed.size, 0);
});

test('a missing style is created as Word defines it, based on the default paragraph font', async () => {
  const edit = new PackageEdit(await open(charStyle('DPF', 'Default Paragraph Font')));
  assert.equal(ensureHyperlinkStyle(edit), 'Hyperlink');
  const style = childrenOf(rootOf(edit.edit('word/styles.xml'))).find((s) => tagOf(s) === 'w:style' && attr(s, 'w:styleId') === 'Hyperlink')!;
  assert.equal(attr(findChild(style, 'w:basedOn')!, 'w:val'), 'DPF');
  const rPr = findChild(style, 'w:rPr')!;
  assert.equal(attr(findChild(rPr, 'w:color')!, 'w:val'), '0563C1');
  assert.equal(attr(findChild(rPr, 'w:u')!, 'w:val'), 'single');
  assert.deepEqual([...edit.changed], ['word/styles.xml']);
});

test('a document without a styles part gets one (relationship and content type) holding the Hyperlink style', async () => {
  const pkg = openDocx(await buildDocx({ body: p('Text.'), styles: null }));
  assert.equal(findHyperlinkStyle(pkg).part, null);
  const edit = new PackageEdit(pkg);
  assert.equal(ensureHyperlinkStyle(edit), 'Hyperlink');
  const again = openDocx(edit.write());
  assert.equal(again.related(again.mainPart, REL.styles), 'word/styles.xml');
  assert.deepEqual(findHyperlinkStyle(again), { part: 'word/styles.xml', id: 'Hyperlink', defaultFontId: null });
  const types = again.zip.text('[Content_Types].xml');
  assert.match(types, /<Override PartName="\/word\/styles.xml" ContentType="application\/vnd.openxmlformats-officedocument.wordprocessingml.styles\+xml"\/>/);
  const rPr = findChild(childrenOf(rootOf(again.xml('word/styles.xml'))).find((s) => tagOf(s) === 'w:style')!, 'w:rPr')!;
  assert.equal(attr(findChild(rPr, 'w:u')!, 'w:val'), 'single');
});

test('a part named styles.xml that the document does not relate to is left alone: the new part takes another name', async () => {
  const pkg = openDocx(await buildDocx({ body: p('Text.'), styles: null, extraParts: { 'word/styles.xml': '<x/>' } }));
  const edit = new PackageEdit(pkg);
  ensureHyperlinkStyle(edit);
  const again = openDocx(edit.write());
  assert.equal(again.related(again.mainPart, REL.styles), 'word/styles2.xml');
  assert.equal(again.zip.text('word/styles.xml'), '<x/>');
});
