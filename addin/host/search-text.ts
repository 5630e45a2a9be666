// What to pass to Word's body.search for a match, and which of the identical hits is the match.
import type { ReviewMatch } from '../../shared/contract.ts';

/** Word rejects search strings of 255 characters or more. */
const MAX_SEARCH_CHARS = 254;

/**
 * The match's text as a Word search string: ^ is Word's escape character (^^ is a literal caret,
 * ^t a tab), and long texts are cut at a word boundary below the length limit.
 */
export function searchTextFor(sourceText: string): string {
  let text = sourceText.replace(/\s*[\r\n]+\s*/g, ' ');
  const escape = (s: string) => s.replace(/\^/g, '^^').replace(/\t/g, '^t');
  if (escape(text).length > MAX_SEARCH_CHARS) {
    let cut = text.slice(0, MAX_SEARCH_CHARS);
    while (escape(cut).length > MAX_SEARCH_CHARS) cut = cut.slice(0, -1);
    const space = cut.lastIndexOf(' ');
    text = space > MAX_SEARCH_CHARS / 2 ? cut.slice(0, space) : cut;
  }
  return escape(text);
}

function before(a: ReviewMatch, b: ReviewMatch): boolean {
  const la = a.location;
  const lb = b.location;
  if (!la || !lb) return false;
  if (la.paragraph !== lb.paragraph) return la.paragraph < lb.paragraph;
  return la.start < lb.start;
}

/**
 * Index of this match among the matches of the same part whose text searches the same:
 * body.search returns hits in document order, so the n-th identical match is (usually) the n-th hit.
 */
export function occurrenceOf(match: ReviewMatch, all: readonly ReviewMatch[]): number {
  const key = searchTextFor(match.sourceText);
  const part = match.location?.part;
  return all.filter((m) => m !== match && m.location?.part === part && searchTextFor(m.sourceText) === key && before(m, match)).length;
}
