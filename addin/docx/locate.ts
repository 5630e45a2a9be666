// Finding a match among Word's body paragraphs, and a match from Word's selection. The engine's
// location is (paragraph among all w:p incl. text boxes, code-point offsets); Word's is (index in
// body.paragraphs, UTF-16 offsets). Pure, so the mapping is tested without Word.
import type { ReviewMatch } from '../../shared/contract.ts';
import { cpToUtf16, utf16ToCp } from './offsets.ts';
import { toBodyIndex, toEngineIndex, type ParagraphMap } from './paragraph-map.ts';

const MAIN_PART = 'word/document.xml';

export type BodyLocation =
  /** The k-th hit of the match text inside body paragraph `paragraph`; `global` is its index among all body hits. */
  | { where: 'paragraph'; paragraph: number; k: number; global: number }
  | { where: 'text-box' }
  | { where: 'other-part'; part: string }
  | { where: 'not-found' };

function hitsIn(text: string, needle: string): number[] {
  const out: number[] = [];
  if (!needle) return out;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) out.push(at);
  return out;
}

/**
 * Where the match is among Word's body paragraphs: the hit of its text nearest to its own paragraph
 * and offset (never simply the n-th hit of the text in the document).
 */
export function locateInBody(paragraphTexts: readonly string[], match: ReviewMatch, map: ParagraphMap | null, occurrence = 0): BodyLocation {
  const loc = match.location;
  if (loc && loc.part !== MAIN_PART) return { where: 'other-part', part: loc.part };
  const wantPara = loc ? toBodyIndex(map, loc.paragraph) : 0;
  if (wantPara === null) return { where: 'text-box' };
  let best: { paragraph: number; k: number; global: number; score: number } | null = null;
  let global = 0;
  paragraphTexts.forEach((text, p) => {
    const hits = hitsIn(text, match.sourceText);
    const wantOffset = loc ? cpToUtf16(text, loc.start) : 0;
    hits.forEach((at, k) => {
      // Without a location, the n-th hit among the matches of identical text is the best there is.
      const score = loc ? Math.abs(p - wantPara) * 1_000_000 + Math.abs(at - wantOffset) : Math.abs(global - occurrence);
      if (!best || score < best.score) best = { paragraph: p, k, global, score };
      global++;
    });
  });
  if (!best) return { where: 'not-found' };
  const { paragraph, k, global: g } = best;
  return { where: 'paragraph', paragraph, k, global: g };
}

/** The match under Word's selection: same paragraph, offset inside it (or the nearest in that paragraph). */
export function matchAtPosition(
  matches: readonly ReviewMatch[],
  map: ParagraphMap | null,
  pos: { bodyParagraph: number; offset: number; paragraphText: string },
): ReviewMatch | null {
  const paragraph = toEngineIndex(map, pos.bodyParagraph);
  const cp = utf16ToCp(pos.paragraphText, pos.offset);
  let best: ReviewMatch | null = null;
  let bestDistance = Infinity;
  for (const m of matches) {
    const l = m.location;
    if (!l || l.part !== MAIN_PART || l.paragraph !== paragraph) continue;
    const d = cp < l.start ? l.start - cp : cp >= l.end ? cp - l.end + 1 : 0;
    if (d < bestDistance) {
      best = m;
      bestDistance = d;
    }
  }
  return best && bestDistance <= 1 ? best : null;
}
