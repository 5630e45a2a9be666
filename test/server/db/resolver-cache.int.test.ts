// The MySQL resolver cache on real MariaDB: answers shared between pools (processes), expiry per
// row (positive answers outlive negative ones), purge of expired and earlier-version rows.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Pool } from 'mysql2/promise';
import { MysqlResolverCache } from '../../../server/db/resolver-cache.ts';
import { cacheKey } from '../../../server/resolver/cache-key.ts';
import type { CachedResolution } from '../../../server/resolver/ports.ts';
import type { StyleDetectionOutcome } from '../../../server/engine/citation-style-hooks.ts';
import { styleKeyOf } from '../../helpers/style-cache-key.ts';
import { useTestDatabase } from '../../helpers/test-database.ts';

const db = useTestDatabase('rcache', { connectionLimit: 2 });
let poolA: Pool, poolB: Pool;
before(async () => {
  poolA = await db.ready();
  poolB = await db.otherPool();
});

const READY: CachedResolution = {
  status: 'ready',
  work: { doi: '10.1000/xyz', title: 'A title', confidence: 0.97, citationImpact: 'link-only-safe', transactionPlan: null, status: 'ready', reasons: ['title agrees (0.99)'], reasonCodes: [{ code: 'fieldAgreesScore', values: { field: 'title', score: '0.99' } }] },
  reasons: [{ code: 'fieldAgreesScore', values: { field: 'title', score: '0.99' } }, { code: 'fieldAgrees', values: { field: 'year' } }],
};
const NONE: CachedResolution = { status: 'unmatched', work: null, reasons: [{ code: 'noneAgrees' }] };

test('an answer put by one process is read by another; the key ignores case, spacing and label', async () => {
  const a = new MysqlResolverCache(poolA), b = new MysqlResolverCache(poolB);
  await a.put(cacheKey('[3] Smith J. A title. Nature 2020;1:2.'), READY, 60_000);
  assert.deepEqual(await b.get(cacheKey('smith j  a title,  nature 2020 1 2')), READY);
  assert.equal(await b.get(cacheKey('Smith J. Another title.')), null);
  await a.put(cacheKey('[3] Smith J. A title. Nature 2020;1:2.'), NONE, 60_000);
  assert.deepEqual(await b.get(cacheKey('Smith J. A title. Nature 2020;1:2.')), NONE, 'a later answer replaces the earlier one');
});

test('rows expire on their own time-to-live and are purged; other resolver versions are never read', async () => {
  const cache = new MysqlResolverCache(poolA);
  const shortKey = cacheKey('short lived negative answer');
  const longKey = cacheKey('long lived positive answer');
  await cache.put(shortKey, NONE, 150);
  await cache.put(longKey, READY, 60_000);
  await new MysqlResolverCache(poolA, 'r0-old').put(cacheKey('old version'), READY, 60_000);
  assert.deepEqual(await cache.get(shortKey), NONE);
  await new Promise((r) => setTimeout(r, 250));
  assert.equal(await cache.get(shortKey), null, 'expired');
  assert.deepEqual(await cache.get(longKey), READY);
  assert.equal(await cache.get(cacheKey('old version')), null);
  assert.ok((await cache.purge()) >= 2, 'the expired row and the old-version row are purged');
  const [rows] = await poolA.query('SELECT cache_key FROM resolver_cache');
  assert.ok((rows as { cache_key: string }[]).every((r) => r.cache_key !== shortKey));
});

test('malformed keys and answers are refused; a damaged row reads as a miss', async () => {
  const cache = new MysqlResolverCache(poolA);
  await cache.put('not-a-key', READY, 60_000);
  await cache.put(cacheKey('bad answer'), { status: 'held', work: null, reasons: [] } as unknown as CachedResolution, 60_000);
  const [rows] = await poolA.query("SELECT COUNT(*) AS n FROM resolver_cache WHERE cache_key = 'not-a-key' OR status = 'held'");
  assert.equal(Number((rows as { n: number }[])[0]!.n), 0);
  const key = cacheKey('damaged');
  await cache.put(key, READY, 60_000);
  await poolA.query('UPDATE resolver_cache SET answer_json = ? WHERE cache_key = ?', ['{broken', key]);
  assert.equal(await cache.get(key), null);
});

test('a style-detection outcome is shared between processes under its own key and never read as an answer', async () => {
  const a = new MysqlResolverCache(poolA), b = new MysqlResolverCache(poolB);
  const list = { entries: [{ text: '1. Smith J. A title. Nature 2020;1:2.', printedLabel: null }], citeStyle: 'off' };
  const key = await styleKeyOf(list, [null]);
  const outcome: StyleDetectionOutcome = { detectedCslId: 'nature', styleDetection: { family: 'numeric', candidates: [{ id: 'nature', score: 0.9 }] } };
  await a.putStyle(key, outcome, 60_000);
  assert.deepEqual(await b.getStyle(key), outcome);
  assert.equal(await b.get(key), null, 'a style row is not a resolver answer');
  assert.equal(await b.getStyle(await styleKeyOf(list, [{ id: '', type: 'article-journal', title: 'A title' }])), null, 'other metadata, other key');
  await a.put(cacheKey('an answer'), READY, 60_000);
  assert.equal(await b.getStyle(cacheKey('an answer')), null, 'an answer is not a style outcome');
});
