// The sentence a match sits in, from the text around it that the scan sends (context), so that a
// warning can quote "… as shown in [1] and [2]." instead of the bare "1".
import type { ReviewMatch } from '../../shared/contract.ts';

/** Words ending in a full stop that do not end a sentence ("Fig. 2", "Smith et al. 2020", "e.g. this"). */
const ABBREVIATION = /(?:^|[\s(])(?:figs?|al|e\.g|i\.e|eqs?|refs?|vs|cf|secs?|tabs?|no|nos|ch|suppl|approx|ca|vol|pp?)\.$/i;

/** Offsets just after each sentence end in s (a stop, closing marks, white space, then a capital or digit). */
function sentenceEnds(s: string): number[] {
  const out: number[] = [];
  for (const m of s.matchAll(/[.!?][)"”’\]]*\s+(?=[\p{Lu}\p{N}[(“"‘])/gu)) {
    const stop = m.index + m[0].search(/[.!?]/) + 1;
    if (ABBREVIATION.test(s.slice(0, stop))) continue;
    out.push(m.index + m[0].length);
  }
  return out;
}

/** The sentence around the match, white space folded; "…" marks where the context was cut inside it. */
export function sentenceOf(m: Pick<ReviewMatch, 'sourceText' | 'context'>): string {
  const before = m.context?.before ?? '';
  const after = m.context?.after ?? '';
  const starts = sentenceEnds(before);
  const head = starts.length ? before.slice(starts[starts.length - 1]) : before;
  // The first sentence end after the match (the match text itself is part of the sentence).
  const joined = `${m.sourceText}${after}`;
  const ends = sentenceEnds(`${joined} X`).filter((i) => i > m.sourceText.length);
  const tail = ends.length ? joined.slice(m.sourceText.length, ends[0]).trimEnd() : after;
  return `${head}${m.sourceText}${tail}`.replace(/\s+/g, ' ').trim();
}
