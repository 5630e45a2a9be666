import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, test } from 'node:test';
import { CrossrefClient, RegistryError } from '../../../server/resolver/crossref-client.ts';
import { InProcessLimiter } from '../../../server/resolver/limiter.ts';
import type { RateLimits, RequestClass } from '../../../server/resolver/ports.ts';
import type { FakeCrossref } from '../../helpers/fake-crossref/server.ts';
import { REFS, startFake } from '../../helpers/fake-crossref/fixtures.ts';
import { maxInWindow } from '../../helpers/time-windows.ts';

let fake: FakeCrossref;
before(async () => { fake = await startFake(); });
after(() => fake.close());

const client = (extra: object = {}) => new CrossrefClient({ apiUrl: fake.url, mailto: 'client-test@example.org', limiter: new InProcessLimiter(), baseBackoffMs: 5, maxBackoffMs: 20, ...extra });

/** A limiter that grants at once and records the limits and pauses the client hands it. */
class RecordingLimiter extends InProcessLimiter {
  readonly announced: RateLimits[] = [];
  readonly pauses: number[] = [];
  override updateLimits(requestClass: RequestClass, limits: RateLimits): void {
    this.announced.push(limits);
    super.updateLimits(requestClass, limits);
  }
  override pauseUntil(untilEpochMs: number): void {
    this.pauses.push(untilEpochMs);
  }
}

/** One look-up answered with `status` and `headers`, on one attempt; the limiter it went through. */
async function answered(status: number, headers: Record<string, string>): Promise<RecordingLimiter> {
  const limiter = new RecordingLimiter();
  // A floor of one request a minute: every announcement here is faster, so it is followed as read (server/resolver/limits.ts).
  const slow = { limit: 1, intervalMs: 60_000, concurrency: 1 };
  const c = new CrossrefClient({
    apiUrl: 'http://registry.invalid', mailto: 'client-test@example.org', limiter, maxAttempts: 1, floorLimits: { search: slow, lookup: slow },
    fetch: async () => new Response(status === 404 ? 'Resource not found.' : '', { status, headers }),
  });
  await c.lookup('10.1000/any').catch((err: unknown) => assert.ok(err instanceof RegistryError, String(err)));
  return limiter;
}

test('announced limits are read from the headers: the interval in s, ms or m, the concurrency; none when none announced', async () => {
  const rows: Array<[Record<string, string>, RateLimits[]]> = [
    [{ 'x-rate-limit-limit': '3', 'x-rate-limit-interval': '1s', 'x-concurrency-limit': '3' }, [{ limit: 3, intervalMs: 1000, concurrency: 3 }]],
    [{ 'x-rate-limit-limit': '3', 'x-rate-limit-interval': '250ms' }, [{ limit: 3, intervalMs: 250, concurrency: 0 }]],
    [{ 'x-rate-limit-limit': '120', 'x-rate-limit-interval': '1m' }, [{ limit: 120, intervalMs: 60_000, concurrency: 0 }]],
    // An unreadable interval is not announced: the floor's window is kept.
    [{ 'x-rate-limit-limit': '3', 'x-rate-limit-interval': 'soon' }, [{ limit: 3, intervalMs: 60_000, concurrency: 0 }]],
    [{ 'x-concurrency-limit': '2' }, [{ limit: 0, intervalMs: 0, concurrency: 2 }]],
    [{}, []],
  ];
  for (const [headers, limits] of rows) assert.deepEqual((await answered(404, headers)).announced, limits, JSON.stringify(headers));
});

test('Retry-After in seconds or as an HTTP date pauses the limiter until then; a 503 without it pauses nothing', async () => {
  let before = Date.now();
  let [pause] = (await answered(503, { 'retry-after': '2' })).pauses;
  assert.ok(pause! - before >= 2000 && pause! - Date.now() <= 2000, `${pause! - before} ms`);
  before = Date.now();
  [pause] = (await answered(503, { 'retry-after': new Date(before + 5000).toUTCString() })).pauses;
  // An HTTP date counts whole seconds: the pause ends 4 to 5 s from now.
  assert.ok(pause! - before > 3000 && pause! - Date.now() <= 5000, `${pause! - before} ms`);
  assert.deepEqual((await answered(503, {})).pauses, []);
});

test('search and look-up; announced limits reach the limiter', async () => {
  const limiter = new InProcessLimiter();
  const c = client({ limiter });
  const works = await c.search(REFS.stroke, 5);
  assert.ok(works.length >= 2 && works.length <= 5);
  assert.ok(typeof works[0]!.score === 'number');
  // The fake announces 1000 per second: followed up to the ceiling (server/resolver/limits.ts).
  assert.equal(limiter.currentLimits('search').limit, 50);
  assert.equal((await c.lookup('10.1000/STROKE.2010'))?.DOI, '10.1000/stroke.2010');
  assert.equal(await c.lookup('10.1000/missing'), null);
  assert.deepEqual({ ...c.stats }, { requests: 3, searches: 1, lookups: 2, retries: 0, rateLimited: 0, timeouts: 0, droppedRecords: 0 });
});

test('5xx answers are retried with backoff, then succeed', async () => {
  fake.failNext(2, 503);
  const c = client();
  const works = await c.search(REFS.bacon);
  assert.ok(works.length > 0);
  assert.equal(c.stats.retries, 2);
  assert.equal(c.unavailable, null);
});

test('a 429 with Retry-After pauses every request until it has passed', async () => {
  fake.failNext(1, 429, 1);
  fake.resetStats();
  const c = client();
  const t0 = Date.now();
  await Promise.all([c.search(REFS.bacon), c.search(REFS.stroke), c.lookup('10.1000/stroke.2010')]);
  assert.equal(c.stats.rateLimited, 1);
  const served = fake.stats.served.map((s) => s.at);
  // The first answer is the 429 (not served); whatever was not yet sent waits the second out.
  assert.ok(Date.now() - t0 >= 950, `took ${Date.now() - t0} ms`);
  assert.equal(served.length, 3);
});

test('a registry that does not answer in time: time-out per request, then unavailable and fail fast', async () => {
  fake.setLatency([300, 300]);
  try {
    const c = client({ timeoutMs: 40, maxAttempts: 2 });
    await assert.rejects(c.search(REFS.bacon), (err: unknown) => err instanceof RegistryError && err.kind === 'unavailable' && /no answer within/.test(err.message));
    assert.equal(c.stats.timeouts, 2);
    const before = c.stats.requests;
    await assert.rejects(c.lookup('10.1000/stroke.2010'), /Crossref unavailable/);
    assert.equal(c.stats.requests, before, 'no further request once down');
  } finally {
    fake.setLatency([0, 0]);
  }
});

test('cancellation aborts the request in flight with the caller\'s reason', async () => {
  fake.setLatency([500, 500]);
  try {
    const controller = new AbortController();
    const c = client({ signal: controller.signal });
    const t0 = Date.now();
    setTimeout(() => controller.abort(new Error('cancelled by user')), 30);
    await assert.rejects(c.search(REFS.bacon), /cancelled by user/);
    assert.ok(Date.now() - t0 < 400);
  } finally {
    fake.setLatency([0, 0]);
  }
});

test('a 400 is not retried', async () => {
  const c = new CrossrefClient({ apiUrl: `${fake.url}/bad-prefix`, mailto: 'x@example.org', limiter: new InProcessLimiter(), baseBackoffMs: 5 });
  await assert.rejects(c.search('x'), (err: unknown) => err instanceof RegistryError && err.kind === 'bad_request');
  assert.equal(c.stats.requests, 1);
});

test('under an enforced limit, a burst of searches gets no 429 and never exceeds the announced rate', async () => {
  const limited = await startFake({ polite: { search: 8, lookup: 8, concurrency: 3 }, latencyMs: [5, 15], windowSlackMs: 150 });
  try {
    const c = new CrossrefClient({ apiUrl: limited.url, mailto: 'x@example.org', limiter: new InProcessLimiter() });
    await Promise.all(Array.from({ length: 14 }, (_, i) => c.search(`${REFS.bacon} ${i}`)));
    assert.equal(limited.stats.rejected, 0);
    assert.equal(c.stats.rateLimited, 0);
    const at = limited.stats.served.map((s) => s.at).sort((a, b) => a - b);
    for (let i = 8; i < at.length; i++) assert.ok(at[i]! - at[i - 8]! >= 850, 'at most 8 in any second (less the slack for a loaded machine)');
    assert.ok(limited.stats.maxInFlight <= 3);
  } finally {
    await limited.close();
  }
});

test('a 429 halves the rate the limiter grants (AIMD): after it, at most half the announced rate reaches the registry', async () => {
  const limited = await startFake({ polite: { search: 10, lookup: 10, concurrency: 10 }, latencyMs: [5, 15], windowSlackMs: 150 });
  try {
    const limiter = new InProcessLimiter({ search: { limit: 10, intervalMs: 1000, concurrency: 10 }, lookup: { limit: 10, intervalMs: 1000, concurrency: 10 } });
    const c = new CrossrefClient({ apiUrl: limited.url, mailto: 'x@example.org', limiter });
    limited.failNext(1, 429, 0);
    await c.search(REFS.bacon);
    assert.equal(c.stats.rateLimited, 1);
    assert.ok(limiter.rateShare('search') < 0.6, `halved (${limiter.rateShare('search')})`);
    limited.resetStats();
    await Promise.all(Array.from({ length: 14 }, (_, i) => c.search(`${REFS.stroke} ${i}`)));
    assert.equal(limited.stats.rejected, 0);
    const at = limited.stats.served.map((s) => s.at);
    // Never more than announced within a second; at the whole rate the last four would arrive a second after the first
    // ten, at half (a little more once the share has climbed) about two seconds after.
    assert.ok(maxInWindow(at, 999) <= 10, `at most 10 in any second (got ${maxInWindow(at, 999)})`);
    assert.ok(Math.max(...at) - Math.min(...at) >= 1500, `the window about doubled (arrivals over ${Math.max(...at) - Math.min(...at)} ms)`);
  } finally {
    await limited.close();
  }
});

test('each request is counted from when its headers left (reported by fetch), not when its answer came', async () => {
  const marks: { what: string; at: number }[] = [];
  const mark = (what: string) => marks.push({ what, at: performance.now() });
  const inner = new InProcessLimiter();
  const limiter = {
    acquire: async (...a: Parameters<InProcessLimiter['acquire']>) => {
      const slot = await inner.acquire(...a);
      mark('granted');
      return { sent: () => { mark('sent'); slot.sent(); }, release: () => { mark('released'); slot.release(); } };
    },
    updateLimits: inner.updateLimits.bind(inner), pauseUntil: inner.pauseUntil.bind(inner), rateLimited: inner.rateLimited.bind(inner),
  };
  fake.setLatency([200, 200]);
  try {
    const c = new CrossrefClient({ apiUrl: fake.url, mailto: 'x@example.org', limiter });
    await c.search(REFS.bacon);
    await c.lookup('10.1000/stroke.2010');
  } finally {
    fake.setLatency([0, 0]);
  }
  assert.deepEqual(marks.map((m) => m.what), ['granted', 'sent', 'released', 'granted', 'sent', 'released']);
  for (const i of [0, 3]) {
    const [granted, sent, released] = [marks[i]!.at, marks[i + 1]!.at, marks[i + 2]!.at];
    assert.ok(released - sent >= 150, `sent when it left, ${(sent - granted).toFixed(1)} ms after its grant and ${(released - sent).toFixed(1)} ms before its answer`);
  }
});

test("fetch's HTTP stack is loaded before the first slot is taken (in a fresh process, where it is still lazy)", () => {
  // Loaded inside the first fetch call instead (30-50 ms), the first window's requests left late and the next
  // window's met them within the registry's second: 429s in the first window of every CLI run.
  const clientUrl = new URL('../../../server/resolver/crossref-client.ts', import.meta.url).href;
  const script = `
    const state = () => { const d = Object.getOwnPropertyDescriptor(globalThis, 'Response'); return d && 'value' in d ? 'loaded' : 'lazy'; };
    const before = state();
    const { CrossrefClient } = await import(${JSON.stringify(clientUrl)});
    let atAcquire = 'never';
    const limiter = { acquire: async () => { atAcquire = state(); throw new Error('stop here'); }, updateLimits() {}, pauseUntil() {}, currentLimits: () => ({ limit: 1, intervalMs: 1000, concurrency: 1 }) };
    await new CrossrefClient({ apiUrl: 'http://127.0.0.1:9', limiter }).search('x').catch(() => {});
    console.log(JSON.stringify({ before, atAcquire }));`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout.trim().split('\n').pop()!), { before: 'lazy', atAcquire: 'loaded' });
});
