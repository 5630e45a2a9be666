// The citation style of a resolved list, cached beside the resolver's answers: detection renders
// the entries in every candidate style (hundreds of milliseconds per manuscript, more when the
// citeproc engines are built first), so a warm resolve looks the outcome up instead. The key is a
// hash of everything detection reads: the detector version, the bundled style ids, the citation
// form, the entries as written and the registry metadata handed to it, in a canonical order: the same
// references sent again in another order are the same key, so reordering a list is not a way to make the
// service detect again (issue 24, item 3). A detection that fails (the worker timed out, the pool was busy)
// gives no style and is not stored.

import { sha256Hex } from '../common/hash.ts';
import { bundledStyles } from '../csl/catalog.ts';
import type { CslItem } from '../csl/render.ts';
import type { ReferenceListInput, StyleDetectionOutcome } from '../engine/citation-style-hooks.ts';
import { STYLE_DETECTOR_VERSION } from '../citation-style/version.ts';
import type { ResolverCache } from './ports.ts';

/** Style outcomes are content-addressed (a changed list is a new key): kept as long as positive answers. */
const STYLE_TTL_MS = 30 * 24 * 3600 * 1000;

export type StyleRefiner = (list: ReferenceListInput, metadata: Array<CslItem | null>) => StyleDetectionOutcome | Promise<StyleDetectionOutcome>;

/** What a resolve reports when detection could not run. */
export interface NoStyle {
  detectedCslId: null;
  styleDetection: null;
}
const NO_STYLE: NoStyle = { detectedCslId: null, styleDetection: null };

/** sha-256 hex of the detector version, the bundled style ids, the citation form, and the entries with their
 * metadata as a set (sorted), so any order of the same references is one key. */
function styleCacheKey(list: ReferenceListInput, metadata: Array<CslItem | null>): string {
  const styles = [...bundledStyles().values()].map((s) => `${s.id}:${s.family}`).join(',');
  return sha256Hex(JSON.stringify({
    kind: 'style',
    version: STYLE_DETECTOR_VERSION,
    styles,
    citeStyle: list.citeStyle,
    entries: list.entries.map((e, i) => JSON.stringify([e.text, e.printedLabel, metadata[i] ?? null])).sort(),
  }));
}

/** The outcome from the cache when it holds one for this list, else detected (and stored unless `store` is false). */
export async function cachedStyleDetection(
  list: ReferenceListInput,
  metadata: Array<CslItem | null>,
  cache: ResolverCache | null,
  detect: StyleRefiner,
  store = true,
): Promise<StyleDetectionOutcome | NoStyle> {
  const key = cache?.getStyle && cache.putStyle ? styleCacheKey(list, metadata) : null;
  const hit = key ? await cache!.getStyle!(key).catch(() => null) : null;
  if (hit) return hit;
  let outcome: StyleDetectionOutcome;
  try {
    outcome = await detect(list, metadata);
  } catch {
    return NO_STYLE;
  }
  if (key && store) await cache!.putStyle!(key, outcome, STYLE_TTL_MS).catch(() => undefined);
  return outcome;
}

/** A stored outcome has this shape (checked when read back from a file or a row). */
export function isStyleOutcome(v: unknown): v is StyleDetectionOutcome {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (o.detectedCslId === null || typeof o.detectedCslId === 'string') && typeof o.styleDetection === 'object' && o.styleDetection !== null;
}
