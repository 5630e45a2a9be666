// The review state: the scan's matches and targets plus the user's choice for each match.
// A pure reducer; React holds the state with useReducer, the tests drive it directly.
import type { ReviewMatch, ReviewTarget, ScanPacket, MatchKind } from '../../shared/contract.ts';
import { retargetOptions, targetTypeFor } from './kinds.ts';
import { normalizeDoi } from './doi.ts';
import { S } from '../strings.ts';

/** What the user chose for one match. */
export type Choice =
  | { status: 'approved' }
  | { status: 'skipped'; reason?: string }
  | { status: 'retargeted'; targetId: string }
  | { status: 'link_only'; doi: string };

export interface ReviewState {
  matches: ReviewMatch[];
  targets: ReviewTarget[];
  choices: Record<string, Choice>;
  /** Last rejected action, shown to the user; cleared by the next accepted action. */
  error: { refId: string | null; message: string } | null;
}

export type ReviewAction =
  | { type: 'load'; packet: Pick<ScanPacket, 'matches' | 'targets'>; choices?: Record<string, Choice> }
  | { type: 'approve'; refId: string }
  | { type: 'skip'; refId: string; reason?: string }
  | { type: 'retarget'; refId: string; targetId: string }
  | { type: 'linkDoi'; refId: string; doi: string }
  | { type: 'undo'; refId: string }
  | { type: 'approveAllReady'; kind?: MatchKind }
  | { type: 'skipAllUndecided'; kind?: MatchKind }
  | { type: 'clearError' };

export const emptyReviewState: ReviewState = { matches: [], targets: [], choices: {}, error: null };

function findMatch(state: ReviewState, refId: string): ReviewMatch | undefined {
  return state.matches.find((m) => m.refId === refId);
}

/** Why a match cannot simply be approved, or null when it can. */
export function approveProblem(match: ReviewMatch): string | null {
  if (match.kind === 'doi') return match.doi || match.url ? null : S.review.problems.doiWithoutDoi;
  if (targetTypeFor(match.kind) === null) return match.url ? null : S.review.problems.noLink;
  if (!match.targetId) return S.review.problems.noTarget;
  return null;
}

/** Why a match cannot be retargeted to this target, or null when it can. */
function retargetProblem(match: ReviewMatch, targetId: string, targets: readonly ReviewTarget[]): string | null {
  const wanted = targetTypeFor(match.kind);
  if (wanted === null) return S.review.problems.doiNotRetargetable;
  const target = targets.find((t) => t.targetId === targetId);
  if (!target) return S.review.problems.unknownTarget(targetId);
  if (!retargetOptions(match, targets).some((t) => t.targetId === targetId)) {
    return S.review.problems.wrongTargetType(match.kind, wanted, String(target.type));
  }
  return null;
}

function withChoice(state: ReviewState, refId: string, choice: Choice): ReviewState {
  return { ...state, choices: { ...state.choices, [refId]: choice }, error: null };
}

function reject(state: ReviewState, refId: string | null, message: string): ReviewState {
  return { ...state, error: { refId, message } };
}

export function reviewReducer(state: ReviewState, action: ReviewAction): ReviewState {
  switch (action.type) {
    case 'load':
      return { matches: [...action.packet.matches], targets: [...action.packet.targets], choices: { ...(action.choices ?? {}) }, error: null };
    case 'clearError':
      return { ...state, error: null };
    case 'approveAllReady':
    case 'skipAllUndecided': {
      const choices = { ...state.choices };
      for (const m of state.matches) {
        if (action.kind && m.kind !== action.kind) continue;
        if (choices[m.refId]) continue;
        if (action.type === 'approveAllReady') {
          if (m.status === 'ready' && approveProblem(m) === null) choices[m.refId] = { status: 'approved' };
        } else {
          choices[m.refId] = { status: 'skipped', reason: 'skipped in bulk' };
        }
      }
      return { ...state, choices, error: null };
    }
    default:
      break;
  }
  const match = findMatch(state, action.refId);
  if (!match) return reject(state, action.refId, S.review.problems.unknownMatch(action.refId));
  switch (action.type) {
    case 'approve': {
      const problem = approveProblem(match);
      return problem ? reject(state, match.refId, problem) : withChoice(state, match.refId, { status: 'approved' });
    }
    case 'skip':
      return withChoice(state, match.refId, action.reason ? { status: 'skipped', reason: action.reason } : { status: 'skipped' });
    case 'retarget': {
      const problem = retargetProblem(match, action.targetId, state.targets);
      if (problem) return reject(state, match.refId, problem);
      if (action.targetId === match.targetId) return withChoice(state, match.refId, { status: 'approved' });
      return withChoice(state, match.refId, { status: 'retargeted', targetId: action.targetId });
    }
    case 'linkDoi': {
      const doi = normalizeDoi(action.doi);
      if (!doi) return reject(state, match.refId, S.review.problems.notADoi(action.doi));
      return withChoice(state, match.refId, { status: 'link_only', doi });
    }
    case 'undo': {
      const choices = { ...state.choices };
      delete choices[match.refId];
      return { ...state, choices, error: null };
    }
  }
}
