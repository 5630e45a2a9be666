// Review decisions → link plans. Validates every decision against the analysis (unknown refId or
// targetId, missing DOI, duplicates → DecisionError, a 400-class error) and records what stays
// unlinked and why (a code of shared/reasons.ts, with its English sentence).

import type { DecisionStatus, ReviewDecision, UnmatchedItem } from '../../../shared/contract.ts';
import type { MatchCandidate, TargetCandidate } from '../detect/types.ts';
import { DecisionError } from '../errors.ts';
import { locationOf } from '../model/queries.ts';
import { normaliseDoi } from '../../../shared/doi.ts';
import { reasonOf, reasonText, type ReasonCode } from '../../../shared/reasons.ts';

interface InternalPlan {
  type: 'internal';
  refId: string;
  match: MatchCandidate;
  target: TargetCandidate;
  /** The match already sits in a link of ours whose target changed: re-point it instead of wrapping. */
  relink: boolean;
}

interface ExternalPlan {
  type: 'external';
  refId?: string;
  match: MatchCandidate;
  /** The DOI it links to (doi.org), or, for an identifier match (url, pmid, ...), empty with `url` set. */
  doi: string;
  /** An identifier match's resolver URL. */
  url?: string;
}

/** A reference whose title (or, failing that, whole entry) links to a DOI. */
export interface ReferenceDoi {
  target: TargetCandidate;
  doi: string;
  source: 'refTitleLink' | 'resolvedWork' | 'link_only';
}

export interface DecisionPlan {
  internal: InternalPlan[];
  external: ExternalPlan[];
  references: ReferenceDoi[];
  unmatched: UnmatchedItem[];
  applied: number;
}

const STATUSES = new Set<DecisionStatus>(['approved', 'skipped', 'retargeted', 'link_only']);

/** The link URL of a DOI: https://doi.org/ plus the DOI with URL-unsafe characters escaped. */
export function doiUrl(doi: string): string {
  return 'https://doi.org/' + doi.replace(/[\s"<>#%?{}|\\^`]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'));
}

/** A match left unlinked: why as a code (shared/reasons.ts, shared/causes.ts) and as its English sentence. */
export function unmatchedItem(refId: string, m: MatchCandidate, status: UnmatchedItem['status'], why: ReasonCode): UnmatchedItem {
  return { refId, kind: m.kind, sourceText: m.paragraph.text.slice(m.start, m.end), status, reason: reasonText(why), reasonCode: why, location: locationOf(m.paragraph, m.start, m.end) };
}

/** The match's own reason (held, unsure, unmatched) when the scan gave it one, else `fallback`. */
function ownReason(m: MatchCandidate, fallback: ReasonCode): ReasonCode {
  return m.reasonCode ?? fallback;
}

export function planDecisions(
  matchById: Map<string, MatchCandidate>,
  targetById: Map<string, TargetCandidate>,
  decisions: ReviewDecision[],
  /** DOI of the approved resolved work of a reference, by target key: a link_only citation without a DOI of its own links there. */
  resolvedDoi: (targetKey: string) => string | undefined = () => undefined,
): DecisionPlan {
  if (!Array.isArray(decisions)) throw new DecisionError('invalid-decision', 'decisions must be an array');
  const plan: DecisionPlan = { internal: [], external: [], references: [], unmatched: [], applied: 0 };
  const seen = new Set<string>();
  const decided = new Set<string>();

  for (const d of decisions) {
    if (!d || typeof d !== 'object' || typeof d.refId !== 'string' || !d.refId) throw new DecisionError('invalid-decision', 'each decision needs a refId');
    if (!STATUSES.has(d.status)) throw new DecisionError('invalid-decision', `decision for '${d.refId}' has status '${String(d.status)}' (allowed: approved, skipped, retargeted, link_only)`);
    if (seen.has(d.refId)) throw new DecisionError('duplicate-decision', `more than one decision for '${d.refId}'`);
    seen.add(d.refId);
    let target: TargetCandidate | undefined;
    if (d.targetId !== undefined && d.targetId !== '' && (d.status === 'approved' || d.status === 'retargeted')) {
      target = targetById.get(d.targetId);
      if (!target) throw new DecisionError('unknown-target-id', `decision for '${d.refId}' names unknown targetId '${d.targetId}'`);
    }
    if (d.status === 'retargeted' && !target) throw new DecisionError('invalid-decision', `retargeted decision for '${d.refId}' needs a targetId`);

    const m = matchById.get(d.refId);
    if (!m) {
      // A decision about a reference (bibliography target) rather than a match.
      const ref = targetById.get(d.refId);
      if (!ref) throw new DecisionError('unknown-ref-id', `decision names unknown refId '${d.refId}'`);
      if (d.status === 'link_only') {
        const doi = normaliseDoi(d.doi ?? resolvedDoi(ref.key) ?? ref.doi);
        if (!doi) throw new DecisionError('missing-doi', `link_only decision for '${d.refId}' needs a DOI`);
        plan.references.push({ target: ref, doi, source: 'link_only' });
      }
      plan.applied++;
      continue;
    }
    decided.add(d.refId);
    plan.applied++;
    if (d.status === 'skipped') {
      plan.unmatched.push(unmatchedItem(d.refId, m, 'skipped', d.reason ? reasonOf('skippedWithReason', { reason: d.reason }) : reasonOf('skippedByReviewer')));
      continue;
    }
    if (m.status === 'held') {
      plan.unmatched.push(unmatchedItem(d.refId, m, 'held', ownReason(m, reasonOf('heldMatch'))));
      continue;
    }
    if (d.status === 'link_only') {
      const proposed = m.targetKey ? targetById.get(m.targetKey) : undefined;
      const doi = normaliseDoi(d.doi ?? m.doi ?? (proposed ? resolvedDoi(proposed.key) ?? proposed.doi : undefined));
      if (!doi) throw new DecisionError('missing-doi', `link_only decision for '${d.refId}' needs a DOI`);
      if (m.status === 'identity_change') { plan.unmatched.push(unmatchedItem(d.refId, m, 'identity_change', reasonOf('linkOnlyInLink'))); continue; }
      plan.external.push({ type: 'external', refId: d.refId, match: m, doi });
      continue;
    }
    // approved or retargeted
    if (m.identifier && !target) {
      plan.external.push({ type: 'external', refId: d.refId, match: m, doi: '', url: m.identifier.url });
      continue;
    }
    if (m.kind === 'doi' && !target) {
      const doi = normaliseDoi(m.doi);
      if (!doi) { plan.unmatched.push(unmatchedItem(d.refId, m, m.status, reasonOf('noDoi'))); continue; }
      plan.external.push({ type: 'external', refId: d.refId, match: m, doi });
      continue;
    }
    const t = target ?? (m.targetKey ? targetById.get(m.targetKey) : undefined);
    if (!t) { plan.unmatched.push(unmatchedItem(d.refId, m, m.status, ownReason(m, reasonOf('noLinkTarget')))); continue; }
    plan.internal.push({ type: 'internal', refId: d.refId, match: m, target: t, relink: m.status === 'identity_change' });
  }

  for (const [id, m] of matchById) {
    if (decided.has(id)) continue;
    const why = m.status === 'ready' ? reasonOf('noDecision') : ownReason(m, reasonOf('noDecisionStatus', { status: m.status }));
    plan.unmatched.push(unmatchedItem(id, m, m.status, why));
  }
  return plan;
}
