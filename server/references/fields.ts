// Fields of one reference entry: printed label, year (with a/b suffix), the author block and its names, DOI and
// URL, the dangling link words at its end. Pure string functions, tolerant of Vancouver, APA, Harvard, eLife and
// MDPI-like formats; the reference reader (parse.ts) reads entries with them, the bibliography detector its labels.

import { findDois } from './doi-text.ts';

export interface ParsedLabel {
  /** The label as printed ("1.", "[1]", "(1)"), or null. */
  text: string | null;
  number: number | null;
  /** Offset where the reference text proper starts (after the label and spaces). */
  bodyStart: number;
}

const LABEL_RE = /^\s*(\[(\d{1,4})\]|\((\d{1,4})\)|(\d{1,4})[.)](?=\s|\p{Lu})|(\d{1,4})(?=\s+[\p{Lu}&“"‘]))\s*/u;

export function parseLabel(text: string): ParsedLabel {
  const m = LABEL_RE.exec(text);
  if (!m) return { text: null, number: null, bodyStart: text.length - text.trimStart().length };
  const digits = m[2] ?? m[3] ?? m[4] ?? m[5]!;
  // "2010. In: ..." starts with a year, not a label.
  if (Number(digits) >= 1500) return { text: null, number: null, bodyStart: text.length - text.trimStart().length };
  return { text: m[1]!, number: Number(digits), bodyStart: m[0].length };
}

export interface YearHit {
  start: number;
  end: number;
  year: string;
  base: string;
  suffix: string | null;
}

const YEAR_RE = /(?<![\p{L}\p{N}/\-–])(?<!\d\.)(1[5-9]\d\d|20\d\d)([a-z])?(?![\p{L}\p{N}])/gu;

/** Spans of DOIs and URLs, where digits are not years (an entry holds a few: a list is enough). */
function linkSpans(text: string): { contains(at: number): boolean } {
  const spans: Array<[number, number]> = findDois(text).map((d) => [d.start, d.end]);
  for (const m of text.matchAll(/\b(?:https?:\/\/|www\.)[^\s<>"]+/gi)) spans.push([m.index, m.index + m[0].length]);
  return { contains: (at) => spans.some(([s, e]) => s <= at && at < e) };
}

/** The publication year: the first parenthesised year, else the first year followed by punctuation, else the first year. */
export function findYear(text: string, from = 0): YearHit | null {
  const spans = linkSpans(text);
  const hits: YearHit[] = [];
  for (const m of text.matchAll(YEAR_RE)) {
    if (m.index < from) continue;
    if (spans.contains(m.index)) continue;
    hits.push({ start: m.index, end: m.index + m[0].length, year: m[0], base: m[1]!, suffix: m[2] ?? null });
  }
  if (!hits.length) return null;
  const paren = hits.find((h) => text[h.start - 1] === '(' && /^[)\s,;]/.test(text.slice(h.end)));
  if (paren) return paren;
  const punct = hits.find((h) => /^[.;,:)]/.test(text.slice(h.end)) && /(?:^|[\s(,.;])$/.test(text.slice(0, h.start)));
  return punct ?? hits[0]!;
}

/** Words in capitals (two letters or more, with particles and dashes between), then a full stop and a capitalised word. */
const CAPITALS_AUTHOR = /^[\p{Lu}][\p{Lu}'’-]+(?:[\s\u00a0]+(?:[-–][\s\u00a0]+)?[\p{Lu}][\p{Lu}'’-]*)*\.(?=[\s\u00a0]+\p{Lu})/u;

/** Where the author list ends: the year, or the first full stop that ends a name block. */
export function authorBlockEnd(body: string, year: YearHit | null): number {
  // "Quint M. Development", "Shaw R. A Review", "et al. Microbial", "Lund U. 2022", "Hansen S. (2000)".
  const boundary = /(?:\p{Ll}{2}|\b\p{Lu}{1,3}|\bal|\)\s?)[.:]\s+(?=(?!\p{Lu}\.)[\p{Lu}"“‘'(\d])/u.exec(body);
  let end = body.length;
  if (boundary) end = boundary.index + boundary[0].search(/[.:]/) + 1;
  // ABNT's author in capitals, a person known by one name or an institution: "DIÓN DE PRUSA. Discursos",
  // "BRASIL. Lei n.º 6001", "IBGE - INSTITUTO BRASILEIRO DE GEOGRAFIA E ESTATÍSTICA. Censo".
  const capitals = CAPITALS_AUTHOR.exec(body);
  if (capitals && capitals[0].length < end) end = capitals[0].length;
  if (year && year.start < end) {
    end = year.start;
    if (body[end - 1] === '(') end--;
  }
  // No year: "Hale E. n.d. An undated report", "Okafor C. In press."
  const noYear = year ? null : /(?:^|[\s(,.])(n\.\s?d\.|[Ii]n\s(?:press|review|preparation)|[Uu]nder\sreview|[Ff]orthcoming)(?=[\s),.;]|$)/.exec(body);
  if (noYear) {
    const at = noYear.index + noYear[0].length - noYear[1]!.length;
    if (at < end) end = body[at - 1] === '(' ? at - 1 : at;
  }
  return Math.min(end, 600);
}

const INITIALS_ONLY = /^(?:\p{Lu}(?:\p{Ll}?\.|\.?)(?:-\p{L}\.?)?\s?){1,4}$/u;
const TRAILING_INITIALS = /(?:[\s,]+(?:\p{Lu}\.?(?:-\p{L}\.?)?\s?){1,4}|[\s,]+\p{Lu}\p{Ll}?\.(?:\s?\p{Lu}\.)*)$/u;
const LEADING_INITIALS = /^(?:\p{Lu}\.\s?-?)+\s*/u;
/** A surname printed in capitals: "BANIWA", "GOULET-CAZÉ", "DOS SANTOS". */
const CAPITALS = /^[\p{Lu}'’\- ]{2,}$/u;
/** Name particles, as the capitals of ABNT print them too ("DE LA", "VAN DER", "DOS"). */
const PARTICLE_WORD = /^(?:de|da|do|dos|das|del|della|di|du|la|le|van|von|der|den|ten|ter|y|e|zu|d['’])$/i;

export interface ParsedAuthors {
  authors: string[];
  surnames: string[];
  etAl: boolean;
}

export function parseAuthors(block: string): ParsedAuthors {
  // A final full stop stays when it is an initial's ("Doe, K. L."), not the sentence's ("Doe, Karl.").
  let s = block.replace(/[\s,;:(]+$/, '').trim();
  if (!/(?:^|[\s.-])\p{Lu}\.$/u.test(s)) s = s.replace(/[\s.,;:(]+$/, '').trim();
  const etAl = /\bet\.?\s*al\b\.?/i.test(s);
  s = s.replace(/,?\s*\bet\.?\s*al\b\.?.*$/i, '').replace(/\s*\((?:eds?|Hrsg)\.?\)\s*$/i, '');
  const chunks = s
    .split(/\s*;\s*|\s*,\s*(?:and\s+|&\s*)?|\s+(?:and|&)\s+/)
    .map((c) => c.trim())
    .filter(Boolean);
  const authors: string[] = [];
  const surnames: string[] = [];
  let given = false;
  for (const chunk of chunks) {
    const prev = authors[authors.length - 1];
    // "Aloia, L." splits into "Aloia" and "L.": append the initials to the previous author; so too the given
    // names after a surname in capitals ("BANIWA, Gersem dos Santos Luciano; KRENAK, Ailton": ABNT).
    // After an author with initials, a word of three or more capitals without a full stop is the next surname
    // ("IACUS, S.; KING, G."), not more initials.
    // After "SMITH JA" (Vancouver in capitals: the initials are there already), "LEE K." is the next author.
    const surnameInCapitals = (given && /^\p{Lu}{3,}$/u.test(chunk)) || (prev !== undefined && /\s\p{Lu}{1,2}$/u.test(prev) && /^\p{Lu}{3,}\s/u.test(chunk));
    if (prev !== undefined && ((INITIALS_ONLY.test(chunk) && !surnameInCapitals) || (!given && CAPITALS.test(prev) && /^(?:\p{Lu}\.\s?)*\p{Lu}\p{Ll}/u.test(chunk)))) {
      authors[authors.length - 1] += `, ${chunk}`;
      given = true;
      continue;
    }
    given = false;
    if (!/\p{L}/u.test(chunk)) continue;
    authors.push(chunk);
    const bare = chunk.replace(/\s*\([^)]*\)\s*$/, '').replace(/\s+(?:Jr|Sr|II|III|IV)\.?$/, '');
    // "DE LA CRUZ", "VAN DER BERG": in capitals, a short last word after particles is the surname, not initials.
    const stripped = bare.replace(TRAILING_INITIALS, '');
    const particlesOnly = CAPITALS.test(bare) && stripped.trim().split(/\s+/).every((w) => PARTICLE_WORD.test(w));
    const surname = (particlesOnly ? bare : stripped).replace(LEADING_INITIALS, '').trim();
    surnames.push(surname || chunk);
  }
  return { authors, surnames, etAl };
}

const TRAILER = /(?:\s*(?:doi:|DOI:|Available (?:from|at):?|Retrieved(?: from)?|\[online\]|URL:?|https?:\/\/\S*|Accessed\b.*))+\s*$/;

/** The text without dangling link words at its end ("doi:", "Available from:", "Retrieved"), never cut down to almost nothing. */
export function stripTrailer(text: string): string {
  const m = TRAILER.exec(text);
  return m && m.index > 10 ? text.slice(0, m.index).trim() : text;
}

export function findUrl(text: string): string | null {
  const m = /\b(?:https?:\/\/|www\.)[^\s<>"]+/i.exec(text);
  if (!m) return null;
  const url = m[0].replace(/[.,;:)\]]+$/, '');
  if (/doi\.org\//i.test(url)) return null;
  return url;
}
