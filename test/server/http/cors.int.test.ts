// CORS against the real service: the configured pane origin gets its preflight answered and the
// Allow-Origin header on real answers (including errors); other origins get none.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestService, type TestService } from '../../helpers/http-harness.ts';
import { parseCorsOrigins } from '../../../server/http/cors.ts';

const PANE = 'https://addin.example.org';
let svc: TestService;

before(async () => {
  svc = await startTestService('cors', { CORS_ORIGINS: `${PANE}, https://localhost:3000` });
});
after(async () => {
  await svc?.stop();
});

test('a preflight from the pane origin is answered with the methods and headers the pane uses', async () => {
  const res = await fetch(`${svc.url}/hyperlink-scan`, {
    method: 'OPTIONS',
    headers: { Origin: PANE, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization' },
  });
  assert.equal(res.status, 204);
  assert.equal(res.headers.get('access-control-allow-origin'), PANE);
  assert.match(res.headers.get('access-control-allow-methods') ?? '', /POST/);
  assert.match(res.headers.get('access-control-allow-methods') ?? '', /DELETE/);
  assert.match(res.headers.get('access-control-allow-headers') ?? '', /Authorization/);
  assert.match(res.headers.get('vary') ?? '', /Origin/);
});

test('answers to the pane origin carry Allow-Origin, errors included', async () => {
  const ok = await fetch(`${svc.url}/healthz`, { headers: { Origin: PANE } });
  assert.equal(ok.headers.get('access-control-allow-origin'), PANE);
  const denied = await fetch(`${svc.url}/api-keys`, { headers: { Origin: PANE } });
  assert.equal(denied.status, 401);
  assert.equal(denied.headers.get('access-control-allow-origin'), PANE, 'the pane can read why it was refused');
  assert.match(denied.headers.get('access-control-expose-headers') ?? '', /X-Request-Id/);
});

test('another origin gets no CORS headers; a caller without Origin is unaffected', async () => {
  const pre = await fetch(`${svc.url}/hyperlink-scan`, { method: 'OPTIONS', headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' } });
  assert.equal(pre.headers.get('access-control-allow-origin'), null);
  const get = await fetch(`${svc.url}/healthz`, { headers: { Origin: 'https://evil.example' } });
  assert.equal(get.status, 200);
  assert.equal(get.headers.get('access-control-allow-origin'), null);
  const plain = await fetch(`${svc.url}/healthz`);
  assert.equal(plain.headers.get('access-control-allow-origin'), null);
});

test('CORS_ORIGINS parsing: default, list, wildcard, and a clear error for a non-origin', () => {
  assert.deepEqual(parseCorsOrigins(undefined), ['https://localhost:3000']);
  assert.deepEqual(parseCorsOrigins(' https://a.example.org/ ,http://localhost:8081'), ['https://a.example.org', 'http://localhost:8081']);
  assert.deepEqual(parseCorsOrigins('*'), ['*']);
  assert.throws(() => parseCorsOrigins('https://a.example.org/path'), /not an origin/);
  assert.throws(() => parseCorsOrigins('localhost:3000'), /not an origin/);
});
