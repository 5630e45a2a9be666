// Finds the paragraphs of the reference list: after a reference heading, or, without one, the last
// block of reference-like paragraphs of the main document.

import type { ModelParagraph } from '../../model/types.ts';
import { findYear, parseLabel } from './fields.ts';
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
export function isReferenceLike(p: ModelParagraph): boolean {
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

/** Collects entries after `start` until a heading or caption that is not itself a reference. */
function collect(paragraphs: ModelParagraph[], start: number): { entries: ModelParagraph[]; all: ModelParagraph[] } {
  const entries: ModelParagraph[] = [];
  const all: ModelParagraph[] = [];
  let numbered: boolean | null = null;
  let misses = 0;
  for (let i = start; i < paragraphs.length; i++) {
    const p = paragraphs[i]!;
    if (!p.text.trim()) {
      all.push(p);
      continue;
    }
    if (p.inTable) break;
    const refLike = isReferenceLike(p);
    if (isStopParagraph(p)) break;
    if (isHeadingLike(p) && !refLike) break;
    const isNumbered = parseLabel(p.text).number !== null || hasNumbering(p);
    if (numbered === null) numbered = isNumbered;
    else if (numbered && !isNumbered && !refLike) break;
    if (!refLike) {
      // Two consecutive paragraphs that do not read as references end an unlabelled list.
      if (++misses >= 2 && !numbered) {
        const last = entries.pop();
        if (last) all.splice(all.indexOf(last));
        break;
      }
    } else misses = 0;
    entries.push(p);
    all.push(p);
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
    const { entries, all } = collect(paragraphs, i + 1);
    if (entries.length === 0 || entries.filter(isReferenceLike).length < Math.min(2, entries.length)) continue;
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
