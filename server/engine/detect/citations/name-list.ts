// Author-date citations that list every author with commas and no comma before the year, as ISO 690 writes them:
// "(Kang, Dingwell 2006)", "(Huang, Altshuller, Hou, Pessin, Frohman 2005; Farr 2006)", "(Smith, Jones and Lee
// 2019)", with a name written initials first or with its initials after it ("P. Vijayabaskar 2012", "Cinatl J Jr").
// The name pattern of author-year.ts reads one name (or two joined by "and") before the year and stops at a comma;
// this reads the whole item of a parenthesis, from its "(" or ";" to the year, when every part of it is a name.

import { PARTICLES } from '../bibliography/names.ts';
import { AUTHOR_AND } from './language-words.ts';

export interface ListedName {
  /** The name as written ("P. Vijayabaskar", "Fischer Hansen", "Cinatl J Jr"). */
  name: string;
  /** Its offset in the paragraph. */
  start: number;
}

/** The most names an item lists (ISO 690 lists every author; a consortium paper may name dozens). */
const MAX_NAMES = 40;

const SPLIT_RE = new RegExp(String.raw`,[\s\u00a0]+(?:(?:and|&|${AUTHOR_AND})[\s\u00a0]+)?|[\s\u00a0]+(?:and|&|${AUTHOR_AND})[\s\u00a0]+`, 'gu');
/**
 * One word of a name: a capitalised word ("O’Halloran", "McLeod", "Pascual-Marqui"), one with a particle written
 * onto it ("deDombal", "d’Alembert"), an initial ("P.", "J", "J.-P."), or a generation ("Jr").
 */
const NAME_WORD_RE = /^(?:\p{Lu}[\p{L}\p{M}'’\-–‐‑]*\.?|(?:\p{Lu}\.?[-‐]?){1,3}|\p{Ll}{1,3}['’]?\p{Lu}[\p{L}\p{M}'’-]*)$/u;
/** An initial written in lower case after the surname, as some records give it ("Pizzi c"). */
const LOWER_INITIAL_RE = /^\p{Ll}\.?$/u;
/** Words that open a sentence or refer, not a name. */
const NOT_NAMES = new Set(['See', 'Cf', 'In', 'The', 'This', 'These', 'And', 'For', 'From', 'Also', 'Table', 'Figure', 'Fig', 'Eq', 'Section', 'Chapter', 'Appendix', 'Vol', 'No', 'Note', 'Data']);

function isNameWord(w: string): boolean {
  return NAME_WORD_RE.test(w) || PARTICLES.has(w.toLowerCase().replace(/’/g, "'"));
}

/**
 * Whether `part` reads as one person's name: at most five words, each a name word (an initial in lower case after
 * the first), one of them a capitalised word of two letters or more.
 */
function isName(part: string): boolean {
  const words = part.split(/[\s\u00a0]+/).filter(Boolean);
  if (!words.length || words.length > 5) return false;
  if (!words.every((w, i) => isNameWord(w) || (i > 0 && LOWER_INITIAL_RE.test(w)))) return false;
  if (NOT_NAMES.has(words[0]!.replace(/\.$/, ''))) return false;
  return words.some((w) => /^(?:\p{Ll}{1,3}['’]?)?\p{Lu}[\p{Ll}\p{M}'’-]{1,}/u.test(w) || /^\p{Lu}{2,}/u.test(w));
}

/**
 * The names of the parenthetical item that ends at `yearStart`, when it lists two or more names separated by
 * commas (the last perhaps by "and" or "&") and the year follows the last name after a space, not a comma; null
 * otherwise. `open` is the offset of the parenthesis the year stands in. Words before the first name ("see",
 * "cf.") are left out of it.
 */
export function listedNames(text: string, open: number, yearStart: number): ListedName[] | null {
  if (open < 0 || yearStart - open > MAX_NAMES * 30) return null;
  const before = text.slice(open + 1, yearStart);
  // The year after a space: "Frohman 2005", not "Frohman, 2005" (APA and Harvard's lists are author-year.ts's).
  if (!/[^\s\u00a0,;][\s\u00a0]+$/.test(before)) return null;
  const semi = before.lastIndexOf(';');
  let itemStart = semi + 1;
  while (itemStart < before.length && /[\s\u00a0]/.test(before[itemStart]!)) itemStart++;
  const item = before.slice(itemStart).trimEnd();
  const parts: ListedName[] = [];
  let at = 0;
  for (const sep of item.matchAll(SPLIT_RE)) {
    parts.push({ name: item.slice(at, sep.index), start: open + 1 + itemStart + at });
    at = sep.index + sep[0].length;
  }
  parts.push({ name: item.slice(at), start: open + 1 + itemStart + at });
  if (parts.length < 2 || parts.length > MAX_NAMES) return null;
  // The first part may open with words that are no name ("see Kang", "e.g. Kang"): the name is the name words it ends on.
  if (!parts.slice(1).every((p) => isName(p.name))) return null;
  const first = parts[0]!;
  const words = [...first.name.matchAll(/[^\s\u00a0]+/g)];
  let k = words.length;
  while (k > 0 && isNameWord(words[k - 1]![0]) && words.length - k < 5) k--;
  while (k < words.length && NOT_NAMES.has(words[k]![0].replace(/\.$/, ''))) k++;
  if (k === words.length) return null;
  const name = first.name.slice(words[k]!.index);
  if (!isName(name)) return null;
  parts[0] = { name, start: first.start + words[k]!.index };
  return parts;
}

/** A listed name's surname: the name without the initials and generation written before or after it ("P. Vijayabaskar" → "Vijayabaskar", "Cinatl J Jr" → "Cinatl"). */
export function surnameOf(name: string): string {
  const words = name.split(/[\s\u00a0]+/).filter(Boolean);
  const before = (w: string) => /^(?:\p{Lu}\.[-‐]?)+$|^\p{Lu}$/u.test(w);
  const after = (w: string) => /^\p{Lu}{1,2}$|^(?:\p{Lu}\.[-‐]?)+$|^(?:Jr|Sr|II|III|IV)\.?$/u.test(w);
  let i = 0;
  let j = words.length;
  while (i < j - 1 && before(words[i]!)) i++;
  while (j - 1 > i && after(words[j - 1]!)) j--;
  return words.slice(i, j).join(' ');
}
