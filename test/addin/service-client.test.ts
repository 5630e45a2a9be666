import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServiceClient, ServiceError } from '../../addin/service-client.ts';
import { DEFAULT_SETTINGS } from '../../shared/settings.ts';
import { searchTextFor, occurrenceOf } from '../../addin/host/search-text.ts';
import { match } from './fixtures.ts';
import { urlOf } from '../helpers/fetch-url.ts';

function recordingFetch(status: number, body: unknown) {
  const calls: { url: string; auth: string | null; fields: string[] }[] = [];
  const impl: typeof fetch = async (input, init) => {
    const form = init?.body as FormData;
    calls.push({ url: urlOf(input), auth: new Headers(init?.headers).get('authorization'), fields: [...form.keys()] });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { impl, calls };
}

test('scan posts the file and settings with the API key, keeping the base path', async () => {
  const f = recordingFetch(200, { scanFingerprint: 'sha256:ab', matches: [], targets: [] });
  const client = createServiceClient({ baseUrl: 'https://example.org/api/', apiKey: ' sk_service_live_x ' }, f.impl);
  const packet = await client.scan(new Uint8Array([80, 75]), DEFAULT_SETTINGS);
  assert.equal(packet.scanFingerprint, 'sha256:ab');
  assert.equal(f.calls[0]!.url, 'https://example.org/api/hyperlink-scan');
  assert.equal(f.calls[0]!.auth, 'Bearer sk_service_live_x');
  assert.deepEqual(f.calls[0]!.fields, ['file', 'settings']);
});

test('apply sends token, fingerprint and decisions', async () => {
  const f = recordingFetch(200, { docx: 'UEs=', linkCount: 1 });
  const client = createServiceClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' }, f.impl);
  const r = await client.apply({ file: new Uint8Array([1]), settings: DEFAULT_SETTINGS, scanToken: 't', scanFingerprint: 'sha256:1', decisions: [{ refId: 'a', status: 'approved' }] });
  assert.equal(r.linkCount, 1);
  assert.equal(f.calls[0]!.url, 'http://127.0.0.1:9/hyperlink-apply');
  assert.deepEqual(f.calls[0]!.fields, ['file', 'settings', 'scanToken', 'scanFingerprint', 'decisions']);
});

test('HTTP errors become ServiceError with the service message', async () => {
  const f = recordingFetch(401, { error: 'Invalid API key', reason: 'invalid_api_key' });
  const client = createServiceClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' }, f.impl);
  await assert.rejects(client.scan(new Uint8Array([1]), DEFAULT_SETTINGS), (e: unknown) => e instanceof ServiceError && e.status === 401 && /Invalid API key \(invalid_api_key\)/.test(e.message));
});

test('network failures become ServiceError 0', async () => {
  const client = createServiceClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' }, async () => {
    throw new TypeError('fetch failed');
  });
  await assert.rejects(client.direct(new Uint8Array([1]), DEFAULT_SETTINGS), (e: unknown) => e instanceof ServiceError && e.status === 0 && /could not be reached/.test(e.message));
});

test('search strings escape ^ and tabs and stay under 255 characters', () => {
  assert.equal(searchTextFor('a^b\tc'), 'a^^b^tc');
  const long = searchTextFor('word '.repeat(100));
  assert.ok(long.length < 255);
  assert.ok(!long.endsWith(' '));
  assert.ok(searchTextFor('^'.repeat(300)).length < 255);
});

test('occurrence counts earlier identical matches in the same part', () => {
  const a = match('a', 'citation', 'ready', 'r', { sourceText: '[1]' });
  const b = match('b', 'citation', 'ready', 'r', { sourceText: '[2]' });
  const c = match('c', 'citation', 'ready', 'r', { sourceText: '[1]' });
  const all = [a, b, c];
  assert.equal(occurrenceOf(a, all), 0);
  assert.equal(occurrenceOf(c, all), 1);
  assert.equal(occurrenceOf(b, all), 0);
});

test('crossref asks for the event stream and reports progress per reference; an error event becomes a ServiceError', async () => {
  const sse = (body: string) => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  let accept: string | null = null;
  const report = { scanFingerprint: 'sha256:1', scanToken: 't', references: [], resolvedWorks: {}, detectedCslId: null, styleDetection: null };
  const ok = createServiceClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' }, async (_input, init) => {
    accept = new Headers(init?.headers).get('accept');
    return sse(`event: start\ndata: {"total":2,"scanFingerprint":"sha256:1"}\n\nevent: progress\ndata: {"done":1,"total":2,"refId":"bib-1","status":"ready","doi":"10.1/x","confidence":0.97,"cached":false}\n\n: keep-alive\n\nevent: progress\ndata: {"done":2,"total":2,"refId":"bib-2","status":"unmatched","doi":null,"confidence":null,"cached":true}\n\nevent: report\ndata: ${JSON.stringify(report)}\n\n`);
  });
  const seen: [number, number][] = [];
  const r = await ok.crossref(new Uint8Array([1]), DEFAULT_SETTINGS, 'sha256:1', (done, total) => seen.push([done, total]));
  assert.equal(accept, 'text/event-stream');
  assert.deepEqual(seen, [[0, 2], [1, 2], [2, 2]]);
  assert.deepEqual(r, report);
  const failing = createServiceClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' }, async () =>
    sse('event: start\ndata: {"total":1,"scanFingerprint":"s"}\n\nevent: error\ndata: {"error":"Service temporarily unavailable","reason":"resolver_timeout","status":"503"}\n\n'));
  await assert.rejects(failing.crossref(new Uint8Array([1]), DEFAULT_SETTINGS), (e: unknown) => e instanceof ServiceError && e.status === 503 && /resolver_timeout/.test(e.message));
  const refused = createServiceClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' }, async () =>
    new Response(JSON.stringify({ error: 'hyperlinker_requires_paid_plan', reason: 'hyperlinker_requires_paid_plan' }), { status: 403, headers: { 'content-type': 'application/json' } }));
  await assert.rejects(refused.crossref(new Uint8Array([1]), DEFAULT_SETTINGS), (e: unknown) => e instanceof ServiceError && e.status === 403);
});
