// Recognises the heading of a reference list, and the headings that end one.

import type { ModelParagraph } from '../../model/types.ts';

const REF_HEADING_WORDS = [
  'references?', 'references? list', 'references? cited', 'list of references', 'bibliography', 'select(?:ed)? bibliography',
  'literature', 'literature cited', 'cited literature', 'literature references', 'works cited', 'works consulted',
  'references and notes', 'notes and references', 'bibliographic references', 'sources', 'citations', 'reference',
  // Other languages.
  'literatur', 'literaturverzeichnis', 'quellen', 'quellenverzeichnis', 'références', 'références bibliographiques',
  'bibliographie', 'referencias', 'referencias bibliográficas', 'bibliografía', 'bibliografia', 'riferimenti bibliografici',
  'referências', 'referências bibliográficas', 'literatuur', 'referenties', 'litteratur', 'referenser', 'kaynaklar',
  'piśmiennictwo', 'bibliografie', 'литература', 'список литературы', '参考文献', '文献', '참고문헌',
];

const REF_HEADING_RE = new RegExp(
  `^(?:(?:\\d+(?:\\.\\d+)*|[IVXLC]+|[A-Z])[.)]?\\s+)?(?:${REF_HEADING_WORDS.join('|')})\\s*[:.]?$`,
  'iu',
);

/** Whether the text reads as a reference-list heading ("References", "5. Literature Cited", "BIBLIOGRAPHY:"). */
export function isReferenceHeadingText(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 0 && t.length <= 40 && REF_HEADING_RE.test(t);
}

/** Whether every visible character of the paragraph is bold. */
export function isAllBold(p: ModelParagraph): boolean {
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
