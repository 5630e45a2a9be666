// The Hyperlink character style: found in styles.xml (by id or by its built-in name), or created
// the way Word defines it (based on Default Paragraph Font, colour 0563C1, single underline). A document
// without a styles part gets one holding only that style (with its relationship and content type): a
// styles part without document defaults leaves every other run as the application's defaults had it,
// and without a style the links had a colour only (no underline), which LibreOffice's PDF export dropped.

import { REL, type DocxPackage } from '../package/docx.ts';
import { attr, childrenOf, el, findChild, parseXml, rootOf, tagOf, type XmlNode } from '../package/xml.ts';
import type { PackageEdit } from '../package/edit.ts';

const STYLES_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml';
const W_MAIN = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const W_MAIN_STRICT = 'http://purl.oclc.org/ooxml/wordprocessingml/main';

/** Id of the document's Hyperlink style, without changing anything; null when absent. */
export function findHyperlinkStyle(pkg: DocxPackage): { part: string | null; id: string | null; defaultFontId: string | null } {
  const part = pkg.related(pkg.mainPart, REL.styles) ?? null;
  if (!part) return { part: null, id: null, defaultFontId: null };
  let id: string | null = null, defaultFontId: string | null = null;
  for (const s of childrenOf(rootOf(pkg.xml(part)))) {
    if (tagOf(s) !== 'w:style' || attr(s, 'w:type') !== 'character') continue;
    const sid = attr(s, 'w:styleId') ?? '';
    const name = (attr(findChild(s, 'w:name') ?? {}, 'w:val') ?? '').toLowerCase();
    if (name === 'hyperlink' || (id === null && sid === 'Hyperlink')) id = sid;
    if (name === 'default paragraph font' || (attr(s, 'w:default') === '1' && defaultFontId === null)) defaultFontId = sid;
  }
  return { part, id, defaultFontId };
}

/** A new styles part beside the main document, related to it, with its content type; its root element. */
function createStylesPart(edit: PackageEdit): XmlNode {
  const main = edit.pkg.mainPart;
  const dir = main.includes('/') ? main.slice(0, main.lastIndexOf('/') + 1) : '';
  let name = 'styles.xml';
  for (let n = 2; edit.has(dir + name); n++) name = `styles${n}.xml`;
  const doc = parseXml(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<w:styles xmlns:w="${edit.strict ? W_MAIN_STRICT : W_MAIN}"></w:styles>`, dir + name);
  edit.addPart(dir + name, doc, STYLES_TYPE);
  edit.relationship(main, REL.styles, name, false);
  return rootOf(doc);
}

/** Id of the Hyperlink character style, creating it (and the styles part, when missing) if the document lacks it. */
export function ensureHyperlinkStyle(edit: PackageEdit): string {
  const found = findHyperlinkStyle(edit.pkg);
  if (found.id) return found.id;
  const root = found.part ? rootOf(edit.edit(found.part)) : createStylesPart(edit);
  const kids = [
    el('w:name', { 'w:val': 'Hyperlink' }),
    ...(found.defaultFontId ? [el('w:basedOn', { 'w:val': found.defaultFontId })] : []),
    el('w:uiPriority', { 'w:val': '99' }),
    el('w:unhideWhenUsed', null),
    el('w:rPr', null, [el('w:color', { 'w:val': '0563C1', 'w:themeColor': 'hyperlink' }), el('w:u', { 'w:val': 'single' })]),
  ];
  childrenOf(root).push(el('w:style', { 'w:type': 'character', 'w:styleId': 'Hyperlink' }, kids));
  return 'Hyperlink';
}
