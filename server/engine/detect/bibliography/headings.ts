// Recognises the heading of a reference list, and the headings that end one.

import type { ModelParagraph } from '../../model/types.ts';
import { citationWords } from '../labels/vocabulary.ts';

const REF_HEADING_WORDS = [
  'references?', 'references? list', 'references? cited', 'list of references', 'bibliography', 'select(?:ed)? bibliography',
  'literature', 'literature cited', 'cited literature', 'literature references', 'works cited', 'works consulted',
  'references and notes', 'notes and references', 'bibliographic references', 'sources', 'citations', 'reference',
  // Languages without a labels/*.json file; those with one name their headings there ("Referências", "Literatur").
  'litteratur', 'referenser', 'bibliografie', '참고문헌',
  ...citationWords('references').map((w) => w.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
];

/** A heading may name the part of the list it opens: "REFERÊNCIAS - Livros:", "Literatur – Monographien". */
const PART = String.raw`(?:\s*[-–—:]\s*\p{L}[\p{L}\s]{0,30}?)?`;

const REF_HEADING_RE = new RegExp(
  `^(?:(?:\\d+(?:\\.\\d+)*|[IVXLC]+|[A-Z])[.)]?\\s+)?(?:${REF_HEADING_WORDS.join('|')})${PART}\\s*[:.]?$`,
  'iu',
);

/** Whether the text reads as a reference-list heading ("References", "5. Literature Cited", "BIBLIOGRAPHY:"). */
export function isReferenceHeadingText(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 0 && t.length <= 40 && REF_HEADING_RE.test(t);
}

/** Whether every visible character of the paragraph is bold. */
function isAllBold(p: ModelParagraph): boolean {
  let any = false;
  for (const piece of p.pieces) {
    if (piece.kind !== 'text') continue;
    if (!/\S/.test(p.text.slice(piece.start, piece.end))) continue;
    if (!piece.bold) return false;
    any = true;
  }
  return any;
}

/** A heading by style or outline level, or a short all-bold paragraph. */
export function isHeadingLike(p: ModelParagraph): boolean {
  if (p.inTable) return false;
  if (p.headingLevel !== null) return true;
  if (p.styleName && /^(?:heading|title|subtitle)\b/i.test(p.styleName)) return true;
  const t = p.text.trim();
  return t.length > 0 && t.length <= 120 && isAllBold(p) && !/[.;]\s*$/.test(t.replace(/\b(?:al|etc)\.$/, ''));
}

/** Captions and legends that end a reference list even when not styled as headings. */
export function isStopParagraph(p: ModelParagraph): boolean {
  const t = p.text.trim();
  return /^(?:(?:supplementary|supplemental|additional)\s+(?:figure|fig\.?|table|file|material|information|data)s?\b|(?:figure|fig\.?|table|appendix)\s*S?\d+[.:\s]|figure legends|figure captions|tables?\b$|appendix\b)/i.test(t);
}
