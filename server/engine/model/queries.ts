// Queries on the document model shared by detection, review and linking: the pieces under a text range,
// UTF-16 offsets as code points (the contract's locations count characters), a range's Location.

import type { Location } from '../../../shared/contract.ts';
import type { ModelParagraph, Piece } from './types.ts';

/** Pieces of a paragraph overlapping [start, end). */
export function piecesIn(paragraph: ModelParagraph, start: number, end: number): Piece[] {
  const out: Piece[] = [];
  for (const piece of paragraph.pieces) {
    if (piece.end <= start) continue;
    if (piece.start >= end) break;
    out.push(piece);
  }
  return out;
}

const SURROGATE = /[\uD800-\uDFFF]/;

// Matches come sorted by paragraph, so remembering the last text tested spares a scan per match.
let lastText = '';
let lastHasSurrogates = false;

/** Converts a UTF-16 offset into a code-point offset (the location convention counts characters). */
export function toCodePoints(text: string, offset: number): number {
  if (text !== lastText) { lastText = text; lastHasSurrogates = SURROGATE.test(text); }
  if (!lastHasSurrogates) return offset;
  let cp = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) i++;
    cp++;
  }
  return cp;
}

export function locationOf(paragraph: ModelParagraph, start: number, end: number): Location {
  return { part: paragraph.part, paragraph: paragraph.index, start: toCodePoints(paragraph.text, start), end: toCodePoints(paragraph.text, end) };
}
