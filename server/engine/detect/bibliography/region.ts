// Finds the paragraphs of the reference list: after a reference heading, or, without one, the last
// block of reference-like paragraphs of the main document.

import type { ModelParagraph } from '../../model/types.ts';
import { findChild } from '../../package/xml.ts';
import { findYear, parseLabel } from '../../../references/fields.ts';
import { isHeadingLike, isReferenceHeadingText, isStopParagraph } from './headings.ts';

export interface ReferenceRegion {
  heading: ModelParagraph | null;
  /** Paragraphs holding entries (non-empty), in order. */
  entries: ModelParagraph[];
  /** Every paragraph of the list, heading and empty paragraphs included. */
  all: ModelParagraph[];
}

const NAME_WORD = String.raw`\p{Lu}[\p{L}\p{M}'’\-]*`;
const AUTHOR_START = new RegExp(
  String.raw`^(?:(?:\p{Ll}{1,4}\s+){0,2}${NAME_WORD}\s?){1,5}?(?:,?\s+(?:\p{Lu}\.?\s?-?){1,4}[,.;&:]|,?\s+(?:\p{Lu}\.?-?){1,4}\s+\(?(?:1[5-9]|20)\d\d\b|,\s+\p{Lu}|\s+et al|\s*\(|[.:]\s)`,
  'u',
);

/** Whether a paragraph reads like one reference: a numeric label, or authors then a year. */
function isReferenceLike(p: ModelParagraph): boolean {
  const text = p.text.trim();
  if (text.length < 20 || p.inTable) return false;
  const label = parseLabel(text);
  // Entries without a year say so: "n.d.", "In press", "In review".
  const hasYear = findYear(text) !== null || /(?:^|[\s(,.])(?:n\.\s?d\.|[Ii]n\s(?:press|review|preparation)|[Uu]nder\sreview|[Ff]orthcoming)(?=[\s),.;]|$)/.test(text);
  if ((label.number !== null || hasNumbering(p)) && (hasYear || /\p{L}{3,}.*[.,]/u.test(text))) return true;
  return hasYear && AUTHOR_START.test(text.slice(label.bodyStart));
}

function hasNumbering(p: ModelParagraph): boolean {
  return !!p.numbering && /\d/.test(p.numbering.text);
}

/** Whether the paragraph ends a section of the document (a w:sectPr in its properties). */
function endsSection(p: ModelParagraph): boolean {
  const pPr = findChild(p.node, 'w:pPr');
  return !!pPr && !!findChild(pPr, 'w:sectPr');
}

/**
 * A short line ending in a colon that names a part of the list, a reference among the next two: "Teses e
 * Dissertações:", "Legislação:", "Websites:" (lists grouped by kind of source, usual in ABNT).
 */
function isGroupHeading(paragraphs: ModelParagraph[], i: number): boolean {
  const t = paragraphs[i]!.text.trim();
  if (t.length > 50 || !/^\p{L}[^\d.;]*:$/u.test(t)) return false;
  return paragraphs.slice(i + 1, i + 5).filter((q) => q.text.trim()).slice(0, 2).some(isReferenceLike);
}

/**
 * Under a reference heading every paragraph is an entry, however badly it reads ("&NA;", a corporate author,
 * a title first, no year), up to the next heading, a caption, a table, a section break or the end; a heading
 * of a part of the list ("Legislação:") is no entry and no end.
 */
function collectUnderHeading(paragraphs: ModelParagraph[], start: number): { entries: ModelParagraph[]; all: ModelParagraph[] } {
  const entries: ModelParagraph[] = [];
  const all: ModelParagraph[] = [];
  for (let i = start; i < paragraphs.length; i++) {
    const p = paragraphs[i]!;
    if (p.inTable) break;
    if (p.text.trim() && !isGroupHeading(paragraphs, i)) {
      if (isStopParagraph(p)) break;
      if (isHeadingLike(p) && !isReferenceLike(p)) break;
      entries.push(p);
    }
    all.push(p);
    if (endsSection(p)) break;
  }
  while (all.length && !all[all.length - 1]!.text.trim()) all.pop();
  return { entries, all };
}

export function findReferenceRegion(paragraphs: ModelParagraph[]): ReferenceRegion | null {
  // Last heading that names a reference list and is followed by references.
  for (let i = paragraphs.length - 1; i >= 0; i--) {
    const p = paragraphs[i]!;
    if (p.inTable || !isReferenceHeadingText(p.text)) continue;
    if (!isHeadingLike(p) && p.text.trim().length > 30) continue;
    const { entries, all } = collectUnderHeading(paragraphs, i + 1);
    // Prose under a heading is no list: two entries that read as references (one when the list holds one or two).
    if (entries.length === 0 || entries.filter(isReferenceLike).length < Math.min(2, Math.ceil(entries.length / 2))) continue;
    return { heading: p, entries, all: [p, ...all] };
  }
  // No heading: the last run of at least three reference-like paragraphs.
  let end = -1;
  for (let i = paragraphs.length - 1; i >= 0; i--) {
    if (isReferenceLike(paragraphs[i]!)) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  let start = end;
  for (let i = end - 1; i >= 0; i--) {
    const p = paragraphs[i]!;
    if (!p.text.trim()) continue;
    if (!isReferenceLike(p)) break;
    start = i;
  }
  const block = paragraphs.slice(start, end + 1);
  const entries = block.filter((p) => p.text.trim());
  if (entries.length < 3) return null;
  return { heading: null, entries, all: block };
}
