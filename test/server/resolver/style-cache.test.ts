// The citation style of a resolved list, cached beside the resolver's answers: the key (read from the cache it is
// stored in) covers all that detection reads; a hit skips detection; a cache that fails or lacks style slots only
// costs a detection.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReferenceListInput, StyleDetectionOutcome } from '../../../server/engine/citation-style-hooks.ts';
import type { CachedResolution, ResolverCache } from '../../../server/resolver/ports.ts';
import { cachedStyleDetection, isStyleOutcome } from '../../../server/resolver/style-cache.ts';
import { styleKeyOf } from '../../helpers/style-cache-key.ts';

const list: ReferenceListInput = { citeStyle: 'number', entries: [{ text: 'Smith J. Growth. Nature. 2020;5:1–2.', printedLabel: '1.' }] };
const outcome: StyleDetectionOutcome = { detectedCslId: 'vancouver', styleDetection: { confidence: { id: 'vancouver', probability: 0.9, unknown: false, runnerUp: null } } };

class MemoryCache implements ResolverCache {
  readonly styles = new Map<string, { value: StyleDetectionOutcome; ttl: number }>();
  failing = false;
  async get(): Promise<CachedResolution | null> { return null; }
  async put(): Promise<void> {}
  async getStyle(key: string) {
    if (this.failing) throw new Error('cache down');
    return this.styles.get(key)?.value ?? null;
  }
  async putStyle(key: string, value: StyleDetectionOutcome, ttl: number) {
    if (this.failing) throw new Error('cache down');
    this.styles.set(key, { value, ttl });
  }
}

/** Style detections are kept 30 days (style-cache.ts). */
const STYLE_TTL_MS = 30 * 24 * 3600 * 1000;

function detector() {
  let calls = 0;
  return { detect: () => (calls++, outcome), calls: () => calls };
}

test('the key changes with the entries, their labels, the citation form and the metadata', async () => {
  const key = await styleKeyOf(list, [null]);
  assert.match(key, /^[0-9a-f]{64}$/);
  assert.equal(await styleKeyOf({ ...list, entries: [...list.entries] }, [null]), key);
  assert.notEqual(await styleKeyOf({ ...list, citeStyle: 'superscript' }, [null]), key);
  assert.notEqual(await styleKeyOf({ ...list, entries: [{ ...list.entries[0]!, printedLabel: '[1]' }] }, [null]), key);
  assert.notEqual(await styleKeyOf({ ...list, entries: [{ ...list.entries[0]!, text: 'Smith J. Growth. Nature 2020.' }] }, [null]), key);
  assert.notEqual(await styleKeyOf(list, [{ id: 'r1', type: 'article-journal', title: 'Growth' }]), key);
});

test('a miss detects and stores for the style TTL; the next call is a hit without detection', async () => {
  const cache = new MemoryCache();
  const d = detector();
  assert.deepEqual(await cachedStyleDetection(list, [null], cache, d.detect), outcome);
  assert.deepEqual([...cache.styles.values()].map((v) => v.ttl), [STYLE_TTL_MS]);
  assert.deepEqual(await cachedStyleDetection(list, [null], cache, d.detect), outcome);
  assert.equal(d.calls(), 1);
});

test('store false detects without writing; no cache, or one without style slots, always detects', async () => {
  const cache = new MemoryCache();
  const d = detector();
  await cachedStyleDetection(list, [null], cache, d.detect, false);
  assert.equal(cache.styles.size, 0);
  await cachedStyleDetection(list, [null], null, d.detect);
  await cachedStyleDetection(list, [null], { get: async () => null, put: async () => undefined }, d.detect);
  assert.equal(d.calls(), 3);
});

test('a failing cache is a miss, never an error', async () => {
  const cache = new MemoryCache();
  cache.failing = true;
  const d = detector();
  assert.deepEqual(await cachedStyleDetection(list, [null], cache, d.detect), outcome);
  assert.equal(d.calls(), 1);
});

test('isStyleOutcome checks a stored value\'s shape', () => {
  assert.equal(isStyleOutcome(outcome), true);
  assert.equal(isStyleOutcome({ detectedCslId: null, styleDetection: {} }), true);
  for (const bad of [null, 'x', { detectedCslId: 3, styleDetection: {} }, { detectedCslId: 'apa' }, { detectedCslId: 'apa', styleDetection: null }]) {
    assert.equal(isStyleOutcome(bad), false, JSON.stringify(bad));
  }
});

test('the same references in another order are the same key: reordering does not buy another detection', async () => {
  const two: ReferenceListInput = { citeStyle: 'off', entries: [{ text: 'A. Alpha. 2001.', printedLabel: null }, { text: 'B. Beta. 2002.', printedLabel: null }] };
  const meta = [{ id: '', type: 'article-journal', title: 'Alpha' }, null];
  const swapped: ReferenceListInput = { ...two, entries: [two.entries[1]!, two.entries[0]!] };
  assert.equal(await styleKeyOf(swapped, [null, meta[0]!]), await styleKeyOf(two, meta));
  // the metadata travels with its entry: the same entries with the metadata on the other one differ
  assert.notEqual(await styleKeyOf(swapped, meta), await styleKeyOf(two, meta));
  const cache = new MemoryCache();
  const d = detector();
  await cachedStyleDetection(two, meta, cache, d.detect);
  await cachedStyleDetection(swapped, [null, meta[0]!], cache, d.detect);
  assert.equal(d.calls(), 1);
});

test('a detection that fails (worker timed out, pool busy) gives no style and stores nothing; an async detector is awaited', async () => {
  const cache = new MemoryCache();
  const failed = await cachedStyleDetection(list, [null], cache, async () => { throw new Error('engine timed out'); });
  assert.deepEqual(failed, { detectedCslId: null, styleDetection: null });
  assert.equal(cache.styles.size, 0);
  assert.deepEqual(await cachedStyleDetection(list, [null], cache, async () => outcome), outcome);
  assert.equal(cache.styles.size, 1);
});
