// The Hyperlink character style: found in styles.xml (by id or by its built-in name), or created
// the way Word defines it (based on Default Paragraph Font, colour 0563C1, single underline).

import { REL, type DocxPackage } from '../package/docx.ts';
import { attr, childrenOf, el, findChild, rootOf, tagOf } from '../package/xml.ts';
import type { PackageEdit } from '../package/edit.ts';

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

/** Id of the Hyperlink character style, creating it when the document lacks it; null without a styles part. */
export function ensureHyperlinkStyle(edit: PackageEdit): string | null {
  const found = findHyperlinkStyle(edit.pkg);
  if (!found.part) return null;
  if (found.id) return found.id;
  const root = rootOf(edit.edit(found.part));
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
