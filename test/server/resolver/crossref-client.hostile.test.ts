// A hostile registry (test/helpers/hostile-registry.ts) costs neither memory, time nor the request:
// a 400 MB body is cut at the byte cap, a dripping body at the time cap, wrong-typed records are
// dropped and counted, and "1 request per 600 s" is not believed without a 429.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CrossrefClient, RegistryError } from '../../../server/resolver/crossref-client.ts';
import { InProcessLimiter } from '../../../server/resolver/limiter.ts';
import { POLITE_LIMITS } from '../../../server/resolver/ports.ts';
import { resolveReferences } from '../../../server/resolver/resolve.ts';
import { REFS, WORKS } from '../../helpers/fake-crossref/fixtures.ts';
import { startHostileRegistry, WRONG_RECORDS, type HostileRegistry } from '../../helpers/hostile-registry.ts';

let registry: HostileRegistry;
before(async () => { registry = await startHostileRegistry(WORKS); });
after(() => registry.close());

const client = (extra: object = {}) => new CrossrefClient({ apiUrl: registry.url, mailto: 'hostile@example.org', limiter: new InProcessLimiter(), baseBackoffMs: 5, maxBackoffMs: 20, ...extra });

test('a 400 MB body is cut at the byte cap: little read, little memory, no retry', async () => {
  registry.mode = 'huge';
  registry.stats.bytesSent = 0;
  const c = client({ maxBodyBytes: 1024 * 1024 });
  const rss0 = process.memoryUsage().rss;
  const t0 = Date.now();
  await assert.rejects(c.search(REFS.bacon), (e: unknown) => e instanceof RegistryError && e.kind === 'bad_response' && /1048576-byte cap/.test(e.message));
  assert.ok(Date.now() - t0 < 5000, `took ${Date.now() - t0} ms`);
  assert.equal(c.stats.requests, 1, 'not retried');
  assert.ok(process.memoryUsage().rss - rss0 < 100 * 1024 * 1024, `RSS grew ${((process.memoryUsage().rss - rss0) / 1048576).toFixed(0)} MB`);
  await new Promise((r) => setTimeout(r, 100));
  assert.ok(registry.stats.bytesSent < 64 * 1024 * 1024, `the registry wrote ${(registry.stats.bytesSent / 1048576).toFixed(0)} MB before the client hung up`);
  // A registry that keeps sending them counts as down after the third: the rest is held without asking.
  await assert.rejects(c.search(REFS.stroke), (e: unknown) => e instanceof RegistryError && e.kind === 'bad_response');
  await assert.rejects(c.search(REFS.nano), (e: unknown) => e instanceof RegistryError && e.kind === 'bad_response');
  await assert.rejects(c.search(REFS.acs), (e: unknown) => e instanceof RegistryError && e.kind === 'unavailable' && /cap/.test(e.message));
  assert.equal(c.stats.requests, 3);
});

test('a body that drips is given up at the time cap', async () => {
  registry.mode = 'slow';
  const c = client({ timeoutMs: 300, maxAttempts: 2 });
  const t0 = Date.now();
  await assert.rejects(c.search(REFS.bacon), (e: unknown) => e instanceof RegistryError && e.kind === 'unavailable');
  assert.ok(Date.now() - t0 < 3000, `took ${Date.now() - t0} ms`);
  assert.equal(c.stats.timeouts, 2);
});

test('wrong-typed records are dropped and counted; the search goes on with the valid ones', async () => {
  registry.mode = 'wrong';
  const c = client();
  const works = await c.search(REFS.bacon);
  assert.equal(c.stats.droppedRecords, WRONG_RECORDS.length);
  assert.ok(works.length >= 1 && works.every((w) => typeof w.DOI === 'string'));
  // A look-up whose record is malformed holds the reference rather than calling the DOI unknown.
  await assert.rejects(c.lookup('10.1000/stroke.2010'), (e: unknown) => e instanceof RegistryError && e.kind === 'bad_response');
});

test('regression: a wrong-typed record no longer fails the whole resolve; the count is in the report', async () => {
  registry.mode = 'wrong';
  const refs = [REFS.bacon, REFS.stroke].map((text, i) => ({ refId: `bib-${i + 1}`, index: i, text, existingDoi: null, existingUrl: null }));
  // Before: match.ts called work.DOI.toLowerCase() on { DOI: 12345 } and the resolve threw (503 in the service).
  const report = await resolveReferences(refs, { apiUrl: registry.url, mailto: 'hostile@example.org', limiter: new InProcessLimiter(), cache: null });
  assert.equal(report.references.length, 2);
  assert.equal(report.resolvedWorks['bib-1']?.doi, '10.1000/heart.2009.1');
  assert.equal(report.resolverReport?.registryRecordsDropped, 2 * WRONG_RECORDS.length);
  // An oversized answer holds the reference (resolve again later), never caches it as unmatched.
  registry.mode = 'huge';
  registry.hugeBytes = 20 * 1024 * 1024;
  const held = await resolveReferences(refs.slice(0, 1), { apiUrl: registry.url, mailto: 'hostile@example.org', limiter: new InProcessLimiter(), cache: null });
  assert.equal(held.references[0]!.status, 'held');
  assert.match(held.references[0]!.reasons![0]!, /cap/);
});

test('"1 request per 600 s, 1 at once" is not believed without a 429: the limiter stays at the polite default', async () => {
  registry.mode = 'starve';
  const limiter = new InProcessLimiter();
  const c = client({ limiter });
  await c.search(REFS.bacon);
  assert.deepEqual(limiter.currentLimits('search'), POLITE_LIMITS.search);
  const t0 = Date.now();
  await Promise.all([c.search(REFS.stroke), c.search(REFS.nano), c.lookup('10.1000/stroke.2010')]);
  assert.ok(Date.now() - t0 < 3000, `three more requests took ${Date.now() - t0} ms`);
});
