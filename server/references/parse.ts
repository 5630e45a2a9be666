// One reference string → its fields: authors, year, title, container, volume, issue, pages, DOI and
// URL. Tolerant of the common styles (Vancouver, APA, Harvard, Chicago, MLA, ACS, AIP, Elsevier with
// or without titles). Pure string functions, shared by the resolver (matching) and the CSL rewrite
// (rendering parsed entries in another style). Fields it cannot find are null, never guessed.

import { findDois } from './doi-text.ts';
import { authorBlockEnd, findYear, parseAuthors, parseLabel } from './fields.ts';
import { extendOverMiddleInitials, INITIALS_FIRST_LIST, namesRunToYear, readAuthors, type ParsedAuthor } from './names.ts';
import { DASH, expandPages, findNumbers, PAGES, type ParsedPages } from './numbers.ts';

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
