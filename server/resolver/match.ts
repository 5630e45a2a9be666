// Choosing among the registry's candidates for one reference: re-score each against the parsed
// reference (score.ts), rank, and accept the best only when enough fields agree and it stands clear
// of the runner-up. The confidence is a logistic function of the combined score, the margin and the
// number of agreeing fields (not the registry's own score, whose scale is the registry's business),
// fitted on one half of the development set and checked on the other (bench/README.md): among works
// marked ready, at least 99% are right.

import type { ResolutionStatus } from '../../shared/contract.ts';
import { reasonOf, type ReasonCode } from '../../shared/reasons.ts';
import { agreements, combinedScore, scoreCandidate, type CandidateFeatures, type PreparedReference } from './score.ts';
import type { CrossrefWork } from './work.ts';

/** Ready from this confidence on (and only when the agreement gate passes). */
export const READY_CONFIDENCE = 0.9;
/** The best candidate must beat the runner-up by this much to be ready: a tie is for a reviewer. */
const MIN_MARGIN = 0.05;
/** Below this the best candidate is not worth a reviewer's time: unmatched. */
const PROPOSE_CONFIDENCE = 0.3;

const CALIBRATION = { intercept: -6.1, score: 7.3, margin: 3.2, agreements: 4.35 };

export interface RankedCandidate {
  work: CrossrefWork;
  features: CandidateFeatures;
  score: number;
  agreements: number;
}

export interface MatchDecision {
  status: Exclude<ResolutionStatus, 'held'>;
  best: RankedCandidate | null;
  runnerUp: RankedCandidate | null;
  confidence: number;
  /** Which fields agreed and which did not, and why the decision is what it is (shared/reasons.ts codes). */
  reasons: ReasonCode[];
}

export function rankCandidates(ref: PreparedReference, works: CrossrefWork[]): RankedCandidate[] {
  const seen = new Set<string>();
  const out: RankedCandidate[] = [];
  for (const work of works) {
    if (!work?.DOI || seen.has(work.DOI.toLowerCase())) continue;
    seen.add(work.DOI.toLowerCase());
    const features = scoreCandidate(ref, work);
    out.push({ work, features, score: combinedScore(features), agreements: agreements(features) });
  }
  return out.sort((a, b) => b.score - a.score || (b.work.score ?? 0) - (a.work.score ?? 0));
}

function calibratedConfidence(best: RankedCandidate, runnerUp: RankedCandidate | null): number {
  const margin = Math.min(0.5, best.score - (runnerUp?.score ?? 0));
  const z = CALIBRATION.intercept + CALIBRATION.score * best.score + CALIBRATION.margin * margin + CALIBRATION.agreements * (best.agreements / 5);
  return Math.round(1000 / (1 + Math.exp(-z))) / 1000;
}

/**
 * Crossref's rule: at least three of title, year, volume, first author and first page agree. Two
 * suffice when they are a long title found whole and the first author, and nothing contradicts. A reference
 * without a title whose first page the record contradicts never passes, nor one whose issue and first page both differ.
 */
function passesGate(f: CandidateFeatures, agreeing: number): boolean {
  // Without a title to compare, a first page the record contradicts is another paper of the same authors, journal
  // and volume (the article before or after it): never ready, however well the rest agrees.
  if (f.title === null && f.page === 0) return false;
  // Issue and first page both contradicting is another article, however alike the titles: the next part of a
  // series ("… Compounds: XLI" cited, "… Compounds: XLII" found) in the same volume. One of the two may be a typo.
  if (f.page === 0 && f.issue === 0) return false;
  if (agreeing >= 3) return true;
  return agreeing === 2 && (f.title ?? 0) >= 0.9 && f.author === 1 && f.titleWords >= 6 && f.year !== 0 && f.volume !== 0 && f.page !== 0 && f.issue !== 0 && (f.container === null || f.container >= 0.5);
}

function pct(x: number): string {
  return x.toFixed(2);
}

/** Which fields agreed and which did not, for the reviewer. */
export function explain(f: CandidateFeatures): ReasonCode[] {
  const out: ReasonCode[] = [];
  const field = (name: string, v: number | null, good = 0.7) => {
    if (v === null) return;
    if (v >= good) out.push(v < 1 ? reasonOf('fieldAgreesScore', { field: name, score: pct(v) }) : reasonOf('fieldAgrees', { field: name }));
    else out.push(v > 0 ? reasonOf('fieldPartly', { field: name, score: pct(v) }) : reasonOf('fieldDiffers', { field: name }));
  };
  field('title', f.title);
  field('first author', f.author);
  field('year', f.year, 1);
  field('volume', f.volume, 1);
  field('issue', f.issue, 1);
  field('first page', f.page, 1);
  field('journal', f.container);
  if (f.unexplained) out.push(reasonOf('unexplained', { n: f.unexplained }));
  if (f.notice) out.push(reasonOf('notice'));
  if (f.typeMismatch) out.push(reasonOf('typeMismatch'));
  return out;
}

export function decide(ref: PreparedReference, works: CrossrefWork[]): MatchDecision {
  const ranked = rankCandidates(ref, works);
  const best = ranked[0] ?? null;
  const runnerUp = ranked[1] ?? null;
  if (!best) return { status: 'unmatched', best: null, runnerUp: null, confidence: 0, reasons: [reasonOf('noCandidate')] };
  const confidence = calibratedConfidence(best, runnerUp);
  const reasons = explain(best.features);
  const gate = passesGate(best.features, best.agreements);
  if (!gate) reasons.push(reasonOf('fewAgree', { n: best.agreements }));
  const clear = !runnerUp || best.score - runnerUp.score >= MIN_MARGIN;
  if (!clear) reasons.push(reasonOf('runnerUp', { doi: runnerUp!.work.DOI.toLowerCase() }));
  if (gate && clear && confidence >= READY_CONFIDENCE) return { status: 'ready', best, runnerUp, confidence, reasons };
  if (confidence >= PROPOSE_CONFIDENCE || (gate && best.score >= 0.5)) return { status: 'low_confidence', best, runnerUp, confidence: Math.min(confidence, READY_CONFIDENCE - 0.001), reasons };
  return { status: 'unmatched', best, runnerUp, confidence, reasons: [reasonOf('noneAgrees'), ...reasons] };
}
