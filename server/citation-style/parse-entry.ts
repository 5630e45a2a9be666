// A reference entry as written → CSL-JSON fields, style-agnostic and heuristic: the label, the author
// list (any of "Smith, J.", "J. Smith", "Smith J", "SMITH, John"), the year, a quoted or first-sentence
// title, the container, and volume/issue/pages from the numeric tail. Good enough to render an entry
// in candidate styles for comparison (detection) and to rewrite entries whose fields are all found.

import type { CslItem, CslName } from '../csl/render.ts';

type LabelForm = 'brackets' | 'parens' | 'dot' | 'bare' | 'none';

export interface ParsedEntry {
  /** The entry without its label and without dangling link words. */
  body: string;
  label: string;
  labelForm: LabelForm;
  item: CslItem;
  /** Dangling words left where a link was ("doi:", "Available from:", "Retrieved"). */
  trailer: string;
  /** Which fields were found. */
  found: { authors: boolean; year: boolean; title: boolean; container: boolean; volume: boolean; pages: boolean };
}

/** Stand-in title for entries written without one (detection only; never written into a document). */
const UNSEEN_TITLE = 'T';

const LABEL = /^\s*(\[\d{1,4}\]|\(\d{1,4}\)|\d{1,4}\.(?!\d)|\d{1,4}(?=\s))\s*/;
const TRAILER = /(?:\s*(?:doi:|DOI:|Available (?:from|at):?|Retrieved(?: from)?|\[online\]|URL:?|https?:\/\/\S*|Accessed\b.*))+\s*$/;
const YEAR = /(?<![\d.])(1[5-9]\d\d|20\d\d)([a-z])?(?![\d])/;
const NAME_WORD = /^(?:[A-ZÀ-ÖØ-ÞĀ-Ž][\p{L}'’-]*|[a-zà-ÿ]{1,3}|[A-Z]\.?(?:-[A-Z]\.?)?|(?:[A-Z]\.){1,3}|[A-Z]{1,3})$/u;

/** The text without dangling link words at its end ("doi:", "Available from:", "Retrieved"). */
export function stripTrailer(text: string): string {
  const m = TRAILER.exec(text);
  return m && m.index > 10 ? text.slice(0, m.index).trim() : text;
}

function labelFormOf(label: string): LabelForm {
  if (!label) return 'none';
  if (label.startsWith('[')) return 'brackets';
  if (label.startsWith('(')) return 'parens';
  if (label.endsWith('.')) return 'dot';
  return 'bare';
}

function isInitials(word: string): boolean {
  return /^(?:[A-Z]\.?-?){1,4}$/.test(word.replace(/[.\s]/g, (c) => (c === '.' ? '.' : ''))) && word.length <= 8;
}

/** One name written as a chunk of the author list, or null when the chunk does not look like a name. */
function parseName(chunk: string, initialsOnly = false): CslName | null {
  const c = chunk.trim().replace(/^(?:and|&)\s+/, '').replace(/\s+/g, ' ');
  if (!c || c.length > 60) return null;
  if (/^(?:et al\.?|…|\.\.\.)$/.test(c)) return null;
  // "Smith, J. R." or "SMITH, John" (comma inside a chunk: chunks split at ";" or the style uses ", " between names)
  const comma = /^([^,]+),\s*([^,]+)$/.exec(c);
  if (comma) {
    const fam = comma[1].trim();
    const giv = comma[2].trim();
    if (isInitials(fam.split(' ')[0]) || isInitials(fam)) return null;
    // In a ";"-separated list (ACS, given names as initials) "Perkins, B. A. Diabetes Technology" is
    // the last name and the journal run on after it (lists without titles), not one name.
    if (initialsOnly && /^(?:[A-Z]\.\s?-?){1,4}\s*\p{Lu}\p{Ll}{2,}/u.test(giv)) return null;
    if (fam.split(' ').every((w) => NAME_WORD.test(w)) && giv.split(/\s+/).every((w) => NAME_WORD.test(w))) return { family: fam, given: giv };
    return null;
  }
  const words = c.split(' ');
  if (words.length > 4 || !words.every((w) => NAME_WORD.test(w))) return null;
  if (words.length === 1) return /^[A-ZÀ-Þ][\p{L}'’-]+$/u.test(words[0]) ? { family: words[0] } : null;
  // "J. R. Smith" / "John Smith": leading initials or given names, family last
  const last = words[words.length - 1];
  if (isInitials(last) && !isInitials(words[0])) {
    // "Smith JR" (Vancouver)
    return { family: words.slice(0, -1).join(' '), given: last.replace(/([A-Z])(?=[A-Z])/g, '$1 ').trim() };
  }
  if (isInitials(last)) return null;
  return { family: last, given: words.slice(0, -1).join(' ') };
}

interface AuthorScan {
  names: CslName[];
  end: number;
  etAl: boolean;
  elided: boolean;
}

/**
 * Reads the author list at the start of the body: names separated by ", ", "; ", " and ", " & ".
 * The list ends at a year, a colon, a quote, or the first chunk that is not a name.
 */
function scanAuthors(body: string): AuthorScan {
  const stop = /(?:\(?\b(?:1[5-9]\d\d|20\d\d)[a-z]?\b\)?|[:“"‘]|\s\((?:eds?|Hrsg)\.?\))/.exec(body);
  let region = stop ? body.slice(0, stop.index) : body;
  // A sentence end after the names ("Smith J, Doe K. Title..."): the longest prefix ending at a ". "
  // that still reads as a name list.
  const sentenceCut = /\.\s+(?=[\p{Lu}“"‘\d])/gu;
  let m: RegExpExecArray | null;
  let best = -1;
  const whole = namesIn(region).ok;
  while (!whole && (m = sentenceCut.exec(region))) {
    if (namesIn(region.slice(0, m.index + 1)).ok) best = m.index + 1;
  }
  if (best > 0) region = region.slice(0, best);
  let res = namesIn(region);
  if (!res.ok) {
    // Vancouver-like "Smith JR, Doe K." where the cut above failed: take names greedily
    res = greedyNames(region);
  }
  return { names: res.names, end: res.names.length ? res.end : 0, etAl: res.etAl, elided: /…|\.\.\./.test(region) };
}

function splitNameChunks(region: string): { chunks: string[]; etAl: boolean } {
  let r = region.replace(/[.,;\s]+$/, (t) => (t.includes('.') && /[A-Z]$/.test(region.replace(/[.,;\s]+$/, '')) ? '.' : ''));
  let etAl = false;
  r = r.replace(/,?\s*(?:et al\.?|and others)\s*$/i, () => { etAl = true; return ''; });
  r = r.replace(/,?\s*(?:…|\.\.\.)\s*/g, ', ');
  if (r.includes(';')) return { chunks: r.split(/\s*;\s*/).flatMap((c) => c.split(/\s+(?:and|&)\s+/)), etAl };
  const parts = r.split(/\s*,\s*|\s+(?:and|&)\s+/).filter((p) => p !== '');
  // "Smith, J., Doe, K." → pair surname and initials; "J. Smith, K. Doe" → already whole
  const chunks: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    const next = parts[i + 1];
    if (next !== undefined && !isInitials(p) && (isInitials(next) || (/^[A-Z][a-z]+(?: [A-Z]\.?)*$/.test(next) && !/\s/.test(p.trim()))) && looksInverted(parts)) {
      chunks.push(`${p}, ${next}`);
      i++;
    } else chunks.push(p);
  }
  return { chunks, etAl };
}

/** "Smith, J., Doe, K." (inverted names) rather than "J. Smith, K. Doe". */
function looksInverted(parts: string[]): boolean {
  if (parts.length < 2) return false;
  return isInitials(parts[1]) || (/^[A-Z][\p{L}'’-]+$/u.test(parts[0]) && !/\s/.test(parts[0]) && /^[A-Z][a-z]+(?: [A-Z]\.)*$/u.test(parts[1]) && !/\s[A-Z][a-z]{2,}$/.test(parts[1]));
}

function namesIn(region: string): { ok: boolean; names: CslName[]; end: number; etAl: boolean } {
  const trimmed = region.replace(/\s+$/, '');
  if (!trimmed) return { ok: false, names: [], end: 0, etAl: false };
  const { chunks, etAl } = splitNameChunks(trimmed);
  const names: CslName[] = [];
  const semicolons = trimmed.includes(';');
  for (const c of chunks) {
    const n = parseName(c.replace(/\.$/, (d) => (/\b[A-Z]\.?$/.test(c) ? d : '')), semicolons);
    if (!n) return { ok: false, names: [], end: 0, etAl };
    names.push(n);
  }
  return { ok: names.length > 0, names, end: trimmed.length, etAl };
}

function greedyNames(region: string): { ok: boolean; names: CslName[]; end: number; etAl: boolean } {
  const parts = region.split(/(,\s*|;\s*|\s+and\s+|\s+&\s+)/);
  const names: CslName[] = [];
  let end = 0;
  let pos = 0;
  for (let i = 0; i < parts.length; i += 2) {
    const chunk = parts[i];
    const n = parseName(chunk.replace(/\.$/, ''));
    if (!n) break;
    names.push(n);
    pos += chunk.length;
    end = pos;
    pos += (parts[i + 1] ?? '').length;
  }
  return { ok: names.length > 0, names, end, etAl: false };
}

interface Tail {
  volume?: string;
  issue?: string;
  page?: string;
  /** Where the numeric tail starts in the text it was read from. */
  start: number;
}

const PAGE = String.raw`(?:[A-Za-z]{0,2}\d+[A-Za-z]?(?:\.[a-z]?\d+)?(?:\s*[–-]\s*[A-Za-z]{0,2}\d+[A-Za-z]?(?:\.[a-z]?\d+)?)?|[ivxlc]+(?:[–-][ivxlc]+)?)`;
const VOL = String.raw`(?:\d+|[IVXLC]+|s\d+-[IVXLC]+)`;
/** A date as journals print it beside the volume: "2004", "March 2004", "Mar. 2004", "Spring 2004". */
const DATE = String.raw`(?:[A-Z][a-z]{2,8}\.?\s+)?(?:1[5-9]\d\d|20\d\d)`;

/** The volume/issue/pages group near the end of the entry, in the usual layouts. */
function readTail(text: string): Tail | null {
  const patterns: Array<[RegExp, (m: RegExpExecArray) => Omit<Tail, 'start'>]> = [
    // MLA: "vol. 12, no. 3, 2004, pp. 101–19" (the date, with or without a month, sits before the pages)
    [new RegExp(String.raw`\b[Vv]ol\.\s*(${VOL})(?:,\s*[Nn]o\.\s*([\w-]+))?(?:,\s*${DATE})?(?:,\s*pp?\.\s*(${PAGE}))?`), (m) => ({ volume: m[1], issue: m[2], page: m[3] })],
    // Chicago: "12, no. 3 (2004): 101–19", "12, no. 3 (March 2004): 101–19", "12 (2004): 101–19"
    [new RegExp(String.raw`(?<![\w.])(${VOL})(?:,\s*[Nn]o\.\s*([\w-]+))?\s*\(${DATE}\)\s*:\s*(${PAGE})`), (m) => ({ volume: m[1], issue: m[2], page: m[3] })],
    [new RegExp(String.raw`(?<![\w.])(${VOL})\s*\((\w[\w\s/-]{0,12})\)\s*(?:\([^)]*\))?\s*[:,]\s*(?:pp?\.\s*)?(${PAGE})`), (m) => ({ volume: m[1], issue: m[2], page: m[3] })],
    [new RegExp(String.raw`(?<![\w.])(${VOL})\.(\d+(?:-\d+)?)\s*\((?:\d{4})\)\s*:\s*(${PAGE})`), (m) => ({ volume: m[1], issue: m[2], page: m[3] })],
    [new RegExp(String.raw`(?<![\w.])(${VOL}),\s*(\d+)\s*\([^)]*\d{4}\),\s*(${PAGE})`), (m) => ({ volume: m[1], issue: m[2], page: m[3] })],
    [new RegExp(String.raw`(?<![\w.])(${VOL}),\s*(?:pp?\.\s*)?(${PAGE})\s*\(\d{4}\)`), (m) => ({ volume: m[1], page: m[2] })],
    [new RegExp(String.raw`(?<![\w.])(${VOL})\s*\((\w[\w\s/-]{0,12})\)`), (m) => ({ volume: m[1], issue: m[2] })],
    [new RegExp(String.raw`(?<![\w.])(${VOL})\s*:\s*(${PAGE})`), (m) => ({ volume: m[1], page: m[2] })],
    [new RegExp(String.raw`(?<![\w.])(${VOL}),\s*(?:pp?\.\s*)?(${PAGE})\s*\(`), (m) => ({ volume: m[1], page: m[2] })],
    [new RegExp(String.raw`(?<![\w.])(${VOL})\s*\(\d{4}\)\s*(${PAGE})?`), (m) => ({ volume: m[1], page: m[2] })],
    [new RegExp(String.raw`\d{4},\s*(${VOL}),\s*(${PAGE})`), (m) => ({ volume: m[1], page: m[2] })],
    [new RegExp(String.raw`(?<![\w.])(${VOL}),\s*(${PAGE})\s*\(\d{4}\)`), (m) => ({ volume: m[1], page: m[2] })],
    [new RegExp(String.raw`\bpp?\.\s*(${PAGE})`), (m) => ({ page: m[1] })],
  ];
  for (const [re, pick] of patterns) {
    const m = re.exec(text);
    if (m) {
      const t = pick(m);
      if (t.volume && /^(1[5-9]\d\d|20\d\d)$/.test(t.volume) && !t.issue) continue;
      if (t.issue && /^(1[5-9]\d\d|20\d\d)$/.test(t.issue.trim())) continue;
      return { ...t, start: m.index };
    }
  }
  return null;
}

function clean(s: string): string {
  return s.replace(/^[\s.,;:]+|[\s.,;:]+$/g, '').replace(/\s+/g, ' ');
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A month written with the year ("Feb. 2006", "(Mar. 1967)", "2015 Jan"), as 1–12. */
function monthBefore(text: string, year: string): number | null {
  const m = new RegExp(String.raw`(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)[a-z]*\.?\s+${year}|${year}\s+(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)[a-z]*`).exec(text);
  if (!m) return null;
  const i = MONTHS.indexOf((m[1] ?? m[2]).slice(0, 3).toLowerCase());
  return i >= 0 ? i + 1 : null;
}

/** The publication year: one in parentheses, else one right at the start, else the last year-like number outside page ranges. */
function pickYear(text: string): RegExpExecArray | null {
  const all: RegExpExecArray[] = [];
  const re = new RegExp(YEAR.source, 'g');
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const before = text[m.index - 1] ?? '';
    const after = text[m.index + m[0].length] ?? '';
    if (/[–-]/.test(after) && /\d/.test(text[m.index + m[0].length + 1] ?? '')) continue;
    if (/[–-]/.test(before) && /\d/.test(text[m.index - 2] ?? '')) continue;
    all.push(m);
  }
  if (!all.length) return null;
  const paren = all.find((x) => text[x.index - 1] === '(' || /\($/.test(text.slice(0, x.index).replace(/[A-Za-z.]+\s$/, '')));
  if (paren) return paren;
  if (all[0].index < 3) return all[0];
  return all[all.length - 1];
}

/** "101–19" (a range written short) → "101–119". */
function expandPages(page: string): string {
  const m = /^(\d+)([–-])(\d+)$/.exec(page);
  if (!m || m[3].length >= m[1].length) return page;
  const end = m[1].slice(0, m[1].length - m[3].length) + m[3];
  return Number(end) > Number(m[1]) ? `${m[1]}${m[2]}${end}` : page;
}

/** Parses one reference entry (the paragraph text, label included). */
export function parseEntry(text: string, id: string, printedLabel?: string | null, options: { pad?: boolean } = {}): ParsedEntry {
  let body = text.replace(/\s+/g, ' ').trim();
  let label = '';
  const lm = LABEL.exec(body);
  if (lm) {
    label = lm[1];
    body = body.slice(lm[0].length);
  } else if (printedLabel) label = printedLabel.trim();
  let trailer = '';
  const tm = TRAILER.exec(body);
  if (tm && tm.index > 10) {
    trailer = tm[0].trim();
    body = body.slice(0, tm.index).trim();
  }
  const item: CslItem = { id, type: 'article-journal' };
  const authors = scanAuthors(body);
  if (authors.names.length) item.author = authors.names;
  let rest = body.slice(authors.end).replace(/^[\s.,;:]+/, '');
  // "et al." or an elided middle ("…"): the list was longer; pad it so that styles abbreviate it their way.
  if ((authors.etAl || authors.elided) && item.author && options.pad !== false) {
    const last = authors.elided ? item.author.pop() : undefined;
    for (let k = 0; item.author.length < 9; k++) item.author.push({ family: `Etal${String.fromCharCode(97 + k)}`, given: 'A.' });
    if (last) item.author.push(last);
  }

  // Year (or "n.d."), right after the authors or anywhere.
  const ym = pickYear(rest) ?? pickYear(body);
  if (ym) {
    const month = monthBefore(body, ym[1]);
    item.issued = { 'date-parts': [month ? [Number(ym[1]), month] : [Number(ym[1])]] };
  }
  const early = /^\(?(?:1[5-9]\d\d|20\d\d)[a-z]?\)?[.,]?\s*/.exec(rest);
  if (early) rest = rest.slice(early[0].length);
  rest = rest.replace(/^\(?(?:n\.d\.|\[no date\])\)?[.,]?\s*/, '');

  // Title: quoted, else the first sentence.
  let title: string | undefined;
  let afterTitle = rest;
  const q = /[“"‘]([^”"’]{3,}?)[.,]?[”"’][.,]?\s*/.exec(rest);
  if (q && q.index < 5) {
    title = clean(q[1]);
    afterTitle = rest.slice(q.index + q[0].length);
  } else {
    const cut = /(?<!\b[A-Z])[.?!:]\s+(?=[\p{Lu}\d])|,\s+(?=(?:In\s|[\p{Lu}]))/u.exec(rest);
    const tailStart = readTail(rest)?.start ?? rest.length;
    if (cut && cut.index < tailStart && cut.index > 3) {
      title = clean(rest.slice(0, cut.index + (rest[cut.index] === '?' || rest[cut.index] === '!' ? 1 : 0)));
      afterTitle = rest.slice(cut.index + cut[0].length);
    }
  }
  if (title) item.title = title;

  const tail = readTail(afterTitle);
  let container = tail ? afterTitle.slice(0, tail.start) : afterTitle;
  container = container.replace(/\(?\b(?:1[5-9]\d\d|20\d\d)[a-z]?\)?[;,.]?\s*$/, '').replace(/\[Internet\]/, '');
  container = container.split(/\.\s+(?=[\p{Lu}])/u)[0];
  container = clean(container.replace(/^In:?\s+/, ''));
  if (container && container.length > 1) item['container-title'] = container;
  else if (!title) {
    // no title found: the remaining text is the title (books, reports)
    const t = clean(afterTitle.slice(0, tail?.start ?? afterTitle.length).replace(/\(?\b(?:1[5-9]\d\d|20\d\d)\)?/, ''));
    if (t) item.title = t;
  }
  if (tail?.volume) item.volume = tail.volume;
  if (tail?.issue) item.issue = tail.issue.trim();
  if (tail?.page) item.page = expandPages(tail.page.replace(/\s+/g, ''));
  if (/doi/i.test(trailer)) item.DOI = '10.0000/placeholder';
  else if (trailer) item.URL = 'https://example.org/placeholder';
  if (!item['container-title'] && item.title && !tail) item.type = 'book';
  // A journal article written without a title: render candidates with one anyway, so that styles that
  // print titles pay for printing what the list never shows.
  if (!item.title && item['container-title'] && tail && options.pad !== false) item.title = UNSEEN_TITLE;

  return {
    body,
    label,
    labelForm: labelFormOf(label),
    item,
    trailer,
    found: {
      authors: !!item.author?.length,
      year: !!item.issued,
      title: !!item.title,
      container: !!item['container-title'],
      volume: !!item.volume,
      pages: !!item.page,
    },
  };
}
