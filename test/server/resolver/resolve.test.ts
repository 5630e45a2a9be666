import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { FileCache } from '../../../server/resolver/file-cache.ts';
import { InProcessLimiter } from '../../../server/resolver/limiter.ts';
import type { ResolveProgress, ResolveReference } from '../../../server/resolver/ports.ts';
import { resolveReferences } from '../../../server/resolver/resolve.ts';
import { citeprocEnginesBuilt } from '../../helpers/citeproc-engines.ts';
import { refineStyleDetection } from '../../../server/citation-style/index.ts';
import type { ReferenceListInput } from '../../../server/engine/citation-style-hooks.ts';
import type { CslItem } from '../../../server/csl/render.ts';
import type { FakeCrossref } from '../../helpers/fake-crossref/server.ts';
import { REFS, startFake } from '../../helpers/fake-crossref/fixtures.ts';

let fake: FakeCrossref;
let dir: string;
before(async () => { fake = await startFake(); dir = mkdtempSync(join(tmpdir(), 'resolver-cache-')); });
after(async () => { await fake.close(); rmSync(dir, { recursive: true, force: true }); });

const refs = (texts: string[], dois: (string | null)[] = []): ResolveReference[] =>
  texts.map((text, i) => ({ refId: `bib-${i + 1}`, index: i, text, existingDoi: dois[i] ?? null, existingUrl: null }));

const deps = (extra: object = {}) => ({ apiUrl: fake.url, mailto: 'resolver-test@example.org', limiter: new InProcessLimiter(), cache: null, ...extra });

test('resolves references to their works: ready, twins rejected, absent works and DOI-less references unmatched', async () => {
  const events: ResolveProgress[] = [];
  const report = await resolveReferences(refs([REFS.bacon, REFS.stroke, REFS.nano, REFS.acs, REFS.absent, REFS.noDoi]), deps({ onProgress: (e: ResolveProgress) => events.push(e) }));
  const w = report.resolvedWorks;
  assert.equal(w['bib-1']?.doi, '10.1000/heart.2009.1');
  assert.equal(w['bib-1']?.status, 'ready');
  assert.equal(w['bib-1']?.source, 'crossref');
  assert.equal(w['bib-1']?.citationImpact, 'link-only-safe');
  assert.ok(w['bib-1']!.confidence >= 0.9);
  assert.ok(w['bib-1']!.reasons!.includes('title agrees'));
  assert.equal(w['bib-2']?.doi, '10.1000/stroke.2010');
  assert.equal(w['bib-2']?.status, 'ready');
  assert.equal(w['bib-3']?.doi, '10.1000/gold.nano');
  assert.equal(w['bib-4']?.doi, '10.1000/acs.1', 'a reference without a title matches on author, year, volume, page and journal');
  assert.notEqual(w['bib-5']?.status, 'ready', 'no ready DOI for a work the registry lacks');
  assert.notEqual(w['bib-6']?.status, 'ready');
  assert.equal(report.references[5]!.status, 'unmatched');
  assert.equal(events.length, 6);
  assert.deepEqual(events.map((e) => e.done).sort((x, y) => x - y), [1, 2, 3, 4, 5, 6]);
  assert.ok(events.every((e) => e.total === 6 && !e.cached));
  const c = report.resolverReport!;
  assert.equal(c.resolved + c.reviewRequired + c.unresolved, 6);
  assert.ok(c.resolved >= 4);
  assert.ok(fake.stats.userAgents.has('Hyperlinker/0.1 (reference resolver; mailto:resolver-test@example.org)'));
});

test('a retracted work is flagged with the notice DOI and date', async () => {
  const report = await resolveReferences(refs([REFS.retracted]), deps());
  const work = report.resolvedWorks['bib-1']!;
  assert.equal(work.doi, '10.1000/retracted.1');
  assert.deepEqual(work.updates, [{ type: 'retraction', noticeDoi: '10.1000/retraction.notice', date: '2010-02-06', source: 'retraction-watch' }]);
  assert.ok(work.reasons!.some((r) => r.includes('retraction notice 10.1000/retraction.notice')));
});

test('written DOIs: verified, contradicted (identity change with the better candidate), non-existent', async () => {
  const report = await resolveReferences(refs([REFS.stroke, REFS.bacon, REFS.nano], ['10.1000/stroke.2010', '10.1000/other.2', '10.1000/does-not-exist']), deps());
  const [ok, wrong, missing] = report.references;
  assert.equal(ok!.existingDoiCheck, 'verified');
  assert.equal(ok!.status, 'ready');
  assert.equal(wrong!.existingDoiCheck, 'contradicted');
  const ic = report.resolvedWorks['bib-2']!;
  assert.equal(ic.status, 'low_confidence');
  assert.deepEqual(ic.identityChange, { writtenDoi: '10.1000/other.2', registryTitle: 'Optimizing well-being: the empirical encounter of two traditions', notFound: false, betterDoi: '10.1000/heart.2009.1' });
  assert.equal(ic.doi, '10.1000/heart.2009.1');
  assert.equal(ic.citationImpact, 'identity-change');
  assert.equal(missing!.existingDoiCheck, 'not_found');
  assert.equal(report.resolvedWorks['bib-3']?.identityChange?.notFound, true);
  assert.equal(report.resolvedWorks['bib-3']?.identityChange?.betterDoi, '10.1000/gold.nano');
});

test('a second resolve answers from the cache without registry calls; duplicates are resolved once', async () => {
  const cache = new FileCache(dir);
  fake.resetStats();
  const first = await resolveReferences(refs([REFS.bacon, REFS.noDoi, REFS.bacon]), deps({ cache }));
  assert.equal(fake.stats.searches, 2, 'the duplicate reference is searched once');
  assert.equal(first.resolvedWorks['bib-3']?.doi, '10.1000/heart.2009.1');
  fake.resetStats();
  const events: ResolveProgress[] = [];
  const second = await resolveReferences(refs([REFS.bacon, REFS.noDoi, REFS.bacon]), deps({ cache, onProgress: (e: ResolveProgress) => events.push(e) }));
  assert.equal(fake.stats.searches + fake.stats.lookups, 0);
  assert.ok(events.every((e) => e.cached));
  assert.deepEqual(second.resolvedWorks, first.resolvedWorks);
  assert.deepEqual(second.references.map((r) => r.status), first.references.map((r) => r.status));
});

test('a warm resolve makes no registry call, detects no style and builds no citeproc engine', async () => {
  const cache = new FileCache(join(dir, 'warm'));
  const texts = [REFS.bacon, REFS.stroke, REFS.nano, REFS.acs, REFS.noDoi];
  let detections = 0;
  const refineStyle = (list: ReferenceListInput, metadata: Array<CslItem | null>) => {
    detections++;
    return refineStyleDetection(list, metadata);
  };
  fake.resetStats();
  const cold = await resolveReferences(refs(texts), deps({ cache, refineStyle }));
  assert.ok(fake.stats.searches > 0);
  assert.equal(detections, 1);
  fake.resetStats();
  const engines = citeprocEnginesBuilt();
  const warm = await resolveReferences(refs(texts), deps({ cache, refineStyle }));
  assert.equal(fake.stats.searches + fake.stats.lookups + fake.stats.failures, 0, 'no registry call');
  assert.equal(detections, 1, 'the style outcome comes from the cache');
  assert.equal(citeprocEnginesBuilt(), engines, 'no citeproc engine built');
  assert.deepEqual(warm, cold, 'the same report, style included');
  // Another list (one entry less) is a new key: detected again.
  await resolveReferences(refs(texts.slice(0, 4)), deps({ cache, refineStyle }));
  assert.equal(detections, 2);
});

test('an outage holds every reference with a reason and fails fast', async () => {
  fake.setOutage(503);
  fake.resetStats();
  try {
    const report = await resolveReferences(refs([REFS.bacon, REFS.stroke, REFS.nano, REFS.acs]), deps({ maxAttempts: 2 }));
    assert.deepEqual(report.references.map((r) => r.status), ['held', 'held', 'held', 'held']);
    assert.match(report.references[0]!.reasons![0]!, /Crossref unavailable: registry answered 503/);
    assert.deepEqual(report.resolvedWorks, {});
    assert.equal(report.resolverReport!.unresolved, 4);
    assert.ok(fake.stats.failures <= 2 + 8, `fails fast after the first reference gives up (${fake.stats.failures} requests)`);
  } finally {
    fake.setOutage(null);
  }
});

test('cancellation rejects with the abort reason and stops registry calls', async () => {
  fake.setLatency([50, 50]);
  fake.resetStats();
  const controller = new AbortController();
  const many = refs(Array.from({ length: 30 }, (_, i) => `${REFS.bacon} ${i}`));
  const run = resolveReferences(many, deps({ signal: controller.signal, limiter: new InProcessLimiter({ search: { limit: 5, intervalMs: 1000, concurrency: 2 }, lookup: { limit: 5, intervalMs: 1000, concurrency: 2 } }) }));
  setTimeout(() => controller.abort(new Error('client went away')), 80);
  await assert.rejects(run, /client went away/);
  await new Promise((r) => setTimeout(r, 100)); // requests already at the registry finish
  const calls = fake.stats.searches;
  await new Promise((r) => setTimeout(r, 1200)); // past the limiter's window: nothing new starts
  assert.equal(fake.stats.searches, calls, 'no request after the abort');
  assert.ok(calls < 30, `${calls} requests of 30`);
  fake.setLatency([0, 0]);
});

test('a registry nobody listens on: every reference held with the connection error, no throw', async () => {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((r) => server.close(() => r()));
  const report = await resolveReferences(refs([REFS.bacon, REFS.stroke]), { ...deps({ maxAttempts: 2 }), apiUrl: `http://127.0.0.1:${port}` });
  assert.deepEqual(report.references.map((r) => r.status), ['held', 'held']);
  assert.match(report.references[0]!.reasons![0]!, /cannot reach the registry \(ECONNREFUSED\)/);
});
