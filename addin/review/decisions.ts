// Turns the review state into the decisions array sent to POST /hyperlink-apply, and counts progress.
import type { ReviewDecision, MatchKind, MatchStatus } from '../../shared/contract.ts';
import type { ReviewState, Choice } from './review-state.ts';

const NOT_REVIEWED_REASON = 'not reviewed';

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
 * One decision per match, in scan order. A match the user did not decide is sent as skipped
 * ("not reviewed"): nothing is linked that nobody approved.
 */
export function buildDecisions(state: ReviewState): ReviewDecision[] {
  return state.matches.map((m) => {
    const choice = state.choices[m.refId];
    return choice ? toDecision(m.refId, choice) : { refId: m.refId, status: 'skipped', reason: NOT_REVIEWED_REASON };
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
