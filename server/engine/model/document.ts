// Builds the document model of a package: the main document, then footnotes and endnotes.

import { REL, type DocxPackage } from '../package/docx.ts';
import { attr, findChild, rootOf, type XmlDocument } from '../package/xml.ts';
import { readNumbering } from './numbering.ts';
import { readStyles } from './styles.ts';
import type { DocumentModel, ModelPart } from './types.ts';
import { walkPart } from './walk-part.ts';

export function buildModel(pkg: DocxPackage): DocumentModel {
  const main = pkg.mainPart;
  const stylesPart = pkg.related(main, REL.styles);
  const numberingPart = pkg.related(main, REL.numbering);
  const styles = readStyles(stylesPart ? pkg.xml(stylesPart) : undefined);
  const numbering = readNumbering(numberingPart ? pkg.xml(numberingPart) : undefined);

  const storyParts = [main, pkg.related(main, REL.footnotes), pkg.related(main, REL.endnotes)].filter(
    (p): p is string => p !== undefined,
  );
  const parts: ModelPart[] = [];
  const bookmarkNames = new Set<string>();
  let maxBookmarkId = -1;
  for (const name of storyParts) {
    const doc = pkg.xml(name);
    const walked = walkPart(name, rootOf(doc), styles, numbering);
    parts.push({ name, doc, paragraphs: walked.paragraphs });
    for (const b of walked.bookmarkNames) bookmarkNames.add(b);
    maxBookmarkId = Math.max(maxBookmarkId, walked.maxBookmarkId);
  }
  const defaultLanguage = stylesPart ? docDefaultLanguage(pkg.xml(stylesPart)) : null;
  return { parts, paragraphs: parts.flatMap((p) => p.paragraphs), bookmarkNames, maxBookmarkId, ...(defaultLanguage ? { defaultLanguage } : {}) };
}

/** The language the styles give text by default (docDefaults w:lang w:val: "pt-BR"), if any. */
function docDefaultLanguage(styles: XmlDocument): string | null {
  const path = ['w:docDefaults', 'w:rPrDefault', 'w:rPr', 'w:lang'];
  let node = rootOf(styles);
  for (const tag of path) {
    const next = findChild(node, tag);
    if (!next) return null;
    node = next;
  }
  return attr(node, 'w:val') ?? null;
}
