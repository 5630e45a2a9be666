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

// Where each paragraph's surrogate pairs start (UTF-16 offsets, ascending), or null when it has none: found once per
// paragraph and kept beside it (a WeakMap on the paragraph object, never keyed or compared by text: remembering the
// last text tested and comparing texts with !== cost a full comparison of two equal 4 MB texts per match when a new
// scan brought the same document, and a second scan of a 4 MB paragraph in one process took 42 s instead of 4 s).
const SURROGATE = /[\uD800-\uDFFF]/;
const pairStarts = new WeakMap<ModelParagraph, Int32Array | null>();

function pairsOf(paragraph: ModelParagraph): Int32Array | null {
  let pairs = pairStarts.get(paragraph);
  if (pairs !== undefined) return pairs;
  const text = paragraph.text;
  pairs = null;
  if (SURROGATE.test(text)) {
    const at: number[] = [];
    for (let i = 0; i + 1 < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff) at.push(i++);
    }
    pairs = Int32Array.from(at);
  }
  pairStarts.set(paragraph, pairs);
  return pairs;
}

/** Converts a UTF-16 offset in a paragraph into a code-point offset (the location convention counts characters). */
function toCodePoints(paragraph: ModelParagraph, offset: number): number {
  const end = Math.min(offset, paragraph.text.length);
  const pairs = pairsOf(paragraph);
  if (!pairs) return end;
  // Pairs that start before `end` and whose second half is inside [0, end) each count one character for two units.
  let lo = 0;
  let hi = pairs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pairs[mid]! + 1 < end) lo = mid + 1;
    else hi = mid;
  }
  return end - lo;
}

export function locationOf(paragraph: ModelParagraph, start: number, end: number): Location {
  return { part: paragraph.part, paragraph: paragraph.index, start: toCodePoints(paragraph, start), end: toCodePoints(paragraph, end) };
}
