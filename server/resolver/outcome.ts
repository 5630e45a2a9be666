// What one reference resolves to, in the report's terms: the ResolvedWork of a registry work (with
// its retraction and correction notices) and the cached outcome of a match decision.

import type { ResolvedWork } from '../../shared/contract.ts';
import { reasonFields, reasonOf, type ReasonCode } from '../../shared/reasons.ts';
import type { MatchDecision } from './match.ts';
import type { CachedResolution } from './ports.ts';
import type { PreparedReference } from './score.ts';
import { containerTitle, workRecord, workTitle, workUpdates, workYear, type CrossrefWork } from './work.ts';

/** Longest query sent (Crossref gains nothing from longer strings). */
const MAX_QUERY = 400;

function citationImpact(status: CachedResolution['status'], work: Pick<ResolvedWork, 'identityChange'>): string {
  if (work.identityChange) return 'identity-change';
  return status === 'ready' ? 'link-only-safe' : 'review-required';
}

/** A work's retraction or correction notice as a reason. */
function updateReason(u: { type: string; noticeDoi: string; date: string | null }): ReasonCode {
  const type = u.type.replace(/_/g, ' ');
  return u.date ? reasonOf('updateDated', { type, doi: u.noticeDoi, date: u.date }) : reasonOf('update', { type, doi: u.noticeDoi });
}

/** The report's ResolvedWork for a registry work. */
export function toResolvedWork(work: CrossrefWork, status: CachedResolution['status'], confidence: number, reasons: readonly ReasonCode[], extra: Partial<ResolvedWork> = {}): ResolvedWork {
  const updates = workUpdates(work);
  const year = workYear(work);
  const out: ResolvedWork = {
    doi: work.DOI.toLowerCase(),
    title: workTitle(work),
    confidence,
    citationImpact: 'review-required',
    transactionPlan: null,
    year: year === null ? null : String(year),
    containerTitle: containerTitle(work),
    source: 'crossref',
    record: workRecord(work),
    status,
    ...reasonFields([...reasons, ...updates.map(updateReason)]),
    ...extra,
  };
  if (updates.length) out.updates = updates;
  out.citationImpact = citationImpact(status, out);
  return out;
}

export function fromDecision(d: MatchDecision): CachedResolution {
  if (!d.best || d.status === 'unmatched') return { status: 'unmatched', work: null, reasons: d.reasons };
  return { status: d.status, work: toResolvedWork(d.best.work, d.status, d.confidence, d.reasons), reasons: d.reasons };
}

/** The query: the cleaned reference (no label, DOI, URL or PubMed notes), at most MAX_QUERY characters. */
export function queryText(prepared: PreparedReference): string {
  const q = prepared.parsed.cleaned;
  return q.length > MAX_QUERY ? q.slice(0, MAX_QUERY).replace(/\s\S*$/, '') : q;
}

