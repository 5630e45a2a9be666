// The key under which cachedStyleDetection (server/resolver/style-cache.ts) stores a list's style outcome, read
// from a cache that records it: the caches' own tests (file, MySQL) store and read style outcomes under the key
// the resolver would use, without the style cache handing its key function out.
import type { CslItem } from '../../server/csl/render.ts';
import type { ReferenceListInput } from '../../server/engine/citation-style-hooks.ts';
import type { ResolverCache } from '../../server/resolver/ports.ts';
import { cachedStyleDetection } from '../../server/resolver/style-cache.ts';

export async function styleKeyOf(list: ReferenceListInput, metadata: Array<CslItem | null>): Promise<string> {
  const keys: string[] = [];
  const recorder: ResolverCache = {
    get: async () => null,
    put: async () => undefined,
    getStyle: async () => null,
    putStyle: async (key) => void keys.push(key),
  };
  await cachedStyleDetection(list, metadata, recorder, () => ({ detectedCslId: null, styleDetection: { candidates: [] } }));
  if (keys.length !== 1) throw new Error(`the style cache stored ${keys.length} outcomes, not one`);
  return keys[0]!;
}
