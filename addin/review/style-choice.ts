// The style picker's logic (pure): what the scan or the resolver detected, with a confidence in words,
// and a search over the bundled CSL styles by title or id.
import { CSL_STYLES, type CslStyleInfo } from '../../shared/csl-styles.ts';

export interface DetectedStyle {
  /** The detected id, or null when no style was a clear winner. */
  id: string | null;
  title: string | null;
  /** 0–1: the best candidate's similarity; null when nothing was compared. */
  score: number | null;
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
  styleDetection?: Record<string, unknown> | null;
}

export function styleInfo(id: string): CslStyleInfo | null {
  return CSL_STYLES.find((s) => s.id === id) ?? null;
}

/** The detection of a scan packet or resolver report (the resolver's, refined with registry fields, wins). */
export function detectedStyle(...sources: Array<DetectionLike | null | undefined>): DetectedStyle {
  const src = [...sources].reverse().find((s) => s && s.styleDetection);
  if (!src) return { id: null, title: null, score: null, rewritable: false, confidence: 'none', candidates: [] };
  const raw = (src.styleDetection as { candidates?: Array<{ id?: unknown; score?: unknown }> }).candidates ?? [];
  const candidates = raw.map((c) => (typeof c.id === 'string' ? styleInfo(c.id) : null)).filter((s): s is CslStyleInfo => s !== null).slice(0, 3);
  const top = typeof raw[0]?.score === 'number' ? Math.min(1, Math.max(0, raw[0].score as number)) : null;
  const id = src.detectedCslId ?? null;
  const bundled = id ? styleInfo(id) : null;
  return { id, title: id ? bundled?.title ?? id : null, score: top, rewritable: bundled !== null, confidence: id ? 'high' : raw.length ? 'low' : 'none', candidates };
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
