// The resolver's dependencies wrapped to feed /metrics (issue 22, item 5): every registry request leaving this
// process by class and answer status (429s among them), the time each waited for the shared limiter's slot,
// and resolver cache look-ups by hit or miss. The resolver itself knows nothing of metrics.
import type { RegistryLimiter, RequestClass, ResolverCache } from '../resolver/ports.ts';
import type { ServiceMetrics } from './metrics.ts';

/** A registry URL's request class: /works/{doi} is a look-up, /works?query... a search. */
function requestClassOf(url: string): RequestClass {
  const path = new URL(url).pathname.replace(/\/+$/, '');
  return /\/works\/.+/.test(path) ? 'lookup' : 'search';
}

/** fetch, counting each request by class and status ('error' when no answer came). */
export function instrumentedFetch(metrics: ServiceMetrics, inner: typeof fetch = fetch): typeof fetch {
  // Touching Response loads Node's HTTP stack now, as the client does for the global fetch (crossref-client.ts).
  void globalThis.Response;
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const requestClass = requestClassOf(url);
    try {
      const res = await inner(input, init);
      metrics.registryRequest(requestClass, String(res.status));
      return res;
    } catch (err) {
      metrics.registryRequest(requestClass, 'error');
      throw err;
    }
  };
}

/** The limiter, timing how long each acquisition waited for its slot (aborted waits included). */
export function instrumentedLimiter(metrics: ServiceMetrics, inner: RegistryLimiter): RegistryLimiter {
  return {
    async acquire(requestClass, signal, account) {
      const started = performance.now();
      try {
        return await inner.acquire(requestClass, signal, account);
      } finally {
        metrics.registryWait(requestClass, (performance.now() - started) / 1000);
      }
    },
    updateLimits: (requestClass, limits) => inner.updateLimits(requestClass, limits),
    pauseUntil: (untilEpochMs) => inner.pauseUntil(untilEpochMs),
    rateLimited: (requestClass) => inner.rateLimited(requestClass),
  };
}

/** The cache, counting look-ups that found an answer and those that did not. */
export function instrumentedCache(metrics: ServiceMetrics, inner: ResolverCache): ResolverCache {
  const cache: ResolverCache = {
    async get(key) {
      const found = await inner.get(key);
      metrics.cacheLookup(found !== null);
      return found;
    },
    put: (key, value, ttlMs) => inner.put(key, value, ttlMs),
  };
  if (inner.getStyle) cache.getStyle = inner.getStyle.bind(inner);
  if (inner.putStyle) cache.putStyle = inner.putStyle.bind(inner);
  return cache;
}
