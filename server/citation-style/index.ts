// Style detection's door for the engine hook (scan) and the resolver (refine with registry metadata).
import type { ReferenceListInput, StyleDetectionOutcome } from '../engine/citation-style-hooks.ts';
import type { CslItem } from '../csl/render.ts';
import { detectStyle } from './detect.ts';

export { comparedEntryIndices, detectStyle } from './detect.ts';
export { STYLE_DETECTOR_VERSION } from './version.ts';
export type { StyleDetection, StyleDetectionResult, StyleDetectionInput, StyleCandidate } from './detect.ts';

/** The scan hook: detection from the entries as written. */
export function detectListStyle(list: ReferenceListInput): StyleDetectionOutcome {
  const r = detectStyle({ entries: list.entries, citeStyle: list.citeStyle, noteCitations: list.noteCitations });
  return { detectedCslId: r.detectedCslId, styleDetection: r.styleDetection };
}

/**
 * For the resolver: detection again with registry metadata (CSL-JSON) for the entries it resolved
 * (same order as list.entries, null where none), which renders the candidates from exact fields.
 */
export function refineStyleDetection(list: ReferenceListInput, metadata: Array<CslItem | null>): StyleDetectionOutcome {
  const r = detectStyle({ entries: list.entries, citeStyle: list.citeStyle, noteCitations: list.noteCitations, metadata });
  return { detectedCslId: r.detectedCslId, styleDetection: r.styleDetection };
}

/** Registry metadata of a resolved work as CSL fields (what a ResolvedWork carries). */
export function workFields(work: { title?: string | null; containerTitle?: string | null; year?: string | null } | null | undefined): CslItem | null {
  if (!work) return null;
  const item: CslItem = { id: '', type: 'article-journal' };
  if (work.title) item.title = work.title;
  if (work.containerTitle) item['container-title'] = work.containerTitle;
  if (work.year && /^\d{4}$/.test(work.year)) item.issued = { 'date-parts': [[Number(work.year)]] };
  return item;
}
