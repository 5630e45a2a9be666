// A work as the registry answers it (the fields the resolver selects), and readers for them.

import type { WorkRecord, WorkUpdate } from '../../shared/contract.ts';
import { stripMarkup } from '../references/text.ts';

export interface CrossrefAuthor {
  given?: string;
  family?: string;
  name?: string;
  sequence?: string;
}

interface CrossrefUpdate {
  DOI?: string;
  type?: string;
  label?: string;
  source?: string;
  updated?: { 'date-parts'?: (number | null)[][]; 'date-time'?: string };
  'record-id'?: string;
}

export interface CrossrefWork {
  DOI: string;
  title?: string[];
  subtitle?: string[];
  author?: CrossrefAuthor[];
  issued?: { 'date-parts'?: (number | null)[][] };
  'container-title'?: string[];
  'short-container-title'?: string[];
  volume?: string;
  issue?: string;
  page?: string;
  type?: string;
  score?: number;
  /** On a notice: the works it updates (retracts, corrects). */
  'update-to'?: CrossrefUpdate[];
  /** On a work: the notices that update it (publisher deposits and Retraction Watch). */
  'updated-by'?: CrossrefUpdate[];
  relation?: Record<string, { 'id-type'?: string; id?: string; 'asserted-by'?: string }[]>;
}

export function workTitle(w: CrossrefWork): string {
  return stripMarkup((w.title ?? [])[0] ?? '').trim();
}

export function workFullTitle(w: CrossrefWork): string {
  const sub = stripMarkup((w.subtitle ?? [])[0] ?? '').trim();
  const title = workTitle(w);
  return sub ? `${title}: ${sub}` : title;
}

export function workYear(w: CrossrefWork): number | null {
  const y = w.issued?.['date-parts']?.[0]?.[0];
  return typeof y === 'number' ? y : null;
}

export function firstAuthor(w: CrossrefWork): CrossrefAuthor | null {
  const list = w.author ?? [];
  return list.find((a) => a.sequence === 'first') ?? list[0] ?? null;
}

export function containerTitle(w: CrossrefWork): string | null {
  return (w['container-title'] ?? [])[0] ?? null;
}

function dateOf(u: CrossrefUpdate): string | null {
  const parts = u.updated?.['date-parts']?.[0];
  if (parts && typeof parts[0] === 'number') return parts.filter((n): n is number => typeof n === 'number').map((n, i) => (i === 0 ? String(n) : String(n).padStart(2, '0'))).join('-');
  return u.updated?.['date-time']?.slice(0, 10) ?? null;
}

const NOTICE_TYPES = /retract|withdraw|remov|correct|errat|corrig|concern|addend|clarif/i;

/** Retractions, withdrawals, corrections and concerns the registry records for this work. */
export function workUpdates(w: CrossrefWork): WorkUpdate[] {
  const out: WorkUpdate[] = [];
  const seen = new Set<string>();
  for (const u of w['updated-by'] ?? []) {
    const type = (u.type ?? u.label ?? '').toLowerCase().replace(/\s+/g, '_');
    if (!u.DOI || !NOTICE_TYPES.test(type)) continue;
    const key = `${type}|${u.DOI.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ type, noticeDoi: u.DOI.toLowerCase(), date: dateOf(u), ...(u.source ? { source: u.source } : {}) });
  }
  for (const [rel, targets] of Object.entries(w.relation ?? {})) {
    // "is-retracted-by", "is-corrected-by" and the like, when a registry records them as relations.
    const m = /^is-(.+)-by$/.exec(rel);
    if (!m || !NOTICE_TYPES.test(m[1]!)) continue;
    for (const t of targets ?? []) {
      if (t['id-type'] !== 'doi' || !t.id) continue;
      const type = m[1]!.replace(/ed$/, 'ion').replace(/-/g, '_');
      const key = `${type}|${t.id.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ type, noticeDoi: t.id.toLowerCase(), date: null });
    }
  }
  return out;
}

const NOTICE_LABEL = /^\s*(?:notice of\s+)?(correction|erratum|errata|corrigendum|retraction|retracted|withdrawal|withdrawn|expression of concern|addendum)\b/i;

/**
 * The label of a work that is itself a notice (a retraction, correction or erratum of another
 * work): the word its title starts with ("correction"), "update" for a notice known only by its
 * update-to relation; null for an ordinary work.
 */
export function noticeLabel(w: CrossrefWork): string | null {
  const m = NOTICE_LABEL.exec(workTitle(w));
  if (m) return m[1]!.toLowerCase();
  return (w['update-to'] ?? []).length ? 'update' : null;
}

/** Crossref's work types as CSL types (the common ones; anything else is rendered as an article). */
const CSL_TYPES: Record<string, string> = {
  'journal-article': 'article-journal', 'book-chapter': 'chapter', book: 'book', monograph: 'book', 'edited-book': 'book',
  'reference-book': 'book', 'proceedings-article': 'paper-conference', 'posted-content': 'article', report: 'report',
  dissertation: 'thesis', dataset: 'dataset', standard: 'standard', 'reference-entry': 'entry',
};

/** The work as a CSL-JSON record (what the bibliography rewrite renders a resolved reference from). */
export function workRecord(w: CrossrefWork): WorkRecord {
  const out: WorkRecord = { type: CSL_TYPES[w.type ?? ''] ?? 'article-journal', DOI: w.DOI.toLowerCase() };
  const title = workFullTitle(w);
  if (title) out.title = title;
  const container = containerTitle(w);
  if (container) out['container-title'] = stripMarkup(container).trim();
  const authors = (w.author ?? [])
    .map((a) => (a.family ? { family: a.family.trim(), ...(a.given?.trim() ? { given: a.given.trim() } : {}) } : a.name?.trim() ? { literal: a.name.trim() } : null))
    .filter((a): a is NonNullable<typeof a> => a !== null);
  if (authors.length) out.author = authors;
  const parts = (w.issued?.['date-parts']?.[0] ?? []).filter((n): n is number => typeof n === 'number');
  if (parts.length) out.issued = { 'date-parts': [parts] };
  for (const f of ['volume', 'issue', 'page'] as const) if (w[f]?.trim()) out[f] = w[f]!.trim();
  return out;
}
