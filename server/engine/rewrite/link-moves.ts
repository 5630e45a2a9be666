// Where a link in a reference entry lands after a rewrite. A link keeps its text when the new entry has it (a DOI,
// a URL); two links follow the entry instead: the DOI link apply puts on the whole entry when it shows no DOI of its
// own (link/references.ts) covers the whole new entry, and a link on the entry's title (refTitleLink) lands on the
// title as the new entry writes it (a resolved entry's title is the registry's, in the style's case), else on the
// whole new entry. Pure string work.

/** What the entry's links may follow when their text is not in the new entry. */
export interface LinkMoves {
  /** The entry as written (its label included or not). */
  entryText: string;
  /** The entry's title as written and as the new entry was rendered from (null when either is unknown). */
  title?: { written: string; rendered: string } | null;
}

interface TextRange { start: number; end: number }

/** A typed label before an entry ("[3] ", "(3) ", "3. ", "3 "), white space around it. */
const LEADING_LABEL = /^\s*(?:\[\d+\]|\(\d+\)|\d+[.):]?)?\s*/;

const squash = (t: string): string => t.replace(/\s+/g, ' ').trim();

/** True when a link's text is the whole entry as written, its label aside (the DOI link of a resolved entry). */
function coversEntry(linkText: string, entryText: string): boolean {
  const t = squash(linkText);
  return t.length > 0 && t === squash(entryText.replace(LEADING_LABEL, ''));
}

/** The whole new entry from `bodyStart` (its label before), white space at either end aside. */
function wholeEntry(text: string, bodyStart: number): TextRange | null {
  const body = text.slice(bodyStart);
  const start = bodyStart + (body.length - body.trimStart().length);
  const end = text.trimEnd().length;
  return end > start ? { start, end } : null;
}

/**
 * Where a link whose text is not in the new entry lands, or null when it has no place: the whole new entry for a
 * link on the whole entry as written, the new title (else the whole new entry) for a link on the title as written.
 * `text` is the new entry with its label; the body starts at `bodyStart`; the link may not start before `from`;
 * `alone`: the entry has no other link (a link on the whole new entry would hold the others).
 */
export function movedLink(linkText: string, text: string, bodyStart: number, from: number, alone: boolean, moves: LinkMoves | undefined): TextRange | null {
  if (!moves) return null;
  if (coversEntry(linkText, moves.entryText)) return alone && from <= bodyStart ? wholeEntry(text, bodyStart) : null;
  const title = moves.title;
  if (!title || squash(linkText).toLowerCase() !== squash(title.written).toLowerCase()) return null;
  const rendered = squash(title.rendered).replace(/[.,;:]+$/, '');
  const at = rendered.length >= 3 ? text.toLowerCase().indexOf(rendered.toLowerCase(), Math.max(from, bodyStart)) : -1;
  if (at >= 0) return { start: at, end: at + rendered.length };
  return alone && from <= bodyStart ? wholeEntry(text, bodyStart) : null;
}
