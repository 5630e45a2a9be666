// How sure style detection is, as a probability, and the citation form apart from the style id.
// The probability that the answer is the list's style is a logistic function of the answer's template
// similarity (its score) and its lead over the best other lineage (its margin), fitted by
// bench/style-calibration.ts on lists cut from the development style manuscripts (even-numbered styles
// fitted, odd-numbered held out; the figures are in docs/style-detection.md). Below UNKNOWN_BELOW the
// answer is "unknown" (no id); the runner-up is named whenever the answer is below CLEAR.

import type { CitationForm, StyleConfidence } from '../../shared/contract.ts';

export type { CitationForm, StyleConfidence };

export type Round = 'template' | 'rendered';

export interface Coefficients {
  intercept: number;
  score: number;
  margin: number;
  /** Weight of ln(entries compared): a style read on thirty entries is surer than on one. */
  entries: number;
}

/** Logistic coefficients per round: p = σ(intercept + score · s + margin · m + entries · ln n) (fitted: bench/style-calibration.ts). */
export const CALIBRATION: Record<Round, Coefficients> = {
  template: { intercept: -4.79, score: 4.75, margin: 19.71, entries: 0.66 },
  rendered: { intercept: -9.62, score: 6.52, margin: 10.64, entries: 1.1 },
};
/** Below this probability the answer is "unknown". */
export const UNKNOWN_BELOW = 0.5;
/** Below this probability the runner-up is reported beside the answer. */
export const CLEAR = 0.9;

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** P(best is right) from its score and margin, with coefficients (the fitted ones by default). */
/** Never 0 or 1: a detection is never certain. */
const MAX_PROBABILITY = 0.995;

export function probabilityOf(score: number, margin: number, entries: number, c: Coefficients): number {
  const p = sigmoid(c.intercept + c.score * score + c.margin * Math.max(0, margin) + c.entries * Math.log(Math.max(1, entries)));
  return Math.min(MAX_PROBABILITY, Math.max(1 - MAX_PROBABILITY, p));
}

/**
 * The confidence of a ranking (best first, one entry per style group): the answer's probability from
 * its score and margin; the runner-up is the best candidate of another id, with the rest of the mass
 * shared by score (a softmax over the candidates other than the answer).
 */
export function calibrate(ranked: Array<{ id: string; score: number }>, margin: number, entries: number, answer: string | null, round: Round, c: Coefficients = CALIBRATION[round]): StyleConfidence {
  if (!ranked.length) return { id: null, probability: 0, unknown: true, runnerUp: null };
  const top = ranked.find((r) => r.id === answer) ?? ranked[0]!;
  const p = probabilityOf(top.score, margin, entries, c);
  const rest = ranked.filter((r) => r.id !== top.id);
  let runnerUp: StyleConfidence['runnerUp'] = null;
  if (rest.length && p < CLEAR) {
    const weights = rest.map((r) => Math.exp((r.score - rest[0]!.score) / 0.01));
    const total = weights.reduce((a, b) => a + b, 0);
    runnerUp = { id: rest[0]!.id, probability: r3((1 - p) * (weights[0]! / total)) };
  }
  return { id: top.id, probability: r3(p), unknown: p < UNKNOWN_BELOW, runnerUp };
}

function r3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/**
 * The citation form: numeric when most entries carry a label, or some do and the text cites by number;
 * notes when footnotes or endnotes that cite works number at least half the entries (the scan's author–year
 * guess for an unnumbered list does not outweigh them); else author–date.
 */
export function citationFormOf(f: { entries: number; labelled: number; citeStyle: string | null; noteCitations: number }): { form: CitationForm | null; basis: string } {
  if (!f.entries) return { form: null, basis: 'no reference entries' };
  const cites = f.citeStyle && f.citeStyle !== 'off' ? f.citeStyle : null;
  if (f.labelled >= f.entries * 0.6) return { form: 'numeric', basis: `${f.labelled} of ${f.entries} entries carry a number` };
  if ((cites === 'number' || cites === 'superscript') && f.labelled > 0) return { form: 'numeric', basis: `the text cites by ${cites === 'number' ? 'number' : 'superscript number'}` };
  // Notes that cite, as many as half the entries: a note style (an author–date text's few footnotes stay below).
  if (f.noteCitations >= 3 && f.noteCitations >= f.entries / 2) return { form: 'note', basis: `${f.noteCitations} footnotes or endnotes cite works; the entries carry no number` };
  if (cites === 'author-year') return { form: 'author-date', basis: 'the text cites (Author, Year) and the entries carry no number' };
  return { form: 'author-date', basis: 'the entries carry no number' };
}
