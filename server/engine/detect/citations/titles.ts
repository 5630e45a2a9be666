// Works named in the text by their title ("según observamos en su Antología del humor negro", "O Dicionário
// on-line de português define…"): a title of the reference list written out in full, capitalised, cites its
// entry. Proposed for review (low_confidence): a title may also be said of another edition or a namesake.

import type { ModelParagraph } from '../../model/types.ts';
import { foldedWords } from '../bibliography/names.ts';
import type { BibEntry, MatchCandidate } from '../types.ts';
import { citationMatch } from './match.ts';

/** A title shorter than this (in words or characters) is too often a phrase of the text ("Introduction", "Cell death"). */
const MIN_WORDS = 3;
const MIN_CHARS = 15;

interface Title {
  words: string[];
  entry: BibEntry;
}

/**
 * The titles an entry is named by: its title, and its author block when that is a title standing for the author
 * (it has words in lower case that are no particles: "DICIONÁRIO on-line de português").
 */
function titlesOf(e: BibEntry): string[] {
  const out: string[] = [];
  if (e.titleText) out.push(e.titleText);
  const lead = e.authors[0];
  if (lead && e.authors.length === 1 && /\s\p{Ll}{4,}/u.test(lead)) out.push(lead);
  return out.filter((t) => t.length >= MIN_CHARS);
}

/** Titles by their first folded word. */
export function titleIndex(entries: readonly BibEntry[]): Map<string, Title[]> {
  const byFirst = new Map<string, Title[]>();
  const seen = new Map<string, BibEntry | null>();
  for (const e of entries) {
    for (const t of titlesOf(e)) {
      const words = foldedWords(t);
      if (words.length < MIN_WORDS) continue;
      const key = words.join(' ');
      // Two entries of one title (editions, a translation): the title names neither.
      if (seen.has(key)) {
        if (seen.get(key) !== e) seen.set(key, null);
        continue;
      }
      seen.set(key, e);
    }
  }
  for (const [key, entry] of seen) {
    if (!entry) continue;
    const words = key.split(' ');
    byFirst.set(words[0]!, [...(byFirst.get(words[0]!) ?? []), { words, entry }]);
  }
  return byFirst;
}

const WORD_RE = /[\p{L}\p{N}]+/gu;

/** The titles of the list written out in one paragraph, each a citation of its entry, for review. */
export function titleMatches(p: ModelParagraph, index: Map<string, Title[]>): MatchCandidate[] {
  if (!index.size || p.headingLevel !== null) return [];
  const text = p.text;
  const words = [...text.matchAll(WORD_RE)].map((m) => ({ start: m.index, end: m.index + m[0].length, folded: foldedWords(m[0])[0] ?? '' }));
  const out: MatchCandidate[] = [];
  for (let i = 0; i < words.length; i++) {
    const titles = index.get(words[i]!.folded);
    if (!titles || !/^\p{Lu}/u.test(text.slice(words[i]!.start))) continue;
    const t = titles.find((c) => c.words.every((w, k) => words[i + k]?.folded === w));
    if (!t) continue;
    const last = words[i + t.words.length - 1]!;
    // Part of an address or a file name ("…/Analysis_Behavioral_Phototaxis"), not prose.
    if (/[/_\\@]/.test(text.slice(Math.max(0, words[i]!.start - 1), last.end + 1))) continue;
    out.push(citationMatch(p, words[i]!.start, last.end, { status: 'low_confidence', target: t.entry, alternatives: [], confidence: 0.5, why: { code: 'namedByTitle' } }));
    i += t.words.length - 1;
  }
  return out;
}
