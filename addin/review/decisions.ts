// Turns the review state into the decisions array sent to POST /hyperlink-apply, and counts progress.
import type { ReviewDecision, MatchKind, MatchStatus } from '../../shared/contract.ts';
import type { ReviewState, Choice } from './review-state.ts';

function toDecision(refId: string, choice: Choice): ReviewDecision {
  switch (choice.status) {
    case 'approved':
      return { refId, status: 'approved' };
    case 'skipped':
      return choice.reason ? { refId, status: 'skipped', reason: choice.reason } : { refId, status: 'skipped' };
    case 'retargeted':
      return { refId, status: 'retargeted', targetId: choice.targetId };
    case 'link_only':
      return { refId, status: 'link_only', doi: choice.doi };
  }
}

/**
 * One decision per decided match, in scan order. A match the user did not decide is not sent: apply links
 * nothing without a decision and lists it as unlinked with the service's own reason, as a code the pane says
 * in the display language ("no decision", or why the match was unsure or held), never as a skip.
 */
export function buildDecisions(state: ReviewState): ReviewDecision[] {
  return state.matches.flatMap((m) => {
    const choice = state.choices[m.refId];
    return choice ? [toDecision(m.refId, choice)] : [];
  });
}

export interface ReviewProgress {
  total: number;
  decided: number;
  /** Matches that will be linked (approved, retargeted or link-only). */
  toLink: number;
  byStatus: Record<MatchStatus, number>;
  /** Ready matches with no choice yet: what "approve all ready" would approve. */
  readyUndecided: number;
}

export function reviewProgress(state: ReviewState, kind?: MatchKind): ReviewProgress {
  const byStatus: Record<MatchStatus, number> = { ready: 0, unmatched: 0, low_confidence: 0, held: 0, identity_change: 0 };
  let decided = 0;
  let toLink = 0;
  let readyUndecided = 0;
  let total = 0;
  for (const m of state.matches) {
    if (kind && m.kind !== kind) continue;
    total++;
    byStatus[m.status] = (byStatus[m.status] ?? 0) + 1;
    const c = state.choices[m.refId];
    if (c) {
      decided++;
      if (c.status !== 'skipped') toLink++;
    } else if (m.status === 'ready') {
      readyUndecided++;
    }
  }
  return { total, decided, toLink, byStatus, readyUndecided };
}
