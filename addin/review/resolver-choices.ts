// The Resolve step's review: one row per reference with the resolver's proposal, the user's choice
// (approve, reject, or a DOI typed in), the order rows are shown in (what needs a look first), and
// the resolvedWorks sent to apply. Pure: the panel and the pipeline use it, the tests too.
import type { ReferenceCandidate, ResolutionStatus, ResolvedWork, ResolverReport } from '../../shared/contract.ts';
import { normaliseDoi } from '../../shared/doi.ts';
import { S } from '../strings.ts';

export interface WorkChoice {
  approved: boolean;
  /** A DOI the user typed: replaces the proposal (or gives one where there was none). */
  doi?: string;
}

export type WorkChoices = Record<string, WorkChoice>;

export interface ResolverRow {
  refId: string;
  /** 1-based position in the reference list. */
  number: number;
  refText: string;
  status: ResolutionStatus;
  work: ResolvedWork | null;
  /** The resolver's reasons in the display language (from their codes; a sentence without one as written). */
  reasons: string[];
  /** Something the user should see before anything else: a retraction or correction, or a written DOI that names another work. */
  flags: string[];
}

/** A DOI as typed (bare, doi:, or a doi.org URL) → the bare DOI, or null when it is not one (shared/doi.ts). */
export function parseTypedDoi(text: string): string | null {
  return normaliseDoi(text);
}

function statusOf(ref: ReferenceCandidate, work: ResolvedWork | undefined): ResolutionStatus {
  if (ref.status) return ref.status;
  if (work?.status) return work.status;
  if (!work) return 'unmatched';
  return work.confidence >= 0.9 ? 'ready' : 'low_confidence';
}

function flagsOf(ref: ReferenceCandidate, work: ResolvedWork | undefined): string[] {
  const flags: string[] = [];
  for (const u of work?.updates ?? []) flags.push(S.resolver.update(u.type, u.date, u.noticeDoi));
  const change = work?.identityChange;
  if (change) {
    flags.push(change.notFound ? S.resolver.writtenDoiMissing(change.writtenDoi) : S.resolver.writtenDoiOther(change.writtenDoi, change.registryTitle));
  } else if (ref.existingDoiCheck === 'not_found') flags.push(S.resolver.doiMissing);
  else if (ref.existingDoiCheck === 'contradicted') flags.push(S.resolver.doiOther);
  return flags;
}

/** A reference's (else its work's) reasons, each said from its code when the service sent one. */
function reasonsOf(from: Pick<ReferenceCandidate, 'reasons' | 'reasonCodes'> | undefined): string[] {
  return (from?.reasons ?? []).map((text, i) => S.reason(text, from?.reasonCodes?.[i]));
}

/** Review order: flagged first, then low confidence (least sure first), then held and unmatched, then ready; list order within each. */
const RANK: Record<ResolutionStatus, number> = { low_confidence: 1, held: 2, unmatched: 3, ready: 4 };

export function resolverRows(report: ResolverReport): ResolverRow[] {
  const rows = report.references.map((ref, i): ResolverRow => {
    const work = report.resolvedWorks[ref.refId];
    return {
      refId: ref.refId,
      number: Number.isInteger(ref.index) ? ref.index + 1 : i + 1,
      refText: ref.refText,
      status: statusOf(ref, work),
      work: work ?? null,
      reasons: reasonsOf(ref.reasons ? ref : work),
      flags: flagsOf(ref, work),
    };
  });
  const rank = (r: ResolverRow) => (r.flags.length ? 0 : RANK[r.status]);
  return rows.sort((a, b) => rank(a) - rank(b) || (rank(a) === 1 ? (a.work?.confidence ?? 0) - (b.work?.confidence ?? 0) : 0) || a.number - b.number);
}

/** What the user starts from: every work the resolver marks ready (and not flagged) is approved, nothing else. */
export function initialChoices(report: ResolverReport | null): WorkChoices {
  const out: WorkChoices = {};
  if (!report) return out;
  for (const row of resolverRows(report)) out[row.refId] = { approved: row.status === 'ready' && row.work !== null && row.flags.length === 0 };
  return out;
}

/** The resolvedWorks apply receives: every proposal with the user's approval, and the DOIs typed in. */
export function worksToApply(report: ResolverReport | null, choices: WorkChoices): Record<string, ResolvedWork> | undefined {
  if (!report) return undefined;
  const out: Record<string, ResolvedWork> = {};
  for (const ref of report.references) {
    const choice = choices[ref.refId];
    const work = report.resolvedWorks[ref.refId];
    const typed = choice?.doi ? parseTypedDoi(choice.doi) : null;
    if (choice?.doi && !typed) continue; // a DOI being typed that is not one yet: nothing is linked
    if (typed && choice?.approved) {
      out[ref.refId] = { doi: typed, title: work && work.doi.toLowerCase() === typed.toLowerCase() ? work.title : '', confidence: 1, citationImpact: 'link-only-safe', transactionPlan: null, source: 'user', approved: true };
    } else if (work) {
      out[ref.refId] = { ...work, approved: choice?.approved === true };
    }
  }
  return Object.keys(out).length ? out : undefined;
}
