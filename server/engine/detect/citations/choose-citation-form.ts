// Which citation style the document uses (citeStyle 'auto'): counts the evidence for each style in
// the body text and picks the strongest one consistent with the reference list.

import type { ModelParagraph } from '../../model/types.ts';
import type { Bibliography, CitationStyle } from '../types.ts';
import { bracketGroups, parenGroups } from './numeric.ts';
import { superscriptGroups } from './superscript.ts';

export interface StyleEvidence {
  bracket: number;
  paren: number;
  superscript: number;
}

export function numericEvidence(paragraphs: ModelParagraph[], bib: Bibliography | null): StyleEvidence {
  const max = bib?.entries.length ?? 9999;
  const within = (items: { n: number }[]) => items.every((it) => it.n <= max);
  let bracket = 0;
  let paren = 0;
  let superscript = 0;
  for (const p of paragraphs) {
    bracket += bracketGroups(p).filter((g) => within(g.items)).length;
    if (!p.inTable) paren += parenGroups(p, max).length;
    superscript += superscriptGroups(p).filter((g) => within(g.items) && !p.inTable).length;
  }
  return { bracket, paren, superscript };
}

/** Parenthesised numbers are citations only where they clearly outnumber bracketed ones. */
export function usesParens(ev: StyleEvidence): boolean {
  return ev.paren >= 3 && ev.paren > 2 * ev.bracket && ev.paren > ev.superscript;
}

export function chooseStyle(ev: StyleEvidence, authorYearCount: number, bib: Bibliography | null): CitationStyle {
  if (bib && !bib.numbered) return 'author-year';
  const numeric = Math.max(ev.bracket, usesParens(ev) ? ev.paren : 0);
  if (bib?.numbered) return ev.superscript > numeric ? 'superscript' : 'number';
  if (authorYearCount > numeric && authorYearCount > ev.superscript) return 'author-year';
  if (numeric === 0 && ev.superscript === 0) return 'off';
  return ev.superscript > numeric ? 'superscript' : 'number';
}
