// One reference string → its fields: authors, year, title, container, volume, issue, pages, DOI and
// URL. Tolerant of the common styles (Vancouver, APA, Harvard, Chicago, MLA, ACS, AIP, Elsevier with
// or without titles). Pure string functions, shared by the resolver (matching) and the CSL rewrite
// (rendering parsed entries in another style). Fields it cannot find are null, never guessed.

import { findDois } from './doi-text.ts';
import { authorBlockEnd, findYear, parseAuthors, parseLabel, type YearHit } from './fields.ts';

interface ParsedAuthor {
  family: string;
  /** Given names or initials as written ("J. A.", "JA"), or null. */
  given: string | null;
}

interface ParsedPages {
  first: string;
  /** Last page, short ranges expanded (1425-37 → 1437); null for a single page. */
  last: string | null;
}

export interface ParsedReference {
  /** The text as given. */
  text: string;
  /** Label, DOIs, URLs, PubMed/PMID notes removed; short page ranges expanded; spacing collapsed. */
  cleaned: string;
  authors: ParsedAuthor[];
  etAl: boolean;
  /** Four-digit publication year, or null. */
  year: string | null;
  /** Suffix letter of an author-year year ("a" in 2020a), or null. */
  yearSuffix: string | null;
  title: string | null;
  containerTitle: string | null;
  volume: string | null;
  issue: string | null;
  pages: ParsedPages | null;
  /** DOI written in the reference (lower case), or null. */
  doi: string | null;
  url: string | null;
  /** Every number in the cleaned text, in order (years, volumes, pages, numbers in the title). */
  numbers: string[];
}

const DASH = '[-–—‐‑]';
/** A page: "101", "e123", "S255", "A155", an article number with its page ("575.e3"). */
const PAGE = '[A-Za-z]{0,2}\\d+[A-Za-z]?(?:\\.[a-z]\\d{1,4})?';
const PAGES = `(${PAGE})(?:\\s*${DASH}+\\s*(${PAGE}))?`;

/** "1425-37" → { first: 1425, last: 1437 }; "e123" → { first: e123, last: null }. */
export function expandPages(first: string, last: string | null | undefined): ParsedPages {
  if (!last) return { first, last: null };
  const f = /^([A-Za-z]*)(\d+)([A-Za-z]?)$/.exec(first);
  const l = /^([A-Za-z]*)(\d+)([A-Za-z]?)$/.exec(last);
  if (f && l && !l[1] && l[2]!.length < f[2]!.length) {
    const full = f[2]!.slice(0, f[2]!.length - l[2]!.length) + l[2]!;
    return { first, last: `${f[1]}${full}${l[3]}` };
  }
  return { first, last };
}

/** Label, DOIs, URLs, PubMed notes and access dates removed; page ranges "1425-37" expanded. */
export function cleanReference(text: string): { cleaned: string; doi: string | null; url: string | null } {
  let s = text.replace(/\s+/g, ' ').trim();
  const label = parseLabel(s);
  s = s.slice(label.bodyStart);
  const dois = findDois(s);
  const doi = dois[0]?.doi.toLowerCase() ?? null;
  for (const d of [...dois].reverse()) s = `${s.slice(0, d.start)} ${s.slice(d.end)}`;
  let url: string | null = null;
  s = s.replace(/\b(?:https?:\/\/|www\.)[^\s<>"]+/gi, (m) => {
    if (!url && !/doi\.org\//i.test(m)) url = m.replace(/[.,;:)\]]+$/, '');
    return ' ';
  });
  s = s
    .replace(/\b(?:doi|DOI)\s*:?\s*(?=[\s.,;]|$)/g, ' ')
    .replace(/\[?\b(?:PubMed|PMID|PMCID|PMC|Medline|CrossRef|Google Scholar|Web of Science)\b(?:\s*(?:ID)?\s*:?\s*(?:PMC)?\d+)?\]?\s*\.?/gi, ' ')
    .replace(/\b(?:Available (?:from|at|online)|Accessed|Retrieved|Cited|Epub(?: ahead of print)?)\b[^.;]*[.;]?/gi, ' ')
    .replace(new RegExp(`\\b(\\d{2,})\\s*${DASH}+\\s*(\\d+)\\b`, 'g'), (m, a: string, b: string) => {
      const p = expandPages(a, b);
      return Number(p.last) > Number(a) ? `${a}-${p.last}` : m;
    })
    .replace(/\s+([.,;:])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  return { cleaned: s, doi, url };
}

/** A final full stop that belongs to an initial ("Anna M.", "J. A.", "J.-P."), not to the sentence ("John."). */
const ENDS_ON_INITIAL = /(?:^|[\s.-])\p{Lu}\.$/u;

/** Given names as written: trailing commas dropped, a final full stop kept when it is an initial's. */
function givenAsWritten(given: string): string {
  const g = given.replace(/[,;:]+$/, '').trim();
  return ENDS_ON_INITIAL.test(g) ? g : g.replace(/\.+$/, '').trim();
}

function splitAuthor(name: string): ParsedAuthor {
  const n = name.replace(/[.,;:]+$/, '').trim();
  // "Smith, J. A." / "Smith, John": the initials keep their full stops.
  let m = /^([^,]+),\s*(.+)$/.exec(name.replace(/[,;:]+$/, '').trim());
  if (m) return { family: m[1]!.trim(), given: givenAsWritten(m[2]!) };
  // "J.A. Smith", "K. H. Meyer", "John Smith" is ambiguous with "Smith JA": initials decide.
  m = /^((?:\p{Lu}\.\s?-?)+)\s*(.+)$/u.exec(n);
  if (m) return { family: m[2]!.trim(), given: m[1]!.trim() };
  // "Smith JA", "van der Berg J", "Smith J-P"
  m = /^(.+?)\s+(\p{Lu}{1,4}(?:-\p{Lu})?|(?:\p{Lu}\.\s?)+)$/u.exec(n);
  if (m) return { family: m[1]!.trim(), given: m[2]!.trim() };
  // "Alexandr Luppo"-like first-given forms stay whole as a family name (no safe split).
  return { family: n, given: null };
}

// Names written in full: a capitalised word ("Anna", "Jean-Luc", "O’Brien", "McDonald", "Łukasz"),
// an initial ("M", "M.", "J.-P."), a particle ("de", "van", "der"). Words are separated by spaces
// (or follow a dotted initial), so that "AM" is not read as two initials.
const PARTICLE = "(?:d[aeiou]s?|de[lnr]?|della|van|von|vom|zu[mr]?|te[nr]?|la|le|y|bin|ibn|al|el|ben|st\\.?)";
const NAME_PART = "(?:\\p{Ll}{1,3}[’'])?\\p{Lu}(?:[\\p{Ll}’']|\\p{Lu}(?=\\p{Ll}))*\\p{Ll}";
const NAME_WORD = `${NAME_PART}(?:-${NAME_PART})*`;
const INITIAL = '\\p{Lu}\\.?(?:-\\p{Lu}\\.?)?';
const GIVEN_WORDS = `(?:${NAME_WORD}|${INITIAL})(?:(?:\\s+|(?<=\\.))(?:${NAME_WORD}|${INITIAL})){0,3}`;
/** A surname printed in capitals (small capitals are often typed so): "TANABE", "ZUSPAN", "GOULET-CAZÉ". */
const CAPITALS_WORD = "\\p{Lu}{3,}(?:[-’']\\p{Lu}{2,})*";
const SURNAME = `(?:${PARTICLE}\\s+){0,3}(?:${NAME_WORD}|${CAPITALS_WORD})`;
const SUFFIX = /^(?:Jr|Sr|II|III|IV)\.?$/;
const EDITORS = /^(?:eds?|editors?|Hrsg|trans)\.?$/i;
/** "Brown", "de Vries", "van der Berg", "Smith-Jones": a surname alone, no initials. */
const SURNAME_ONLY = new RegExp(`^${SURNAME}$`, 'u');
/** The first author's surname may have two words ("Calquín Donoso"). */
const FIRST_SURNAME_ONLY = new RegExp(`^${SURNAME}(?:\\s+${NAME_WORD})?$`, 'u');
/**
 * After a two-word first chunk ("Calquín Donoso, Claudia") one given name and initials at most:
 * "Xueli An, Minghao Zhao" lists two authors given name first.
 */
const ONE_GIVEN_NAME = new RegExp(`^(?:${INITIAL}\\s*)*${NAME_WORD}(?:\\s*${INITIAL})*$`, 'u');
/** "Anna M.", "Anna Maria", "J. Anna", "Jan de": given names, at least one written in full. */
const GIVEN_NAMES = new RegExp(`^(?=.*${NAME_WORD})${GIVEN_WORDS}(?:\\s+${PARTICLE}){0,2}$`, 'u');
/** "Piotr Kowalski", "Anna M. de Vries", "Lee Chen Jr.": given names first, then the surname. */
const GIVEN_FIRST = new RegExp(`^(${GIVEN_WORDS}?)\\s+(${SURNAME})(?:,?\\s+(?:Jr|Sr|II|III|IV)\\.?)?$`, 'u');

/**
 * The authors of a list split at commas and "and" (parseAuthors): "Surname, Given Names" written in
 * full (Chicago, MLA, some Harvard) comes as two chunks, "Brown" and "Anna M.", joined here into one
 * author. After such a first author, Chicago and MLA write the others "Given Surname" ("Piotr
 * Kowalski"), read so. Vancouver, APA, Harvard and ACS chunks carry their initials and pass through.
 */
function readAuthors(chunks: string[]): ParsedAuthor[] {
  const out: ParsedAuthor[] = [];
  let givenFirst = false;
  for (let i = 0; i < chunks.length; i++) {
    const raw = chunks[i]!.replace(/[,;:]+$/, '').trim();
    let chunk = raw.replace(/\.+$/, '').trim();
    if (EDITORS.test(chunk)) continue;
    // "Altman, David, und Rossana Castiglioni": a conjunction parseAuthors does not split at.
    if (givenFirst) chunk = chunk.replace(/^(?:und|et|y|e|en|og|och|és|i)\s+(?=\p{Lu})/u, '');
    if (SUFFIX.test(chunk) && out.length) {
      const last = out[out.length - 1]!;
      last.given = last.given ? `${last.given}, ${chunk}` : chunk;
      continue;
    }
    // parseAuthors appends "Jr" to the chunk before it, as it does initials: "Anna M., Jr".
    const next = chunks[i + 1] ? /^(.*?)[.,;:]*(?:,\s*((?:Jr|Sr)\.?))?$/.exec(chunks[i + 1]!.trim()) : null;
    if (next && GIVEN_NAMES.test(next[1]!) && (SURNAME_ONLY.test(chunk) || (i === 0 && FIRST_SURNAME_ONLY.test(chunk) && ONE_GIVEN_NAME.test(next[1]!)))) {
      const given = givenAsWritten(chunks[i + 1]!.trim().replace(/,\s*(?:Jr|Sr)\.?$/, ''));
      out.push({ family: chunk, given: next[2] ? `${given}, ${next[2]}` : given });
      if (i === 0) givenFirst = true;
      i++;
      continue;
    }
    const m = givenFirst ? GIVEN_FIRST.exec(chunk) : null;
    if (m) out.push({ family: m[2]!.trim(), given: m[1]!.trim() });
    else out.push(splitAuthor(givenFirst ? chunk : raw));
  }
  return out;
}

/** "Brown, Anna M., …": a list that starts "Surname, Given Names" (Chicago, MLA). */
const INVERTED_FIRST = new RegExp(`^${SURNAME}(?:\\s+${NAME_WORD})?,\\s*(${GIVEN_WORDS})\\.?(?:,|\\s(?:and|&)\\s)`, 'u');
/** The block so far ends on the middle initial of a later "Given I. Surname" author. */
const ENDS_ON_MIDDLE_INITIAL = new RegExp(`(?:,|\\band|&)\\s+${NAME_WORD}(?:\\s+${INITIAL})*\\s+\\p{Lu}\\.$`, 'u');
/** The block so far ends on the initials of a later "I. Surname" author: "Brown, A. M., and D." (Chicago with initials). */
const ENDS_ON_INITIALS = new RegExp(`(?:,|\\band|&)\\s+(?:\\p{Lu}\\.\\s?-?)+$`, 'u');
const SURNAME_NEXT = new RegExp(`^\\s+${SURNAME}(?=[.,]|\\s(?:and|&|Jr\\.?|Sr\\.?)[\\s,.])`, 'u');

/**
 * authorBlockEnd stops at "Initial. Capital" ("Quint M. Development"): in a Chicago/MLA list that
 * cuts "Piotr J. Kowalski" after "J.". When the list starts "Surname, Given Names" and the block
 * ends on such a middle initial followed by a surname, the block goes on to the next boundary.
 */
function extendOverMiddleInitials(cleaned: string, end: number, year: YearHit | null): number {
  const first = INVERTED_FIRST.exec(cleaned);
  if (!first) return end;
  // After "Surname, Given Names" a later author's middle initial; after "Surname, I." a later author's initials.
  const endsOnInitial = GIVEN_NAMES.test(first[1]!) ? ENDS_ON_MIDDLE_INITIAL : ENDS_ON_INITIALS;
  for (let guard = 0; guard < 20 && endsOnInitial.test(cleaned.slice(0, end)); guard++) {
    const m = SURNAME_NEXT.exec(cleaned.slice(end));
    if (!m) break;
    const from = end + m[0].length;
    const next = end + authorBlockEnd(cleaned.slice(end), null);
    if (next < from) break;
    end = Math.min(next, year && year.start >= from ? year.start - (cleaned[year.start - 1] === '(' ? 1 : 0) : Infinity, 600);
  }
  return end;
}

/** Lower-case words a list of names holds: "and", "et al.", "ed.", particles. */
const NAME_LINK = new RegExp(`^(?:and|et|al|eds?|${PARTICLE})$`, 'u');

/**
 * authorBlockEnd ends a block at "Initial. Capital", which an initial before a name also is: "Benke, A.C., G.M. Ward &
 * T.D. Richardson. 1999.", "Hobson, J. D., and J. G. McCluskey. 1967.", "Hubbard, Anne, N. Adzick, and Alan Flake. 1999."
 * When the block ends on an initial, or initials stand before names in what follows, and only names lie between
 * that end and the year (capitalised words, initials, "and", "&", no sentence of its own), the block runs to the year.
 */
function namesRunToYear(cleaned: string, end: number, year: YearHit): boolean {
  if (year.start <= end) return false;
  const between = cleaned.slice(end, year.start);
  // Ending on an initial is not enough when the year follows without a stop: "Perfetto, E. M. Annals of Pharmacotherapy 1996".
  const initialThenName = /\b\p{Lu}\.\s?\p{Lu}/u.test(between);
  if (!initialThenName && !(/\b\p{Lu}\.$/u.test(cleaned.slice(0, end)) && /[.,]\s*\(?$/.test(between))) return false;
  if (!/^[\s\p{Lu}\p{Ll}.,'’&-]*$/u.test(between)) return false;
  if (/\b\p{Ll}{4,}\b/u.test(between.replace(/\band\b/g, ''))) return false;
  if (!initialThenName && (between.match(/(?<![\p{L}'’])\p{Ll}+\b/gu) ?? []).some((w) => !NAME_LINK.test(w))) return false;
  // A sentence between ("Smith J. Cancer. Lancet. 2010": a title, then a journal) is no name.
  return !/\p{Ll}{2}\.\s+\S/u.test(between.replace(/[\s.(]+$/, ''));
}

/** An author written "Initials Surname" with dotted initials: "J.R. Longanbach", "J.-M. Yuan", "A. K. Roy-Chowdhury",
 * "S. De Bernardo" (a capitalised particle or a second surname). */
const INITIALS_AUTHOR = `\\p{Lu}\\.(?:\\s?-?\\p{Lu}\\.){0,3}\\s?(?:${NAME_WORD}\\s+)?${SURNAME}`;
/**
 * A list of such authors at the start, as AIP, IEEE and other physics and engineering styles write it:
 * "M. Besnard, D. Berrebi, and J. Navarro, Archives de Pédiatrie 5, 218 (1998)", "J. Smith and A. Lee, “Title,”".
 * It ends where a comma or an opening quote follows the last author; a space missing after a comma (OCR) is tolerated.
 */
const INITIALS_FIRST_LIST = new RegExp(`^${INITIALS_AUTHOR}(?:,\\s*${INITIALS_AUTHOR})*(?:,?\\s+(?:and|&)\\s*${INITIALS_AUTHOR})?(?:,?\\s+et\\s+al\\.)?(?=,|\\s*[“"‘])`, 'u');

const MONTH_OR_SEASON = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)[a-z]*\\.?|Spring|Summer|Autumn|Fall|Winter';

interface NumbersHit {
  start: number;
  end: number;
  volume: string | null;
  issue: string | null;
  pages: ParsedPages | null;
}

// Tried in order over the text after the title; the first hit whose volume is not the year wins.
const NUMBER_PATTERNS: { re: RegExp; v?: number; i?: number; p?: number }[] = [
  // MLA 60.3 (2014): 12-20
  { re: new RegExp(`\\b(\\d{1,5})\\.(\\d{1,4})\\s*\\(\\d{4}\\)\\s*:?\\s*(?:pp?\\.?\\s*)?(?:${PAGES})?`, 'g'), v: 1, i: 2, p: 3 },
  // Chicago 12, no. 3 (2004): 101-19, with a month or season (Spring 2004), or no issue: 26 (1938): 199
  { re: new RegExp(`\\b(\\d{1,5})(?:\\s*,\\s*no\\.\\s*(\\w{1,6}))?\\s*\\((?:\\p{L}+\\.?\\s+(?:\\d{1,2},?\\s+)?)?(?:1[5-9]|20)\\d\\d\\)\\s*:\\s*${PAGES}`, 'gu'), v: 1, i: 2, p: 3 },
  // Chicago with the issue's date apart: 15 (3) (January): 184-91, 478 (7369) (October 1): 349-55, 161 (February): 211-21
  { re: new RegExp(`\\b(\\d{1,5})(?:\\s*\\(([^()]{1,12})\\))?\\s*\\((?:${MONTH_OR_SEASON})(?:\\s+\\d{1,2})?(?:,?\\s+(?:1[5-9]|20)\\d\\d)?\\)\\s*:\\s*${PAGES}`, 'gu'), v: 1, i: 2, p: 3 },
  // 87(Pt 3):489-99, 6(2), 70-84, 27(1):e123
  { re: new RegExp(`\\b(\\d{1,5})\\s*\\(([^()]{1,20})\\)\\s*[:,]\\s*(?:pp?\\.?\\s*)?${PAGES}`, 'g'), v: 1, i: 2, p: 3 },
  // Elsevier 26 (1938) 199
  { re: new RegExp(`\\b(\\d{1,5})\\s*\\((?:1[5-9]|20)\\d\\d\\)\\s*,?\\s*(?:pp?\\.?\\s*)?${PAGES}`, 'g'), v: 1, p: 2 },
  // vol. 12, no. 3, pp. 45-67; MLA's vol. 12, no. 3, 2004, pp. 45-67 (the date, with a month or season, between;
  // "pp. 1870" is a page, not a month and a year)
  { re: new RegExp(`\\bvol(?:ume)?\\.?\\s*(\\d{1,5})(?:\\s*,?\\s*(?:no|issue|nr)\\.?\\s*(\\w{1,6}))?(?:\\s*,\\s*(?:(?!pp?\\.|pages?\\s)\\p{L}+\\.?\\s+)?(?:1[5-9]|20)\\d\\d)?(?:\\s*,?\\s*(?:pp?\\.?|pages?)\\s*${PAGES})?`, 'giu'), v: 1, i: 2, p: 3 },
  // 312:1027-1030, 6:521-31
  { re: new RegExp(`\\b(\\d{1,5})\\s*:\\s*${PAGES}`, 'g'), v: 1, p: 2 },
  // 19, 147-151 (Harvard/ACS/AIP)
  { re: new RegExp(`\\b(\\d{1,5})\\s*,\\s*(?:pp?\\.?\\s*)?${PAGES}`, 'g'), v: 1, p: 2 },
  // 45 (10) without pages, 27(1).
  { re: /\b(\d{1,5})\s*\(([^()]{1,12})\)/g, v: 1, i: 2 },
];

function findNumbers(rest: string, year: string | null): NumbersHit | null {
  for (const { re, v, i, p } of NUMBER_PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(rest); m; re.lastIndex = m.index + 1, m = re.exec(rest)) {
      const volume = v ? m[v] ?? null : null;
      if (volume && (volume === year || (volume.length === 4 && /^(1[5-9]|20)\d\d$/.test(volume) && !/[:(]/.test(m[0].slice(volume.length, volume.length + 3))))) continue;
      const issue = i ? m[i]?.trim() ?? null : null;
      if (issue && /^(1[5-9]|20)\d\d$/.test(issue)) continue;
      const first = p ? m[p] ?? null : null;
      if (first && first === year) continue;
      const pages = first ? expandPages(first, m[p! + 1] ?? null) : null;
      return { start: m.index, end: m.index + m[0].length, volume, issue, pages };
    }
  }
  return null;
}

/** The title: a quoted title wins; otherwise the sentence after the author block and year. */
function findTitleSpan(body: string, from: number): { start: number; end: number } | null {
  const quoted = /[“"‘]([^”"’]{8,}?)[.,]?[”"’]/u.exec(body.slice(from));
  if (quoted) {
    const start = from + quoted.index + 1;
    return { start, end: start + quoted[1]!.length };
  }
  const lead = /^[\s.,;:)]+/.exec(body.slice(from));
  const start = from + (lead ? lead[0].length : 0);
  const rest = body.slice(start);
  // A sentence ends at ". " (or "? ", "! ") not after an initial or a short abbreviation.
  const m = /^(.{3,}?(?:[^\s.A-Z]|[A-Z0-9]{2}))([.?!])(?:\s|$)/u.exec(rest);
  const end = start + (m ? m[1]!.length + (m[2] === '.' ? 0 : 1) : rest.length);
  return end - start >= 3 ? { start, end } : null;
}

/** A segment that reads as "Journal 1996, 30, 1117–1121" rather than a title (styles without titles). */
function looksLikeSourceOnly(segment: string, year: string | null): boolean {
  if (!/\d/.test(segment)) return false;
  const words = segment.match(/\p{L}+/gu) ?? [];
  if (!year) return false;
  const hasNumbersBlock = new RegExp(`\\b${year}\\b\\s*[,;)]?\\s*\\d`).test(segment) || new RegExp(`\\d\\s*\\(${year}\\)`).test(segment);
  // However long the journal's name, a segment that ends on its numbers ("… Nations Health 30, 527 (1940)") is the source.
  const endsOnNumbers = new RegExp(`(?:\\d\\s*\\(${year}\\)|\\b${year}\\s*,\\s*\\d{1,5}\\s*,\\s*${PAGES})\\s*$`).test(segment);
  return hasNumbersBlock && (words.length <= 8 || endsOnNumbers);
}

export function parseReference(text: string): ParsedReference {
  const { cleaned, doi, url } = cleanReference(text);
  const yearHit = findYear(cleaned);
  const year = yearHit ? yearHit.base : null;
  let authorEnd = authorBlockEnd(cleaned, yearHit);
  if (yearHit && namesRunToYear(cleaned, authorEnd, yearHit)) authorEnd = yearHit.start - (cleaned[yearHit.start - 1] === '(' ? 1 : 0);
  authorEnd = extendOverMiddleInitials(cleaned, authorEnd, yearHit);
  // authorBlockEnd reads "M. Besnard" as the end of a block ("Initial. Capital"): a whole initials-first list goes on.
  const initialsFirst = INITIALS_FIRST_LIST.exec(cleaned);
  if (initialsFirst && initialsFirst[0].length > authorEnd && (!yearHit || yearHit.start >= initialsFirst[0].length)) authorEnd = initialsFirst[0].length;
  // An entry that opens on a quoted title has no authors (IEEE, ACS: “Troubleshooting forum,” Plastics, …).
  if (/^\s*[“"‘]/u.test(cleaned)) authorEnd = 0;
  const parsedAuthors = parseAuthors(cleaned.slice(0, authorEnd));
  // A name holds no lower-case word of four letters or more ("Annual report of the city gardens committee" is a title).
  const authors = readAuthors(parsedAuthors.authors).filter((a) => a.family.length > 1 && a.family.length < 60 && !/(?:^|\s)\p{Ll}{4,}(?:\s|$)/u.test(a.family));
  const titleFrom = yearHit && yearHit.start <= authorEnd + 3 ? yearHit.end + (cleaned[yearHit.end] === ')' ? 1 : 0) : authorEnd;
  let span = findTitleSpan(cleaned, titleFrom);
  let title = span ? cleaned.slice(span.start, span.end).trim() : null;
  if (title && looksLikeSourceOnly(title, year)) { title = null; span = null; }
  const afterTitle = span ? span.end + 1 : titleFrom;
  const rest = cleaned.slice(afterTitle);
  const nums = findNumbers(rest, year);
  let containerTitle: string | null = null;
  const containerEnd = nums ? nums.start : (() => {
    const y = year ? rest.search(new RegExp(`\\b${year}\\b`)) : -1;
    return y >= 0 ? y : rest.length;
  })();
  const container = rest
    .slice(0, containerEnd)
    .replace(/^\s*In\b:?\s*/i, '')
    .replace(/\(?\b(?:1[5-9]|20)\d\d[a-z]?\)?/g, ' ')
    .replace(/\b(?:vol(?:ume)?|no|pp?)\.?\s*$/i, '')
    .replace(/^[\s.,;:”"’]+|[\s.,;:(“"‘]+$/g, '')
    .trim();
  if (container.length >= 2 && /\p{L}{2}/u.test(container)) containerTitle = container;
  return {
    text,
    cleaned,
    authors,
    etAl: parsedAuthors.etAl,
    year,
    yearSuffix: yearHit?.suffix ?? null,
    title,
    containerTitle,
    volume: nums?.volume ?? null,
    issue: nums?.issue ?? null,
    pages: nums?.pages ?? null,
    doi,
    url,
    numbers: cleaned.match(/\d+/g) ?? [],
  };
}
