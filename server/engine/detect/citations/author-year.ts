// Author-year citations: parenthetical "(Smith, 2020; Lee & Kim, 2019)", "(Tang et al. 2025)",
// narrative "Smith and Jones (2019)", "Cook et al. (2008)", year lists "Smith et al., 2020a, b" and
// "Huch et al., 2015, 2013", APA first citations naming up to six authors "Moreno, Patel, Okafor,
// Lindqvist, & Hale, 2018", and the same in other languages ("Silva e Souza (2010)", "(García y col., 2015)",
// "(Müller u. a. 2019)", "(Souza, s.d.)", ABNT's "(OLIVEIRA; RESENDE, 2020)": language-words.ts). Found from
// each year by reading the author names to its left; a
// citation is kept only when its first author is an author of the reference list, or when its form
// leaves no doubt (then it is reported unmatched: in an author-year document always for "(Name, 2020)").

import type { HyperlinkSettings } from '../../../../shared/settings.ts';
import type { ModelParagraph } from '../../model/types.ts';
import { PARTICLES } from '../bibliography/names.ts';
import type { MatchCandidate } from '../types.ts';
import { citationMatch } from './match.ts';
import { listedNames, surnameOf } from './name-list.ts';
import { AUTHOR_AND, AUTHOR_BY, isNoDate, MONTHS, noDateKey, OTHER_ET_AL, OTHER_NO_DATE } from './language-words.ts';
import type { AuthorIndex, Resolution } from './author-index.ts';

const WORD = String.raw`\p{Lu}[\p{L}\p{M}'’\-–‐‑]*`;
const PARTICLE = String.raw`(?:[vV]an|[vV]on|[dD]er|[dD]en|[dD]e|[dD]el|[dD]ella|[dD]i|[dD]a|[dD]os|[dD]as|[dD]u|[lL]a|[lL]e|[tT]en|[tT]er|zu|y|[dD]')`;
const CONNECTOR = String.raw`(?:of|for|the|on)`;
const NAME = String.raw`(?:${PARTICLE}\s?)*${WORD}(?:[\s\u00a0](?:(?:${PARTICLE}|${CONNECTOR})\s)*${WORD}){0,5}`;
const ET_AL = String.raw`,?[\s\u00a0]+(?:et[\s\u00a0]*al\.?|${OTHER_ET_AL})|[\s\u00a0]+and[\s\u00a0]+(?:co-?workers|colleagues)`;
const AND = `(?:and|&|${AUTHOR_AND})`;
const GENERATION = String.raw`(?:,?[\s\u00a0]+(?:Jr|Sr|II|III)\.?)?`;
const GROUP = String.raw`(${NAME})${GENERATION}(?:(${ET_AL})|[\s\u00a0]+${AND}[\s\u00a0]+(${NAME})|,[\s\u00a0]+(${NAME}),?[\s\u00a0]+${AND}[\s\u00a0]+(${NAME}))?`;
const JOINED_RE = new RegExp(`^(.*\\S)[\\s\\u00a0]+(?:${AUTHOR_AND})[\\s\\u00a0]+(\\p{Lu}.*)$`, 'u');
/** One more author before a list of three: "Moreno, " in "Moreno, Patel, Okafor, & Hale". */
const LIST_HEAD_RE = new RegExp(`(?:^|[\\s\\u00a0(;])((?:${PARTICLE}\\s?)?${WORD}),[\\s\\u00a0]+$`, 'u');
const TAIL_RE = new RegExp(`${GROUP}(,[\\s\\u00a0]*|[\\s\\u00a0]+|[\\s\\u00a0]*\\([\\s\\u00a0]*|['’]s[\\s\\u00a0]*\\([\\s\\u00a0]*)$`, 'u');
/** A year, or the words entries without a year use instead ("n.d.", "in press", "in review"). */
const YEAR_RE = new RegExp(String.raw`(?<![\p{L}\p{N}./\-–])(1[6-9]\d\d|20\d\d|n\.[\s\u00a0]?d\.|in[\s\u00a0]press|in[\s\u00a0]review|under[\s\u00a0]review|forthcoming|submitted|in[\s\u00a0]preparation|\[no[\s\u00a0]date\]|${OTHER_NO_DATE})([a-z])?(?![\p{L}\p{N}])`, 'gu');
const NO_YEAR = new RegExp(String.raw`n\.[\s\u00a0]?d\.|in[\s\u00a0]press|in[\s\u00a0]review|under[\s\u00a0]review|forthcoming|submitted|in[\s\u00a0]preparation|\[no[\s\u00a0]date\]|${OTHER_NO_DATE}`, 'u');
const PAGES_RE = /^,?[\s\u00a0]*(?:p|pp|page|pages)\.?[\s\u00a0]*\d+(?:[\s\u00a0]*[-–][\s\u00a0]*\d+)?/;
const NON_NAMES = new Set(['In', 'The', 'This', 'These', 'Since', 'From', 'Until', 'After', 'Before', 'During', 'By', 'Of', 'On', 'At', 'As', 'For', 'And', 'Between', 'Around', 'To', 'See', 'Figure', 'Fig', 'Table', 'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December', 'Spring', 'Summer', 'Autumn', 'Winter', 'Fall', ...MONTHS]);

interface Found {
  authorStart: number;
  yearStart: number;
  yearEnd: number;
  narrative: boolean;
  inParens: boolean;
  first: string;
  second: string | null;
  etAl: boolean;
  year: string;
  suffix: string | null;
  /** Separator between names and year was a comma. */
  comma: boolean;
  /** How many authors a list of three or more names ("A, B, & C") names. */
  named?: number;
}

/** Innermost unclosed "(" before each offset (-1 when none). */
function openParens(text: string): Int32Array {
  const out = new Int32Array(text.length + 1).fill(-1);
  const stack: number[] = [];
  for (let i = 0; i < text.length; i++) {
    out[i] = stack.length ? stack[stack.length - 1]! : -1;
    if (text[i] === '(') stack.push(i);
    else if (text[i] === ')') stack.pop();
  }
  out[text.length] = stack.length ? stack[stack.length - 1]! : -1;
  return out;
}

/** Drops leading words that are not part of the surname ("In Nunes da Fonseca" → "Nunes da Fonseca"). */
function pickSurname(name: string, nameStart: number, index: AuthorIndex): Picked {
  const words = [...name.matchAll(/\S+/g)];
  for (let i = 0; i < words.length; i++) {
    const candidate = name.slice(words[i]!.index);
    if (index.knowsSurname(candidate)) return { name: candidate, start: nameStart + words[i]!.index, known: true };
    // "Tang's (2025)": a surname word takes the possessive with it.
    const bare = candidate.replace(/['’]s$/, '');
    if (bare !== candidate && index.knowsSurname(bare)) return { name: bare, start: nameStart + words[i]!.index, known: true };
  }
  // Unknown: the last capitalised word with its particles.
  let i = words.length - 1;
  while (i > 0 && PARTICLES.has(words[i - 1]![0].toLowerCase())) i--;
  return { name: name.slice(words[i]!.index), start: nameStart + words[i]!.index, known: false };
}

type Picked = { name: string; start: number; known: boolean };

/**
 * APA first citations name up to six authors: from the first name of a three-name tail at `from` in `left`,
 * walks left over "Name, " while the names go on. The list's first name and the one after it, or null when
 * no name precedes the tail.
 */
function listHead(left: string, from: number, offset: number, picked: Picked, index: AuthorIndex): { picked: Picked; second: string; named: number } | null {
  let start = from;
  let second: string | null = null;
  let named = 3;
  for (let k = 0; k < 4; k++, named++) {
    const base = Math.max(0, start - 60);
    const more = LIST_HEAD_RE.exec(left.slice(base, start));
    if (!more || NON_NAMES.has(more[1]!)) break;
    start = base + more.index + more[0].indexOf(more[1]!);
    second = picked.name;
    picked = { name: more[1]!, start: offset + start, known: index.knowsSurname(more[1]!) };
  }
  return second === null ? null : { picked, second, named };
}

/** "cf. Redação. Veja": a referring word, an author's name, a full stop and more words. */
const AUTHOR_THEN_TITLE_RE = new RegExp(`^(?:(?:cf|vgl|see|ver|véase|voir|e\\.g|i\\.e)\\.?,?[\\s\\u00a0]+)?(${WORD}(?:[\\s\\u00a0]${WORD}){0,3})\\.[\\s\\u00a0]+\\p{Lu}`, 'u');

/** The longest item read back from its year for an entry's first words (a whole title stands in for a missing author in ISO 690). */
const ITEM_CHARS = 200;

/**
 * A parenthetical item "(…; Which drugs, 1981)" whose words before ", year" are the first words of an entry
 * (a title standing in for a missing author, a name the name pattern cannot read: "Moreno egea", "Yang*"), or
 * before the year after a space ("(Keener Competition in the Wake of the Budget 1979)", ISO 690): the item from
 * its start, when the index knows those words.
 */
function itemCitation(text: string, yearStart: number, m: RegExpExecArray, parens: Int32Array, index: AuthorIndex): Found | null {
  const open = parens[yearStart]!;
  if (open < 0) return null;
  const sep = /(?:,[\s\u00a0]*|[\s\u00a0]+)$/.exec(text.slice(Math.max(open + 1, yearStart - 4), yearStart));
  if (!sep) return null;
  const nameEnd = yearStart - sep[0].length;
  let start = nameEnd;
  while (start > open + 1 && text[start - 1] !== ';' && text[start - 1] !== '(' && nameEnd - start < ITEM_CHARS) start--;
  if (text[start - 1] !== ';' && start !== open + 1) return null;
  while (start < nameEnd && /[\s\u00a0]/.test(text[start]!)) start++;
  let name = text.slice(start, nameEnd);
  if (!/\p{L}/u.test(name)) return null;
  if (!index.byLeadWords(name).length) {
    // "(cf. Redação. Veja, 2021)": an author, a full stop and the title or journal, when the list knows the author.
    const author = AUTHOR_THEN_TITLE_RE.exec(name);
    if (!author || !index.knowsSurname(author[1]!)) return null;
    start += author[0].indexOf(author[1]!);
    name = author[1]!;
  }
  return {
    authorStart: start,
    yearStart,
    yearEnd: m.index + m[0].length,
    narrative: false,
    inParens: true,
    first: name,
    second: null,
    etAl: false,
    year: m[1]!,
    suffix: m[2] ?? null,
    comma: sep[0].startsWith(','),
  };
}

/** A classical locator (book and chapter, "VI 77", "VI, 40", "I 15") between the author and the year, with the separator before it. */
const LOCATOR_RE = /(,[\s\u00a0]*|[\s\u00a0]*\([\s\u00a0]*|[\s\u00a0]+)[IVXL]+(?:[\s\u00a0]?[IVXL]+)?(?:,?[\s\u00a0]*\d{1,4})?,[\s\u00a0]*$/u;

/** A full stop after a word in capitals, before the year. */
const CAPITALS_STOP_RE = /(?<=\p{Lu}{2})(\.)[\s\u00a0]+$/u;

/**
 * "(DIÓGENES LAERCIO, VI 77, 2010)", "Diógenes Laercio (VI 71, 2010": the author read past a classical locator
 * (or a full stop typed for the comma), when the reference list knows the author; null otherwise.
 */
function classicalCitation(text: string, yearStart: number, m: RegExpExecArray, parens: Int32Array, left: string, offset: number, index: AuthorIndex): Found | null {
  // "(MARTÍN GARCÍA. 2008)": a full stop for the comma after a name in capitals, inside parentheses.
  const loc = LOCATOR_RE.exec(left) ?? (parens[yearStart]! >= 0 ? CAPITALS_STOP_RE.exec(left) : null);
  if (!loc) return null;
  const tail = TAIL_RE.exec(left.slice(0, loc.index) + (loc[1]!.includes('(') ? ' (' : ', '));
  if (!tail || tail[2] || tail[3] || tail[4]) return null;
  const picked = pickSurname(tail[1]!, offset + tail.index, index);
  return picked.known ? citationFrom(text, yearStart, m, parens, tail, picked, null) : null;
}

/**
 * "(Huang, Altshuller, Hou, Pessin, Frohman 2005)", "(Kang, Dingwell 2006)": an item listing every author with
 * commas, the year after a space (ISO 690), when the list knows its first name; null otherwise.
 */
function listCitation(text: string, yearStart: number, m: RegExpExecArray, parens: Int32Array, index: AuthorIndex): Found | null {
  const names = listedNames(text, parens[yearStart]!, yearStart);
  if (!names) return null;
  const head = names[0]!;
  let picked = pickSurname(head.name, head.start, index);
  if (!picked.known) {
    const bare = surnameOf(head.name);
    const at = head.name.lastIndexOf(bare);
    if (bare !== head.name) picked = pickSurname(bare, head.start + Math.max(0, at), index);
  }
  if (!picked.known) return null;
  return {
    authorStart: head.start,
    yearStart,
    yearEnd: m.index + m[0].length,
    narrative: false,
    inParens: true,
    first: picked.name,
    second: surnameOf(names[1]!.name),
    etAl: names.length > 2,
    year: m[1]!,
    suffix: m[2] ?? null,
    comma: false,
    named: names.length,
  };
}

function readCitation(text: string, yearStart: number, m: RegExpExecArray, parens: Int32Array, index: AuthorIndex): Found | null {
  const listed = listCitation(text, yearStart, m, parens, index);
  if (listed) return listed;
  const leftStart = Math.max(0, yearStart - 160);
  let left = text.slice(leftStart, yearStart);
  let offset = leftStart;
  const located = classicalCitation(text, yearStart, m, parens, left, offset, index);
  if (located) return located;
  let tail = TAIL_RE.exec(left);
  if (!tail) return itemCitation(text, yearStart, m, parens, index);
  let picked = pickSurname(tail[1]!, offset + tail.index, index);
  if (!picked.known) {
    const item = itemCitation(text, yearStart, m, parens, index);
    if (item) return item;
  }
  // "García y Pérez (2015)": the name pattern reads "y" as the particle of a double surname ("Ortega y Gasset");
  // when the whole is no surname of the list and its first part is, the word joins two authors.
  const joined = !picked.known && !tail[2] && !tail[3] && !tail[4] ? JOINED_RE.exec(tail[1]!) : null;
  const joinedLeft = joined ? pickSurname(joined[1]!, offset + tail.index, index) : null;
  if (joinedLeft?.known) return citationFrom(text, yearStart, m, parens, tail, joinedLeft, joined![2]!);
  // "Moreno, Patel, Okafor, Lindqvist, & Hale, 2018": the tail's first name (Okafor) need not be a first author
  // of the list; the list's first name is, and then the tail is no prose to skip.
  const head = !picked.known && tail[4] && picked.start === offset + tail.index ? listHead(left, tail.index, offset, picked, index) : null;
  if (head?.picked.known) return citationFrom(text, yearStart, m, parens, tail, head.picked, head.second, head.named);
  // "Furthermore, Chen and Engert (2014)" first reads as a three-author list: retry after the first name.
  for (let tries = 0; !picked.known && tail[4] && tries < 3; tries++) {
    const skip = tail.index + tail[1]!.length;
    const again = TAIL_RE.exec(left.slice(skip));
    if (!again) break;
    const p2 = pickSurname(again[1]!, offset + skip + again.index, index);
    left = left.slice(skip);
    offset += skip;
    tail = again;
    picked = p2;
  }
  // The second author named: "Anderson, Ellingsen & McArdle" → Ellingsen; "Smith and Jones" → Jones.
  let second = tail[4] ?? tail[3] ?? tail[5] ?? null;
  let named: number | undefined;
  if (tail[4] && picked.start === offset + tail.index) {
    named = 3;
    const walked = listHead(left, tail.index, offset, picked, index);
    if (walked) ({ picked, second, named } = walked);
  }
  return citationFrom(text, yearStart, m, parens, tail, picked, second, named);
}

/** The citation read from the names `picked` (and `second`) and the separator that ends `tail`, or null when it is none. */
function citationFrom(text: string, yearStart: number, m: RegExpExecArray, parens: Int32Array, tail: RegExpExecArray, picked: Picked, second: string | null, named?: number): Found | null {
  const sep = tail[6]!;
  if (!picked.known && NON_NAMES.has(picked.name)) return null;
  const narrative = sep.includes('(');
  const yearEnd = m.index + m[0].length;
  if (narrative && !/^[\s\u00a0]*[),;]/.test(text.slice(yearEnd, yearEnd + 2))) return null;
  const open = parens[yearStart]!;
  const inParens = !narrative && open >= 0 && open < picked.start;
  return {
    authorStart: picked.start,
    yearStart,
    yearEnd,
    narrative,
    inParens,
    first: picked.name,
    second,
    etAl: !!tail[2] || !!tail[4],
    year: m[1]!,
    suffix: m[2] ?? null,
    comma: sep.startsWith(','),
    ...(named !== undefined ? { named } : {}),
  };
}

/** ") de Arnold Gehlen": after a parenthesised year, a word for "by" and a name of up to three words. */
const BY_AUTHOR_RE = new RegExp(`^[\\s\\u00a0]*\\)[\\s\\u00a0]+(?:${AUTHOR_BY})[\\s\\u00a0]+((?:${WORD}[\\s\\u00a0]+){0,2}${WORD})`, 'u');

type Located = { start: number; end: number; res: Resolution };

/**
 * "Moral und Hypermoral (1969) de Arnold Gehlen", "Critique of Cynical Reason (1983) by Peter Sloterdijk": a
 * work's year, then its author; the name is the citation when the list has an entry of that author and year.
 */
function authorAfterYear(text: string, m: RegExpExecArray, index: AuthorIndex, optIn: boolean): Located | null {
  if (!/\([\s\u00a0]*$/.test(text.slice(Math.max(0, m.index - 2), m.index))) return null;
  const yearEnd = m.index + m[0].length;
  const after = BY_AUTHOR_RE.exec(text.slice(yearEnd, yearEnd + 80));
  if (!after) return null;
  const nameStart = yearEnd + after[0].length - after[1]!.length;
  const picked = pickSurname(after[1]!, nameStart, index);
  if (!picked.known) return null;
  const res = index.resolve({ first: picked.name, second: null, etAl: false, year: m[1]!, suffix: m[2] ?? null }, optIn);
  return res.status === 'unmatched' ? null : { start: nameStart, end: nameStart + after[1]!.length, res };
}

/** How far back a year in parentheses alone looks for the author the sentence named. */
const NAMED_BEFORE_CHARS = 600;

/**
 * "Barthes chama atenção … ao afirmar que “…” (1987, p.19)": a year alone in parentheses after a quotation
 * (no name before it) cites the nearest author named before it in the paragraph who has an entry of that year.
 * The year is the citation, for review.
 */
function authorNamedBefore(text: string, m: RegExpExecArray, index: AuthorIndex, optIn: boolean): Located | null {
  const before = text.slice(Math.max(0, m.index - NAMED_BEFORE_CHARS), m.index);
  if (!/(?:^|[^\p{L}\p{N}\s\u00a0])[\s\u00a0]*\([\s\u00a0]*$/u.test(before)) return null;
  const names = [...before.matchAll(new RegExp(WORD, 'gu'))].reverse();
  for (const w of names) {
    const name = w[0].replace(/['’]s$/, '');
    if (NON_NAMES.has(name) || !index.knowsSurname(name)) continue;
    const res = index.resolve({ first: name, second: null, etAl: false, year: m[1]!, suffix: m[2] ?? null }, optIn);
    // The entry's own year: a name of another year, or of none, is no author of this citation.
    if (res.status === 'unmatched' || res.target?.baseYear !== m[1]) continue;
    return { start: m.index, end: m.index + m[0].length, res: { ...res, status: 'low_confidence', why: { code: 'namedBefore', values: { name } } } };
  }
  return null;
}

const SEMICOLON_NAME_RE = new RegExp(`[(;][\\s\\u00a0]*(${NAME})[\\s\\u00a0]*;[\\s\\u00a0]*(?:${WORD}[\\s\\u00a0]+){0,3}$`, 'u');

/**
 * ABNT (Brazil) separates the authors of one work with semicolons: "(OLIVEIRA; RESENDE, 2020)", "(Hirano;
 * Imbens; Ridder, 2003)". The names alone (no year) before the name at `authorStart` inside its parenthesis,
 * and where the first of them starts; null when there are none.
 */
function semicolonAuthors(text: string, authorStart: number, parens: Int32Array): { names: string[]; start: number } | null {
  const open = parens[authorStart]!;
  if (open < 0) return null;
  const names: string[] = [];
  let start = authorStart;
  for (let k = 0; k < 6; k++) {
    const m = SEMICOLON_NAME_RE.exec(text.slice(open, start));
    if (!m) break;
    names.unshift(m[1]!);
    start = open + m.index + m[0].indexOf(m[1]!);
  }
  return names.length ? { names, start } : null;
}

/** End of the ";"- or ")"-delimited item that starts before `from`. */
function itemBounds(text: string, authorStart: number, end: number, parens: Int32Array): { start: number; end: number } {
  const open = parens[authorStart]!;
  let s = authorStart;
  while (s > open + 1 && text[s - 1] !== ';') s--;
  while (s < authorStart && /[\s\u00a0]/.test(text[s]!)) s++;
  let e = end;
  while (e < text.length && text[e] !== ';' && text[e] !== ')' && parens[e] === open) e++;
  while (e > end && /[\s\u00a0,.]/.test(text[e - 1]!)) e--;
  return { start: s, end: e };
}

export function authorYearMatches(p: ModelParagraph, index: AuthorIndex, settings: HyperlinkSettings, strictUnmatched: boolean): MatchCandidate[] {
  const text = p.text;
  if (!/\d{4}/.test(text) && !NO_YEAR.test(text)) return [];
  const parens = openParens(text);
  const out: MatchCandidate[] = [];
  const consumed = new Set<number>();
  const full = settings.citeLinkScope === 'full';
  const pages = settings.citeIncludePages || full;
  const optIn = settings.suffixDisambiguationOptIn;

  for (const m of text.matchAll(YEAR_RE)) {
    if (consumed.has(m.index)) continue;
    const c = readCitation(text, m.index, m, parens, index);
    let res: Resolution | null = c && index.resolve({ first: c.first, second: c.second, etAl: c.etAl, year: c.year, suffix: c.suffix, named: c.named }, optIn);
    if (!c || !res || res.status === 'unmatched') {
      const other = authorAfterYear(text, m, index, optIn) ?? authorNamedBefore(text, m, index, optIn);
      if (other) {
        out.push(citationMatch(p, other.start, other.end, other.res));
        continue;
      }
    }
    if (!c || !res) continue;
    // "Koenker e Basset (1978)" for "BASSET, Gilbert; KOENKER, R.": the two authors named in the other order.
    if (res.status === 'unmatched' && c.second && !c.etAl) {
      const swapped = index.resolve({ first: c.second, second: c.first, etAl: false, year: c.year, suffix: c.suffix }, optIn);
      if (swapped.status !== 'unmatched' && swapped.why?.code !== 'otherYearOnly') res = { ...swapped, status: 'low_confidence', why: { code: 'authorsSwapped' } };
    }
    const list = res.status === 'unmatched' && c.inParens ? semicolonAuthors(text, c.authorStart, parens) : null;
    if (list) {
      const q = { first: list.names[0]!, second: list.names[1] ?? c.first, etAl: list.names.length > 1, year: c.year, suffix: c.suffix, named: list.names.length + 1 };
      const r2 = index.resolve(q, optIn);
      if (r2.status !== 'unmatched') {
        res = r2;
        Object.assign(c, q, { authorStart: list.start });
      }
    }
    // The no-date words of other languages ("s.d.", "s.a.") are abbreviations of other things too: only a
    // citation of an entry without a year is one. English "n.d." and ISO 690's "[no date]" are nothing else.
    if (res.status === 'unmatched' && isNoDate(c.year) && noDateKey(c.year) !== 'nd' && noDateKey(c.year) !== 'nodate') continue;
    if (res.status === 'unmatched') {
      // In an author-year document a citation that names no entry is reported, whenever its form is clear:
      // "(Name, 2020)", "(Name et al. 2020)", "Name and Other (2020)". A lone "Name (2020)" or "Name 2020" in
      // prose is too often something else ("Protocol (2019)", "COVID-19 2020").
      const parenthetical = c.inParens && c.comma;
      const named = parenthetical || (c.narrative && (c.etAl || !!c.second)) || (c.inParens && (c.etAl || !!c.second));
      // "(Hites 2011; Law et al. 2003)", "Hites (2011)": a first author of the reference list with a year none of
      // their entries has is a citation without an entry too (a changed or mistyped year), whatever its form.
      const listAuthor = (c.inParens || c.narrative) && index.knowsSurname(c.first);
      if (!strictUnmatched || !(named || listAuthor)) continue;
    }
    if (!c.inParens && !c.narrative && !c.comma && res.status !== 'ready') continue;

    // Continuations: "2020a, b", "2015, 2013", and page locators.
    let end = c.yearEnd;
    let pagesEnd = end;
    const extra: { start: number; end: number; year: string; suffix: string | null }[] = [];
    for (;;) {
      const rest = text.slice(end);
      const pm = PAGES_RE.exec(rest);
      if (pm) {
        if (!extra.length) pagesEnd = end + pm[0].length;
        end += pm[0].length;
        continue;
      }
      const sm = /^,[\s\u00a0]*([a-z])(?![\p{L}\p{N}])/u.exec(rest);
      if (sm && (c.suffix || extra.some((x) => x.suffix))) {
        const s = end + sm[0].length - 1;
        const last = extra.length ? extra[extra.length - 1]!.year : c.year;
        extra.push({ start: s, end: s + 1, year: last, suffix: sm[1]! });
        end = s + 1;
        continue;
      }
      const ym = /^([,;][\s\u00a0]*)(1[6-9]\d\d|20\d\d)([a-z])?(?![\p{L}\p{N}])/u.exec(rest);
      if (ym && (c.inParens || c.narrative)) {
        const s = end + ym[1]!.length;
        consumed.add(s);
        extra.push({ start: s, end: end + ym[0].length, year: ym[2]!, suffix: ym[3] ?? null });
        end += ym[0].length;
        continue;
      }
      break;
    }

    let start = c.authorStart;
    let mEnd = pages ? pagesEnd : c.yearEnd;
    if (c.narrative && !extra.length && text[mEnd] === ')') mEnd++;
    if (full) {
      if (c.inParens) {
        const b = itemBounds(text, c.authorStart, c.yearEnd, parens);
        start = b.start;
        if (!extra.length) mEnd = Math.max(mEnd, b.end);
      } else if (c.narrative && !extra.length) {
        // Up to the parenthesis the year opened ("Lee (2020, p. 4)"), unless it is closed already: the next
        // one may close another citation ("Lee (2020) and then Kim (2019)").
        const open = parens[c.yearStart]!;
        let e = mEnd;
        while (e < text.length && parens[e] === open && text[e] !== ')' && e - mEnd < 40) e++;
        if (text[e] === ')' && parens[e] === open) mEnd = e + 1;
      }
    }
    out.push(citationMatch(p, start, mEnd, res));
    for (const x of extra) {
      const r2 = index.resolve({ first: c.first, second: c.second, etAl: c.etAl, year: x.year, suffix: x.suffix, named: c.named }, optIn);
      // A further year the author's entries lack is another work, not a mistyped year of the one just named.
      if ((r2.status === 'unmatched' || r2.why?.code === 'otherYearOnly') && res.status !== 'unmatched') continue;
      out.push(citationMatch(p, x.start, x.end, r2));
    }
  }
  return out;
}
