// One reference entry → one record: a CSL-JSON item (what citeproc renders and what a registry work maps
// to), the entry's printed label, where each field stands in the entry's text and how sure the reading
// is, field by field. Read by parseReference (parse.ts) over the entry's cleaned text; fields it cannot
// find are absent, never guessed.

import type { CslJsonItem } from './csl-json.ts';
import { parseLabel } from './fields.ts';
import { CORPORATE } from './names.ts';
import { parseReference, type ParsedReference } from './parse.ts';

export type RecordField = 'author' | 'issued' | 'title' | 'container-title' | 'volume' | 'issue' | 'page' | 'DOI' | 'URL';

export interface TextSpan {
  /** Offsets into the entry's text (UTF-16 code units), end exclusive. */
  start: number;
  end: number;
}

export interface ReferenceRecord {
  /** The entry's text as given. */
  text: string;
  /** The label as printed ("[12]", "12.", "(12)"), or null; with its number. */
  label: { text: string; number: number | null } | null;
  item: CslJsonItem;
  /** The author list is abbreviated ("et al.", "…"): item.author is not the full list. */
  etAl: boolean;
  /** Where each field found stands in `text`. A field whose text was normalised (page ranges expanded) has none. */
  spans: Partial<Record<RecordField, TextSpan>>;
  /** How sure the reading of each field found is, 0–1 (the rules are in fieldConfidence). */
  confidence: Partial<Record<RecordField, number>>;
  /** The reader's fields as parsed (the resolver's scoring reads numbers and the cleaned text). */
  parsed: ParsedReference;
}

/** `needle` in `text` with any run of white space matching any other, or null. */
function spanOf(text: string, needle: string | null | undefined, from = 0): TextSpan | null {
  if (!needle) return null;
  const exact = text.indexOf(needle, from);
  if (exact >= 0) return { start: exact, end: exact + needle.length };
  const words = needle.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return null;
  const re = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+'), 'u');
  const m = re.exec(text.slice(from));
  return m ? { start: from + m.index, end: from + m.index + m[0].length } : null;
}

/**
 * How sure each reading is. Authors: 0.9 when the block ends at the year and every author has a family
 * name with given names or initials, 0.6 otherwise (a corporate author, a title first). Year: 0.95 in
 * parentheses or after the authors, 0.7 elsewhere. Title: 0.9 quoted, 0.75 the sentence after authors and
 * year, 0.5 with no author before it. Container 0.7, volume/issue/pages 0.85 (read from one numeric pattern),
 * DOI and URL 1 (their shape leaves no doubt).
 */
function fieldConfidence(r: ParsedReference, text: string, spans: ReferenceRecord['spans']): ReferenceRecord['confidence'] {
  const c: ReferenceRecord['confidence'] = {};
  if (r.authors.length) c.author = r.authors.every((a) => a.given) && !!r.year ? 0.9 : 0.6;
  if (r.year) {
    const at = spans.issued?.start ?? -1;
    c.issued = at > 0 && (text[at - 1] === '(' || (spans.author && at - spans.author.end <= 3)) ? 0.95 : 0.7;
  }
  if (r.title) {
    const at = spans.title?.start ?? -1;
    c.title = at > 0 && /[“"‘]/.test(text[at - 1]!) ? 0.9 : r.authors.length ? 0.75 : 0.5;
  }
  if (r.containerTitle) c['container-title'] = 0.7;
  if (r.volume) c.volume = 0.85;
  if (r.issue) c.issue = 0.85;
  if (r.pages) c.page = 0.85;
  if (r.doi) c.DOI = 1;
  if (r.url) c.URL = 1;
  return c;
}

/** The CSL item type the fields suggest: a book or chapter as publication.ts reads it, a journal article when volume or pages follow a container, else a document. */
function itemType(r: ParsedReference): string {
  if (r.kind) return r.kind;
  if (r.containerTitle && (r.volume || r.pages)) return 'article-journal';
  if (r.containerTitle) return 'chapter';
  return 'document';
}

/**
 * Given names as CSL-JSON holds them: initials run together ("AM" in "Brown AM", Vancouver) are separate initials
 * ("A. M."), as citeproc needs them to keep the middle one; anything else as written.
 */
function cslGiven(given: string): string {
  return /^\p{Lu}{2,4}$/u.test(given) ? [...given].map((c) => `${c}.`).join(' ') : given;
}


/** A name as CSL-JSON holds it: an organisation (a name of several words, no given names, an organisation's word) as a literal. */
function cslName(a: { family: string; given: string | null }): NonNullable<CslJsonItem['author']>[number] {
  if (a.given) return { family: a.family, given: cslGiven(a.given) };
  return /\s/.test(a.family) && CORPORATE.test(a.family) ? { literal: a.family } : { family: a.family };
}

export function readReference(text: string, id = ''): ReferenceRecord {
  const r = parseReference(text);
  const printed = parseLabel(text);
  const item: CslJsonItem = { id, type: itemType(r) };
  if (r.authors.length) item.author = r.authors.map(cslName);
  if (r.editors.length) item.editor = r.editors.map(cslName);
  if (r.year) item.issued = { 'date-parts': [[Number(r.year), ...(r.month ? [r.month, ...(r.day ? [r.day] : [])] : [])]] };
  if (r.yearSuffix) item['year-suffix'] = r.yearSuffix;
  if (r.title) item.title = r.title;
  if (r.containerTitle) item['container-title'] = r.containerTitle;
  if (r.volume) item.volume = r.volume;
  if (r.issue) item.issue = r.issue;
  if (r.edition) item.edition = r.edition;
  if (r.publisher) item.publisher = r.publisher;
  if (r.publisherPlace) item['publisher-place'] = r.publisherPlace;
  if (r.numberOfPages) item['number-of-pages'] = r.numberOfPages;
  if (r.pages) item.page = r.pages.last ? `${r.pages.first}-${r.pages.last}` : r.pages.first;
  if (r.doi) item.DOI = r.doi;
  if (r.url) item.URL = r.url;

  const spans: ReferenceRecord['spans'] = {};
  const body = printed.bodyStart;
  const first = r.authors[0];
  const last = r.authors[r.authors.length - 1];
  const a0 = first ? spanOf(text, first.family, body) : null;
  const a1 = last ? spanOf(text, last.family, a0?.start ?? body) : null;
  if (a0) spans.author = { start: a0.start, end: Math.max(a0.end, a1?.end ?? a0.end) };
  if (r.year) {
    const y = spanOf(text, r.year + (r.yearSuffix ?? ''), spans.author?.end ?? body) ?? spanOf(text, r.year, body);
    if (y) spans.issued = y;
  }
  const t = spanOf(text, r.title, body);
  if (t) spans.title = t;
  const ct = spanOf(text, r.containerTitle, t?.end ?? body);
  if (ct) spans['container-title'] = ct;
  for (const [field, value] of [['volume', r.volume], ['issue', r.issue]] as const) {
    const s = spanOf(text, value, ct?.end ?? t?.end ?? body);
    if (s) spans[field] = s;
  }
  const p = r.pages ? spanOf(text, r.pages.first, spans.volume?.end ?? ct?.end ?? body) : null;
  if (p) spans.page = p;
  if (r.doi) {
    const at = text.toLowerCase().indexOf(r.doi);
    if (at >= 0) spans.DOI = { start: at, end: at + r.doi.length };
  }
  const u = spanOf(text, r.url);
  if (u) spans.URL = u;

  return {
    text,
    label: printed.text ? { text: printed.text, number: printed.number } : null,
    item,
    etAl: r.etAl,
    spans,
    confidence: fieldConfidence(r, text, spans),
    parsed: r,
  };
}
