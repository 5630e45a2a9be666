// The resolver's dependencies wrapped for /metrics: registry requests by class and status (a 429 counted as
// such, a failed fetch as 'error'), limiter waits timed, cache look-ups as hit or miss; what they wrap is
// called unchanged.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ServiceMetrics } from '../../../server/http/metrics.ts';
import { instrumentedCache, instrumentedFetch, instrumentedLimiter } from '../../../server/http/registry-metrics.ts';
import { InProcessLimiter } from '../../../server/resolver/limiter.ts';
import type { CachedResolution, ResolverCache } from '../../../server/resolver/ports.ts';

const metrics = (): ServiceMetrics => new ServiceMetrics({ engineThreads: () => 0, engineQueued: () => 0, engineThreadsMax: 1, pendingReservations: async () => 0 });
const line = async (m: ServiceMetrics, prefix: string): Promise<string[]> => (await m.registry.metrics()).split('\n').filter((l) => l.startsWith(prefix));

test('request classes: /works/{doi} is a look-up, /works?query a search', async () => {
  const m = metrics();
  const f = instrumentedFetch(m, (async () => new Response('{}', { status: 200 })) as typeof fetch);
  await f('https://api.crossref.org/works/10.1000/xyz?mailto=a@b.org');
  await f('https://api.crossref.org/works?query.bibliographic=x&rows=5');
  await f('http://127.0.0.1:9/works/');
  assert.deepEqual((await line(m, 'hyperlinker_registry_requests_total{')).sort(), [
    'hyperlinker_registry_requests_total{class="lookup",status="200"} 1',
    'hyperlinker_registry_requests_total{class="search",status="200"} 2',
  ]);
});

test('registry requests counted by class and status, 429s and failures included', async () => {
  const m = metrics();
  const answers = [200, 429, 200];
  const f = instrumentedFetch(m, (async () => new Response('{}', { status: answers.shift()! })) as typeof fetch);
  assert.equal((await f('http://r/works?query=a')).status, 200);
  assert.equal((await f('http://r/works?query=b')).status, 429);
  assert.equal((await f(new URL('http://r/works/10.1/x'))).status, 200);
  const failing = instrumentedFetch(m, (async () => { throw new TypeError('fetch failed'); }) as typeof fetch);
  await assert.rejects(failing('http://r/works/10.1/y'), /fetch failed/);
  assert.deepEqual((await line(m, 'hyperlinker_registry_requests_total{')).sort(), [
    'hyperlinker_registry_requests_total{class="lookup",status="200"} 1',
    'hyperlinker_registry_requests_total{class="lookup",status="error"} 1',
    'hyperlinker_registry_requests_total{class="search",status="200"} 1',
    'hyperlinker_registry_requests_total{class="search",status="429"} 1',
  ]);
});

test('limiter waits observed per class; cache look-ups counted as hit or miss', async () => {
  const m = metrics();
  const limiter = instrumentedLimiter(m, new InProcessLimiter());
  (await limiter.acquire('search')).release();
  (await limiter.acquire('lookup', undefined, 'user:1')).release();
  assert.deepEqual(await line(m, 'hyperlinker_registry_wait_seconds_count'), [
    'hyperlinker_registry_wait_seconds_count{class="search"} 1',
    'hyperlinker_registry_wait_seconds_count{class="lookup"} 1',
  ]);
  const stored = new Map<string, CachedResolution>([['k1', { status: 'unmatched', work: null, reasons: [] }]]);
  const inner: ResolverCache = { get: async (k) => stored.get(k) ?? null, put: async (k, v) => { stored.set(k, v); } };
  const cache = instrumentedCache(m, inner);
  assert.ok(await cache.get('k1'));
  assert.equal(await cache.get('k2'), null);
  await cache.put('k2', { status: 'unmatched', work: null, reasons: [] }, 1000);
  assert.ok(await cache.get('k2'));
  assert.equal(typeof cache.getStyle, 'undefined', 'no style cache where the inner has none');
  assert.deepEqual((await line(m, 'hyperlinker_resolver_cache_lookups_total{')).sort(), [
    'hyperlinker_resolver_cache_lookups_total{result="hit"} 2',
    'hyperlinker_resolver_cache_lookups_total{result="miss"} 1',
  ]);
});
