// GET /metrics (server/http/metrics.ts) on the real service and MariaDB: hidden (404) without METRICS_TOKEN,
// 401 without the token, and with it the request, engine, credit and reservation figures an operator reads.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { corpusDoc, startTestService, type TestService } from '../../helpers/http-harness.ts';

let t: TestService;
before(async () => {
  t = await startTestService('metrics', { TRIAL_CREDITS: '0', METRICS_TOKEN: 'operator-token' });
});
after(async () => {
  await t.stop();
});

const scrape = (token?: string) => fetch(`${t.url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

/** The value of one sample line, e.g. sample(text, 'hyperlinker_credits_total{event="settled"}'). */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

test('/metrics needs the operator token: 401 without it or with another, 200 Prometheus text with it', async () => {
  assert.equal((await scrape()).status, 401);
  assert.equal((await scrape('guess')).status, 401);
  const res = await scrape('operator-token');
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
  const text = await res.text();
  assert.match(text, /# TYPE hyperlinker_http_requests_total counter/);
  assert.match(text, /process_cpu_seconds_total/);
});

test('requests by route pattern and status, engine gauges, credits reserved and settled, reservations pending', async () => {
  await fetch(`${t.url}/healthz`);
  await fetch(`${t.url}/no/such/route/${Date.now()}`);
  const u = await t.user({ credits: 2 });
  const { client } = await u.key();
  assert.equal((await client.direct({ file: corpusDoc() })).status, 200);
  const text = await (await scrape('operator-token')).text();
  assert.ok((sample(text, 'hyperlinker_http_requests_total{route="/healthz",method="GET",status="200"}') ?? 0) >= 1, 'healthz counted');
  assert.ok((sample(text, 'hyperlinker_http_requests_total{route="unmatched",method="GET",status="404"}') ?? 0) >= 1, 'unknown paths share one label');
  assert.equal(sample(text, 'hyperlinker_http_requests_total{route="/hyperlink",method="POST",status="200"}'), 1);
  assert.equal(sample(text, 'hyperlinker_http_request_duration_seconds_count{route="/hyperlink",method="POST",status="200"}'), 1);
  assert.equal(sample(text, 'hyperlinker_credits_total{event="reserved"}'), 1);
  assert.equal(sample(text, 'hyperlinker_credits_total{event="settled"}'), 1);
  assert.equal(sample(text, 'hyperlinker_credit_reservations_pending'), 0);
  assert.equal(sample(text, 'hyperlinker_engine_threads_max'), 2);
  assert.equal(sample(text, 'hyperlinker_engine_queue_depth'), 0);
  assert.equal(sample(text, 'hyperlinker_password_checks_waiting{lane="other"}'), 0);
});

test('/readyz: 200 with every check true on a migrated database and a live engine pool', async () => {
  const res = await fetch(`${t.url}/readyz`);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { ok: true, checks: { database: true, migrations: true, engine: true, accepting: true } });
});

test('without METRICS_TOKEN /metrics does not exist (404), whatever the header', async () => {
  const open = await startTestService('metrics_off', { TRIAL_CREDITS: '0' });
  try {
    const res = await fetch(`${open.url}/metrics`, { headers: { authorization: 'Bearer anything' } });
    assert.equal(res.status, 404);
    assert.equal(((await res.json()) as { reason: string }).reason, 'route_not_found');
  } finally {
    await open.stop();
  }
});
