// Headings shared by the section and appendix detectors: which paragraphs are headings, their typed or
// automatic (Word list numbering) numbers and their titles.

import type { ModelParagraph } from '../../model/types.ts';
import { isBold, WS } from './grammar.ts';

export interface Heading {
  paragraph: ModelParagraph;
  /** Heading level when known from the style or outline level (1 = top), else null. */
  level: number | null;
  /** Number as written or computed ("2", "2.1", "A", "A.1"), without a trailing period; null when none. */
  number: string | null;
  /** Heading text without its number. */
  title: string;
  /** Offset of the title in the paragraph text. */
  titleStart: number;
}

const TYPED_NUMBER = new RegExp(`^((?:\\d+|[A-Z])(?:\\.\\d+)*)\\.?(?:${WS}+|\\t)(?=[\\p{L}\\p{N}(“"‘'])`, 'u');

/** Whether a paragraph reads as a heading: a heading style or outline level, or a short all-bold line. */
export function isHeadingParagraph(p: ModelParagraph): boolean {
  if (p.part !== 'word/document.xml' || p.inTable || p.inTextBox) return false;
  const text = p.text.trim();
  if (!text || !/\p{L}/u.test(text)) return false;
  if (p.headingLevel !== null) return text.length <= 300;
  if (p.outlineLevel !== null && p.outlineLevel < 9) return text.length <= 300;
  if (text.length > 160) return false;
  // "Normal" paragraphs written in bold as headings: the whole text bold, no sentence end.
  if (/[.:;,]$/.test(text) && !/^(?:\d+\.)+$/.test(text)) return false;
  return isBold(p, 0, p.text.length);
}

export function readHeading(p: ModelParagraph): Heading {
  const lead = p.text.length - p.text.trimStart().length;
  const text = p.text.slice(lead);
  let number: string | null = null;
  let titleStart = lead;
  const typed = TYPED_NUMBER.exec(text);
  if (typed && (/\d/.test(typed[1]!) || /^[A-Z]\./.test(text))) {
    number = typed[1]!;
    titleStart = lead + typed[0].length;
  } else if (p.numbering?.text) {
    const n = p.numbering.text.trim().replace(/^[([]|[)\].:]+$/g, '');
    if (/^(?:\d+|[A-Z]|[IVXLC]+)(?:\.\d+)*$/.test(n)) number = n;
  }
  const level = p.headingLevel ?? (p.outlineLevel !== null && p.outlineLevel < 9 ? p.outlineLevel + 1 : null);
  return { paragraph: p, level, number, title: p.text.slice(titleStart).trim(), titleStart };
}

/** Normalised form of a section name for matching mentions by name: "Material & methods" = "Materials and Methods". */
export function normTitle(s: string): string {
  return s
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (w.length > 3 ? w.replace(/s$/, '') : w))
    .join(' ');
}

/** A deterministic slug for unnumbered headings: "Materials and Methods" → "materials-and-methods". */
export function slug(s: string): string {
  const out = s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  return out || 'untitled';
}
