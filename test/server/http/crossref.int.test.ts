// POST /hyperlink-crossref on real MariaDB against the fake Crossref: refusals (plan, settings,
// allowance), the JSON report and its use at apply, the event stream, the shared cache, an outage
// (held references, clean report), a 429 storm obeyed, cancellation, and /hyperlink with crossref.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { ResolveProgressEvent, ResolverReport, ReviewDecision } from '../../../shared/contract.ts';
import { startFakeCrossref, type FakeCrossref } from '../../helpers/fake-crossref/server.ts';
import { REFS, WORKS } from '../../helpers/fake-crossref/fixtures.ts';
import { manuscript, maxServedInWindow, registryCalls, unknownRefs } from './crossref-helpers.ts';
import { expectError, startTestService, type TestService, type TestUser } from '../../helpers/http-harness.ts';
import { citeprocEnginesBuilt } from '../../helpers/citeproc-engines.ts';

const SETTINGS = { doi: true, crossref: true };
// On a loaded test machine a granted request may reach the registry a few hundred ms after its
// grant (busy event loops, parallel test files); the window margin absorbs that, as it absorbs
// network jitter in production. What is tested here is that processes share one limiter.
const MARGIN = '400';
// Concurrency as documented for the polite pool (3): the limiter starts there before any answer announces it.
const ANNOUNCED = { search: 5, lookup: 10, concurrency: 3 };
let fake: FakeCrossref;
let t: TestService;
let pro: TestUser;

before(async () => {
  fake = await startFakeCrossref({ works: WORKS, polite: ANNOUNCED, public: ANNOUNCED, retryAfterSeconds: 1 });
  t = await startTestService('crossref', { CROSSREF_API_URL: fake.url, REGISTRY_WINDOW_MARGIN_MS: MARGIN, CROSSREF_MAILTO: 'resolver-test@example.org' });
  pro = await t.user({ plan: 'pro' });
});
after(async () => {
  await t.stop();
  await fake.close();
});

test('refusals come before any registry call: free plan 403, settings 400, no credits 402, fingerprint 400', async () => {
  const doc = await manuscript([REFS.bacon]);
  fake.resetStats();
  const free = await t.user({});
  const denied = expectError(await (await free.key()).client.crossref({ file: doc, settings: SETTINGS }), 403);
  assert.equal(denied.reason, 'hyperlinker_requires_paid_plan');
  const { client } = await pro.key();
  expectError(await client.crossref({ file: doc, settings: { doi: true } }), 400);
  expectError(await client.crossref({ file: doc, settings: SETTINGS, scanFingerprint: 'sha256:00' }), 400);
  const broke = await t.user({ plan: 'pro' });
  const brokeKey = await broke.key(); // the first key grants trial credits: spend them all
  await t.service.ctx.pool.query('UPDATE users SET credits = 0 WHERE id = ?', [broke.userId]);
  const noCredits = expectError(await brokeKey.client.crossref({ file: doc, settings: SETTINGS }), 402);
  assert.equal(noCredits.reason, 'no_credits');
  // A stream asked for does not change how refusals travel.
  const streamed = await (await free.key()).client.crossrefStream({ file: doc, settings: SETTINGS });
  assert.equal(streamed.status, 403);
  assert.equal(registryCalls(fake), 0);
});

test('the JSON report: references keyed by bibliography target id, counters, token; apply links the approved works', async () => {
  const refs = [REFS.bacon, REFS.stroke, REFS.absent, REFS.nano];
  const doc = await manuscript(refs);
  const { client } = await pro.key();
  const scan = await client.scan({ file: doc, settings: SETTINGS });
  assert.ok(scan.ok);
  const enginesBefore = citeprocEnginesBuilt();
  const res = await client.crossref({ file: doc, settings: SETTINGS, scanFingerprint: scan.data.scanFingerprint });
  assert.ok(res.ok, JSON.stringify(!res.ok && res.error));
  // style detection ran in an engine worker: the service thread built no citeproc engine (it built dozens, for seconds)
  assert.equal(citeprocEnginesBuilt(), enginesBefore);
  const report = res.data;
  const bibIds = scan.data.targets.filter((x) => x.type === 'bibliography').map((x) => x.targetId);
  assert.deepEqual(report.references.map((r) => r.refId), bibIds);
  assert.equal(report.scanFingerprint, scan.data.scanFingerprint);
  assert.ok(report.scanToken.length > 20);
  // Style detection runs on the list (four references: a style id or null, with the candidates).
  assert.ok(report.detectedCslId === null || typeof report.detectedCslId === 'string');
  assert.ok(report.styleDetection && Array.isArray((report.styleDetection as { candidates?: unknown }).candidates));
  assert.deepEqual(report.references.map((r) => r.status), ['ready', 'ready', 'unmatched', 'ready']);
  assert.deepEqual(report.resolverReport, { resolved: 3, reviewRequired: 0, unresolved: 1 });
  const works = report.resolvedWorks;
  assert.equal(works[bibIds[0]!]!.doi, '10.1000/heart.2009.1');
  assert.equal(works[bibIds[1]!]!.doi, '10.1000/stroke.2010');
  assert.ok(works[bibIds[0]!]!.confidence >= 0.9 && works[bibIds[0]!]!.source === 'crossref');

  const decisions: ReviewDecision[] = scan.data.matches.map((m) => ({ refId: m.refId, status: 'approved' }));
  const applied = await client.apply({ file: doc, settings: SETTINGS, scanToken: report.scanToken, scanFingerprint: report.scanFingerprint, decisions, resolvedWorks: works });
  assert.ok(applied.ok, JSON.stringify(!applied.ok && applied.error));
  assert.equal(applied.data.stats!.resolvedWorkLinks, 3);
  const bad = await client.apply({ file: doc, settings: SETTINGS, scanToken: report.scanToken, scanFingerprint: report.scanFingerprint, decisions, resolvedWorks: { 'bib-99': works[bibIds[0]!]! } });
  assert.equal(expectError(bad, 400).reason, 'unknown-resolved-work');
  const malformed = await client.apply({ file: doc, settings: SETTINGS, scanToken: report.scanToken, scanFingerprint: report.scanFingerprint, decisions, resolvedWorks: { [bibIds[0]!]: { ...works[bibIds[0]!]!, doi: 'doi:nonsense' } } });
  assert.equal(expectError(malformed, 400).reason, 'invalid-resolved-doi');
});

test('the event stream: start, one progress event per reference, then the report; a second run comes from the cache', async () => {
  const refs = [REFS.retracted, REFS.acs, REFS.noDoi, ...unknownRefs(3, 'stream')];
  const doc = await manuscript(refs);
  const { client, key } = await pro.key();
  fake.resetStats();
  const res = await fetch(`${t.url}/hyperlink-crossref`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, Accept: 'text/event-stream' }, body: form(doc) });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
  const raw = await res.text();
  const events = raw.split('\n\n').filter((b) => b.trim() && !b.startsWith(':')).map((b) => {
    const m = /^event: (\w+)\ndata: (.*)$/.exec(b.trim());
    assert.ok(m, `event block: ${b}`);
    return { event: m[1]!, data: JSON.parse(m[2]!) as unknown };
  });
  assert.deepEqual(events.map((e) => e.event), ['start', ...refs.map(() => 'progress'), 'report']);
  assert.deepEqual(events[0]!.data, { total: refs.length, scanFingerprint: (events.at(-1)!.data as ResolverReport).scanFingerprint });
  const progress = events.slice(1, -1).map((e) => e.data as ResolveProgressEvent);
  assert.deepEqual(progress.map((p) => p.done), refs.map((_, i) => i + 1));
  assert.ok(progress.every((p) => p.total === refs.length && !p.cached));
  const report = events.at(-1)!.data as ResolverReport;
  assert.deepEqual(new Set(progress.map((p) => p.refId)), new Set(report.references.map((r) => r.refId)));
  for (const p of progress) assert.equal(p.status, report.references.find((r) => r.refId === p.refId)!.status);
  const retracted = Object.values(report.resolvedWorks).find((w) => w.doi === '10.1000/retracted.1');
  assert.equal(retracted?.updates?.[0]?.noticeDoi, '10.1000/retraction.notice');
  const cold = registryCalls(fake);
  assert.ok(cold >= refs.length, `${cold} registry calls`);

  // Again, through the client's stream reader: every answer from the cache, no registry call.
  fake.resetStats();
  const seen: ResolveProgressEvent[] = [];
  let started = 0;
  const again = await client.crossrefStream({ file: doc, settings: SETTINGS }, { onStart: (s) => (started = s.total), onProgress: (p) => seen.push(p) });
  assert.ok(again.ok);
  assert.equal(started, refs.length);
  assert.equal(seen.length, refs.length);
  assert.ok(seen.every((p) => p.cached));
  assert.equal(registryCalls(fake), 0);
  assert.deepEqual(again.data.resolvedWorks, report.resolvedWorks);
});

test('Crossref down: every reference held with a reason, a clean 200 report, nothing cached', async () => {
  const refs = unknownRefs(3, 'outage');
  const doc = await manuscript(refs);
  const { client } = await pro.key();
  fake.setOutage(503);
  try {
    const res = await client.crossref({ file: doc, settings: SETTINGS });
    assert.ok(res.ok, JSON.stringify(!res.ok && res.error));
    assert.deepEqual(res.data.references.map((r) => r.status), ['held', 'held', 'held']);
    assert.ok(res.data.references.every((r) => (r.reasons ?? []).some((x) => /unavailable|503/i.test(x))));
    assert.deepEqual(res.data.resolverReport, { resolved: 0, reviewRequired: 0, unresolved: 3 });
  } finally {
    fake.setOutage(null);
  }
  fake.resetStats();
  const after = await client.crossref({ file: doc, settings: SETTINGS });
  assert.ok(after.ok);
  assert.deepEqual(after.data.references.map((r) => r.status), ['unmatched', 'unmatched', 'unmatched']);
  assert.ok(registryCalls(fake) >= 3, 'held answers were not cached');
});

test('a 429 storm is obeyed: Retry-After honoured, never more than the announced limit, no 429 earned', async () => {
  const refs = unknownRefs(8, 'storm');
  const doc = await manuscript(refs);
  const { client } = await pro.key();
  await new Promise((r) => setTimeout(r, 1100)); // the previous test's window has passed
  fake.resetStats();
  fake.failNext(3, 429, 1);
  const sent = Date.now();
  const res = await client.crossref({ file: doc, settings: SETTINGS });
  assert.ok(res.ok);
  assert.ok(res.data.references.every((r) => r.status === 'unmatched'), JSON.stringify(res.data.references.map((r) => [r.status, r.reasons])));
  assert.equal(fake.stats.rejected, 0, 'the registry never had to refuse a request over its limit');
  assert.ok(maxServedInWindow(fake, 'search') <= ANNOUNCED.search, `at most ${ANNOUNCED.search} searches per second`);
  assert.ok(fake.stats.maxInFlight <= ANNOUNCED.concurrency, `at most ${ANNOUNCED.concurrency} in flight`);
  assert.ok(Date.now() - sent >= 1000, 'the pause of Retry-After: 1 was waited');
});

test('cancellation: closing the stream stops registry calls; usage records 499', async () => {
  const refs = unknownRefs(14, 'cancel');
  const doc = await manuscript(refs);
  const { client } = await pro.key();
  await new Promise((r) => setTimeout(r, 1100));
  fake.resetStats();
  fake.setLatency([100, 100]);
  const controller = new AbortController();
  let progressed = 0;
  try {
    await assert.rejects(client.crossrefStream({ file: doc, settings: SETTINGS }, {
      signal: controller.signal,
      onProgress: () => { if (++progressed === 2) controller.abort(); },
    }));
    await new Promise((r) => setTimeout(r, 300)); // requests already at the registry finish
    const calls = registryCalls(fake);
    await new Promise((r) => setTimeout(r, 1500)); // past the limiter's window: nothing new starts
    assert.equal(registryCalls(fake), calls, 'no registry call after the client went away');
    assert.ok(calls < refs.length, `${calls} calls for ${refs.length} references`);
    const [rows] = await t.service.ctx.pool.query("SELECT status FROM usage_events WHERE route = 'hyperlink-crossref' AND status = 499");
    assert.equal((rows as unknown[]).length, 1);
  } finally {
    fake.setLatency([0, 0]);
  }
});

test('/hyperlink with crossref resolves first and links the ready works', async () => {
  const doc = await manuscript([REFS.stroke, REFS.absent]);
  const { client } = await pro.key();
  const res = await client.direct({ file: doc, settings: SETTINGS });
  assert.ok(res.ok, JSON.stringify(!res.ok && res.error));
  assert.equal(res.data.stats!.resolvedWorkLinks, 1);
  const JSZip = (await import('jszip')).default;
  const rels = await (await JSZip.loadAsync(Buffer.from(res.data.docx, 'base64'))).file('word/_rels/document.xml.rels')!.async('string');
  assert.match(rels, /https:\/\/doi\.org\/10\.1000\/stroke\.2010/);
});

function form(doc: Uint8Array): FormData {
  const f = new FormData();
  f.append('file', new Blob([doc as unknown as BlobPart]), 'm.docx');
  f.append('settings', new Blob([JSON.stringify(SETTINGS)], { type: 'application/json' }));
  return f;
}

test('Idempotency-Key on /hyperlink-crossref: the same key and input answers the first report again (JSON or stream), with no new resolve or usage row; other input is 409', async () => {
  const doc = await manuscript([REFS.bacon, REFS.nano, ...unknownRefs(2, 'idem')]);
  const { client } = await pro.key();
  const usageRows = async (): Promise<number> => {
    const [rows] = await t.service.ctx.pool.query("SELECT COUNT(*) AS n FROM usage_events WHERE route = 'hyperlink-crossref' AND user_id = ?", [pro.userId]);
    return Number((rows as Array<{ n: number }>)[0]!.n);
  };
  const first = await client.crossref({ file: doc, settings: SETTINGS, idempotencyKey: 'resolve-7' });
  assert.ok(first.ok, JSON.stringify(!first.ok && first.error));
  assert.equal(first.headers.get('idempotent-replayed'), null);
  const rows = await usageRows();
  fake.resetStats();
  const again = await client.crossref({ file: doc, settings: SETTINGS, idempotencyKey: 'resolve-7' });
  assert.ok(again.ok);
  assert.equal(again.headers.get('idempotent-replayed'), 'true');
  // The very report: a recomputation would sign a fresh scan token.
  assert.deepEqual(again.data, first.data);
  const streamed = await client.crossrefStream({ file: doc, settings: SETTINGS, idempotencyKey: 'resolve-7' });
  assert.ok(streamed.ok);
  assert.deepEqual(streamed.data, first.data, 'a stream asked for gets the kept report as its report event');
  assert.equal(registryCalls(fake), 0, 'nothing resolved again');
  // What reached the registry and the cache is counted for /metrics (the resolver's deps instrumented in server.ts).
  const exposed = await t.service.ctx.metrics!.registry.metrics();
  assert.match(exposed, /hyperlinker_registry_requests_total\{class="search",status="200"\} [1-9]/);
  assert.match(exposed, /hyperlinker_registry_wait_seconds_count\{class="search"\} [1-9]/);
  assert.match(exposed, /hyperlinker_resolver_cache_lookups_total\{result="miss"\} [1-9]/);
  assert.equal(await usageRows(), rows, 'no usage row for a replay');
  const other = await client.crossref({ file: await manuscript([REFS.stroke]), settings: SETTINGS, idempotencyKey: 'resolve-7' });
  assert.equal(expectError(other, 409).reason, 'idempotency_key_reused');
});
