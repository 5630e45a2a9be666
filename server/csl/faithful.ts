// Whether a reference entry read from its string can be rendered in another style faithfully. The rule is about
// the reading, not about what the entry has: an entry blocks the rewrite when the reader could not account for
// its text (words of the entry that no field holds), never because it lacks a field (no pages, no issue, no
// author, a book without a container): the target style's rendering of the same record would lack it as well.
// An author list abbreviated in the entry ("et al.", "…") is rendered with one name the entry does not give
// standing for the rest: a style that abbreviates the list as far shows none of it, and its rendering is the same
// whatever the full list; a style that would print that name needs the full list, which the entry does not give.

import type { CslItem, CslName } from './render.ts';

/** Words a style writes its own way (terms, months, link words): not content the reading must account for. */
const STYLE_WORDS = new Set([
  'and', 'the', 'vol', 'volume', 'no', 'issue', 'pp', 'page', 'pages', 'edn', 'ed', 'eds', 'editor', 'editors', 'in', 'et', 'al',
  'available', 'from', 'retrieved', 'online', 'internet', 'doi', 'http', 'https', 'org', 'accessed', 'cited', 'date', 'pag', 'nd',
  'viewed', 'url', 'na', 'anon', 'anonymous', 'pag',
  'jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'january', 'february', 'march',
  'april', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
]);

function words(text: string): string[] {
  return text.toLowerCase().normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A year's disambiguation letter ("2019a") is the style's to give or take. */
const yearOnly = (w: string) => w.replace(/^(\d{4})[a-z]$/, '$1');

/** Links and DOIs, which may hold any punctuation: set aside before reading an entry's words or marks (one pattern for the rewrite). */
export const LINKS = /\b(?:https?:\/\/|doi\.org\/|www\.)\S+|\b10\.\d{4,9}\/\S+/gi;

function nameWords(names: CslName[] | undefined): string[] {
  return (names ?? []).flatMap((n) => {
    const given = words(n.given ?? '');
    return [...words(n.family ?? ''), ...words(n.literal ?? ''), ...given, given.map((w) => w[0]).join('')];
  });
}

/** Every word the item's fields hold. */
function fieldWords(item: CslItem): Set<string> {
  const out = [...nameWords(item.author), ...nameWords(item.editor)];
  for (const f of ['title', 'container-title', 'collection-title', 'publisher', 'publisher-place', 'volume', 'issue', 'page', 'edition', 'number-of-pages'] as const) {
    out.push(...words(item[f] ?? ''));
  }
  const issued = item.issued;
  if (issued && 'literal' in issued) out.push(...words(issued.literal));
  else if (issued) out.push(...issued['date-parts'].flat().map(String));
  return new Set(out.map(yearOnly));
}

/**
 * Words of the entry as written (its label, links and style terms aside) that no field of the reading holds:
 * what a rendering from the fields would lose. A page range written short ("575–9", "762–81") is held by the
 * full range ("575-579").
 */
export function unreadWords(written: string, item: CslItem): string[] {
  const have = fieldWords(item);
  const numbers = [...have].filter((h) => /^\d+$/.test(h));
  const out: string[] = [];
  for (const w of words(written.replace(LINKS, ' ')).map(yearOnly)) {
    if (w.length < 2 || STYLE_WORDS.has(w) || have.has(w)) continue;
    if (/^\d+$/.test(w) && numbers.some((h) => h.endsWith(w) || w.endsWith(h))) continue;
    out.push(w);
  }
  return out;
}

/** The family name standing for the names an abbreviated author list leaves out: never printed by a faithful rendering. */
const UNLISTED_NAME = 'Unlistedauthorzz';

/**
 * The item with one name standing for those an abbreviated list leaves out: after the names given ("et al."),
 * or before the last one when the list elides its middle ("A, B, … Z"). The rendering must then not print it.
 */
export function withUnlistedAuthor(item: CslItem, elided: boolean): CslItem {
  const names = [...(item.author ?? [])];
  if (!names.length) return item;
  const stand: CslName = { family: UNLISTED_NAME, given: 'U.' };
  if (elided && names.length > 1) names.splice(names.length - 1, 0, stand);
  else names.push(stand);
  return { ...item, author: names };
}

/** Whether a rendering (an entry or a citation) prints the name standing for the unlisted authors. */
export function printsUnlisted(text: string): boolean {
  return text.toUpperCase().includes(UNLISTED_NAME.toUpperCase());
}
