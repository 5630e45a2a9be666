// A registry work (Crossref's JSON) as CSL-JSON, the shape a reference record's item has: the full author
// list, the issued year, title (with its subtitle), container, volume, issue, pages and DOI, so a work and
// a parsed entry are compared and rendered through one set of fields.

import type { CslJsonItem, CslJsonName } from '../references/csl-json.ts';
import { stripMarkup } from '../references/text.ts';
import { containerTitle, workFullTitle, workYear, type CrossrefWork } from './work.ts';

/** Crossref's work types → CSL item types (types Crossref and CSL share keep their name). */
const CSL_TYPES: Record<string, string> = {
  'journal-article': 'article-journal',
  'book-chapter': 'chapter',
  'book-section': 'chapter',
  'book-part': 'chapter',
  'reference-entry': 'entry',
  'proceedings-article': 'paper-conference',
  'posted-content': 'article',
  'edited-book': 'book',
  monograph: 'book',
  'reference-book': 'book',
  book: 'book',
  dissertation: 'thesis',
  report: 'report',
  dataset: 'dataset',
  standard: 'standard',
};

export function workToCsl(w: CrossrefWork, id = w.DOI): CslJsonItem {
  const item: CslJsonItem = { id, type: CSL_TYPES[w.type ?? ''] ?? 'document', DOI: w.DOI };
  const authors: CslJsonName[] = (w.author ?? []).flatMap((a): CslJsonName[] => {
    if (a.family) return [a.given ? { family: a.family, given: a.given } : { family: a.family }];
    return a.name ? [{ literal: a.name }] : [];
  });
  if (authors.length) item.author = authors;
  const year = workYear(w);
  if (year !== null) item.issued = { 'date-parts': [[year]] };
  const title = workFullTitle(w);
  if (title) item.title = title;
  const container = containerTitle(w);
  if (container) item['container-title'] = stripMarkup(container).trim();
  if (w.volume) item.volume = w.volume;
  if (w.issue) item.issue = w.issue;
  if (w.page) item.page = w.page;
  return item;
}
