// The typed client on a recording fetch (no server): URLs joined under a base path, the key or session
// as Authorization, JSON and form bodies, results that never throw on HTTP status, and the resolver's
// event stream read into handlers and a final report or error.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HyperlinkerClient } from '../../shared/api-client.ts';
import { urlOf } from '../helpers/fetch-url.ts';

interface Sent { url: string; method: string; headers: Record<string, string>; body: unknown }
function recorder(respond: (req: Sent) => Response) {
  const sent: Sent[] = [];
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    const req = { url: urlOf(url), method: init?.method ?? 'GET', headers: (init?.headers ?? {}) as Record<string, string>, body: init?.body };
    sent.push(req);
    return respond(req);
  }) as typeof fetch;
  return { sent, fetchImpl };
}
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

test('URLs keep the base path and never double a slash', async () => {
  for (const [baseUrl, url] of [['https://host/prefix/', 'https://host/prefix/hyperlink-scan'], ['https://host', 'https://host/hyperlink-scan']]) {
    const r = recorder(() => json(200, { matches: [], targets: [] }));
    await new HyperlinkerClient({ baseUrl: baseUrl!, fetch: r.fetchImpl }).scan({ file: new Uint8Array([80, 75]) });
    assert.equal(r.sent[0]!.url, url);
  }
});

test('document routes carry the API key and a form with the file and the settings', async () => {
  const r = recorder(() => json(200, { matches: [], targets: [] }));
  const client = new HyperlinkerClient({ baseUrl: 'https://svc/v1', apiKey: 'sk_service_live_x', fetch: r.fetchImpl });
  const out = await client.scan({ file: new Uint8Array([80, 75]), settings: { figures: 'full' } });
  assert.equal(out.ok, true);
  const [req] = r.sent;
  assert.deepEqual([req!.method, req!.url, req!.headers.Authorization], ['POST', 'https://svc/v1/hyperlink-scan', 'Bearer sk_service_live_x']);
  const form = req!.body as FormData;
  assert.equal(await (form.get('settings') as Blob).text(), '{"figures":"full"}');
  assert.equal((form.get('file') as File).name, 'manuscript.docx');
});

test('apply sends its fields; account routes send the session and JSON', async () => {
  const r = recorder(() => json(200, {}));
  const client = new HyperlinkerClient({ baseUrl: 'https://svc', fetch: r.fetchImpl }).withApiKey('k').withSession('sess');
  await client.apply({ file: new Uint8Array([1]), scanToken: 't', scanFingerprint: 'fp', decisions: [{ refId: 'm1', status: 'approved' }], applyBibRewrite: false });
  const form = r.sent[0]!.body as FormData;
  assert.deepEqual([form.get('scanToken'), form.get('scanFingerprint'), form.get('decisions'), form.get('applyBibRewrite')], ['t', 'fp', '[{"refId":"m1","status":"approved"}]', 'false']);
  await client.createKey({ name: 'CI' });
  assert.deepEqual([r.sent[1]!.headers.Authorization, r.sent[1]!.headers['Content-Type'], r.sent[1]!.body], ['sess', 'application/json', '{"name":"CI"}']);
});

test('errors are results, not exceptions; a body that is not JSON is said so', async () => {
  const client = new HyperlinkerClient({ baseUrl: 'https://svc', fetch: recorder(() => json(402, { error: 'No credits remaining', reason: 'no_credits' })).fetchImpl });
  const out = await client.direct({ file: new Uint8Array([1]) });
  assert.deepEqual(out.ok ? null : [out.status, out.error.reason], [402, 'no_credits']);
  const html = new HyperlinkerClient({ baseUrl: 'https://svc', fetch: recorder(() => new Response('<html>Bad gateway</html>', { status: 502 })).fetchImpl });
  const bad = await html.login('a@b.org', 'x');
  assert.deepEqual(bad.ok ? null : [bad.status, bad.error.error], [502, 'Non-JSON response (502)']);
});

const stream = (events: string) => new Response(new Blob([events]).stream(), { status: 200, headers: { 'content-type': 'text/event-stream' } });

test('the resolver stream: start and progress to the handlers, then the report', async () => {
  const r = recorder(() => stream('event: start\ndata: {"total":2,"scanFingerprint":"fp"}\n\n: keep-alive\n\nevent: progress\ndata: {"done":1,"total":2}\n\nevent: report\ndata: {"references":[]}\n\n'));
  const seen: string[] = [];
  const out = await new HyperlinkerClient({ baseUrl: 'https://svc', apiKey: 'k', fetch: r.fetchImpl }).crossrefStream(
    { file: new Uint8Array([1]), settings: { doi: true, crossref: true } },
    { onStart: (e) => seen.push(`start ${e.total}`), onProgress: (e) => seen.push(`progress ${e.done}/${e.total}`) },
  );
  assert.equal(r.sent[0]!.headers.Accept, 'text/event-stream');
  assert.deepEqual(seen, ['start 2', 'progress 1/2']);
  assert.deepEqual(out.ok ? out.data : null, { references: [] });
});

test('the resolver stream: an error event, a stream that ends early, a refusal before the stream', async () => {
  const client = (res: () => Response) => new HyperlinkerClient({ baseUrl: 'https://svc', apiKey: 'k', fetch: recorder(res).fetchImpl });
  const failed = await client(() => stream('event: error\ndata: {"error":"Service temporarily unavailable","reason":"resolver_timeout","status":503}\n\n')).crossrefStream({ file: new Uint8Array([1]) });
  assert.deepEqual(failed.ok ? null : [failed.status, failed.error.reason], [503, 'resolver_timeout']);
  const ended = await client(() => stream('event: start\ndata: {"total":1,"scanFingerprint":"fp"}\n\n')).crossrefStream({ file: new Uint8Array([1]) });
  assert.deepEqual(ended.ok ? null : ended.error.reason, 'resolver_stream_ended');
  const refused = await client(() => json(400, { error: 'x', reason: 'resolver_settings' })).crossrefStream({ file: new Uint8Array([1]) });
  assert.deepEqual(refused.ok ? null : [refused.status, refused.error.reason], [400, 'resolver_settings']);
});

test('the resolver stream carries the Idempotency-Key as the JSON call does (it was dropped, so a retried stream resolved again)', async () => {
  const r = recorder(() => stream('event: report\ndata: {"references":[]}\n\n'));
  const client = new HyperlinkerClient({ baseUrl: 'https://svc', apiKey: 'k', fetch: r.fetchImpl });
  await client.crossrefStream({ file: new Uint8Array([1]), settings: { doi: true, crossref: true }, idempotencyKey: 'resolve-9' });
  assert.equal(r.sent[0]!.headers['Idempotency-Key'], 'resolve-9');
  await client.crossrefStream({ file: new Uint8Array([1]) });
  assert.equal(r.sent[1]!.headers['Idempotency-Key'], undefined);
});
