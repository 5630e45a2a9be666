// The style picker's logic (pure): what the scan or the resolver detected, with its calibrated
// probability, the runner-up when the margin is thin, and the citation form; and a search over the
// bundled CSL styles by title or id.
import { CSL_STYLES, type CslStyleInfo } from '../../shared/csl-styles.ts';
import type { CitationForm, StyleDetectionReport } from '../../shared/contract.ts';

export interface DetectedStyle {
  /** The detected id, or null when no style was a clear winner. */
  id: string | null;
  title: string | null;
  /** 0–1: the calibrated probability that the detected (or, when unsure, the closest) style is the list's; null when none was given. */
  probability: number | null;
  /** The next style when the margin is thin, with its probability. */
  runnerUp: { id: string; title: string; probability: number } | null;
  /** The list's citation form (numeric, author-date, note), detected apart from the style. */
  form: CitationForm | null;
  /**
   * True when the detected id is a bundled style the list can be rewritten in; false when detection
   * recognised a style the product does not bundle (by a former layout, e.g. harvard3's current id).
   */
  rewritable: boolean;
  /** 'high' when detected with a clear lead, 'low' when unsure (no id), 'none' without a detection. */
  confidence: 'high' | 'low' | 'none';
  /** The closest styles, best first (for a one-click choice when unsure). */
  candidates: CslStyleInfo[];
}

interface DetectionLike {
  detectedCslId?: string | null;
  styleDetection?: StyleDetectionReport | null;
}

export function styleInfo(id: string): CslStyleInfo | null {
  return CSL_STYLES.find((s) => s.id === id) ?? null;
}

/** The detection of a scan packet or resolver report (the resolver's, refined with registry fields, wins). */
export function detectedStyle(...sources: Array<DetectionLike | null | undefined>): DetectedStyle {
  const src = [...sources].reverse().find((s) => s && s.styleDetection);
  if (!src?.styleDetection) return { id: null, title: null, probability: null, runnerUp: null, form: null, rewritable: false, confidence: 'none', candidates: [] };
  const det = src.styleDetection;
  const raw = det.candidates ?? [];
  const candidates = raw.map((c) => styleInfo(c.id)).filter((s): s is CslStyleInfo => s !== null).slice(0, 3);
  // A detection without a calibrated confidence (an older cached report) shows no percentage: a raw score is not one.
  const probability = det.confidence ? det.confidence.probability : null;
  const r = det.confidence?.runnerUp ?? null;
  const runnerUp = r ? { id: r.id, title: styleInfo(r.id)?.title ?? r.id, probability: r.probability } : null;
  const id = src.detectedCslId ?? null;
  const bundled = id ? styleInfo(id) : null;
  const form = det.citationForm?.form ?? det.family ?? null;
  return { id, title: id ? bundled?.title ?? id : null, probability, runnerUp, form, rewritable: bundled !== null, confidence: id ? 'high' : raw.length ? 'low' : 'none', candidates };
}

/** The style the picker preselects: the detected id when the list can be rewritten in it, else none. */
export function preselectedStyle(detected: string | null | undefined): string | null {
  return detected && styleInfo(detected) ? detected : null;
}

/** Styles whose title or id contains every word of the query (case and accents ignored), at most `limit`. */
export function searchStyles(query: string, limit = 30): CslStyleInfo[] {
  const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  const hits = CSL_STYLES.filter((s) => {
    const hay = `${fold(s.title)} ${s.id}`;
    return words.every((w) => hay.includes(w));
  });
  return hits.slice(0, limit);
}
