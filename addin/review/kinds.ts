// Which target type a match of each kind may point at, and the display order and names of kinds.
import type { MatchKind, TargetType, ReviewMatch, ReviewTarget } from '../../shared/contract.ts';
import { S } from '../strings.ts';

const TARGET_TYPE_OF: Record<MatchKind, TargetType | null> = {
  citation: 'bibliography',
  figure: 'figure',
  table: 'table',
  equation: 'equation',
  section: 'section',
  appendix: 'appendix',
  algorithm: 'algorithm',
  listing: 'listing',
  supplementary: 'supplementary',
  doi: null,
  url: null, pmid: null, pmcid: null, arxiv: null, nct: null, rrid: null, orcid: null, handle: null,
};

export const KIND_ORDER: readonly MatchKind[] = [
  'citation', 'figure', 'table', 'equation', 'section', 'appendix', 'algorithm', 'listing', 'supplementary', 'doi',
  'url', 'pmid', 'pmcid', 'arxiv', 'nct', 'rrid', 'orcid', 'handle',
];

/** The plural name of each kind (strings.ts). */
export const KIND_TITLES: Readonly<Record<string, string>> = S.review.kindTitle;

/** The target type a match of this kind links to; null for kinds whose link is external (DOI and the other identifiers). */
export function targetTypeFor(kind: MatchKind): TargetType | null {
  return TARGET_TYPE_OF[kind] ?? null;
}

/** The type of a target (the contract has `type`, some engines also send `kind`). */
function typeOfTarget(target: ReviewTarget): TargetType {
  return target.type ?? target.kind;
}

/** Targets a match may be retargeted to: every target of the type its kind links to. */
export function retargetOptions(match: ReviewMatch, targets: readonly ReviewTarget[]): ReviewTarget[] {
  const type = targetTypeFor(match.kind);
  if (type === null) return [];
  return targets.filter((t) => typeOfTarget(t) === type);
}
