// Drain (SIGTERM): requests in flight are counted and waited for up to a deadline; once draining, new requests
// get 503 draining with retry_after and Connection: close, while /healthz, /readyz and /metrics are still answered.
// The process-level behaviour (SIGTERM through HAProxy, credits refunded at the deadline) is in
// test/deploy/fleet.int.test.ts.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import express from 'express';
import { Drain } from '../../../server/http/drain.ts';
import { errorHandler, requestIds } from '../../../server/http/middleware.ts';
import { createLogger } from '../../../server/http/logger.ts';

const servers: Server[] = [];
after(() => { for (const s of servers) s.close(); });

async function app(drain: Drain, slow: Promise<void>): Promise<string> {
  const a = express();
  a.use(requestIds);
  a.use(drain.middleware());
  a.get('/healthz', (_req, res) => { res.json({ ok: true }); });
  a.get('/slow', async (_req, res) => { await slow; res.json({ done: true }); });
  a.get('/fast', (_req, res) => { res.json({ done: true }); });
  a.post('/upload', (_req, res) => { res.json({ done: true }); });
  a.use(errorHandler(createLogger('silent')));
  const server = createServer(a);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test('draining: the request in flight finishes, new ones get 503 draining with retry_after, health is still answered', async () => {
  const drain = new Drain();
  let release!: () => void;
  const url = await app(drain, new Promise<void>((r) => { release = r; }));
  const slow = fetch(`${url}/slow`);
  while (drain.requestsInFlight === 0) await new Promise((r) => setTimeout(r, 5));
  drain.begin();
  assert.equal(drain.accepting, false);
  const refused = await fetch(`${url}/fast`);
  assert.equal(refused.status, 503);
  assert.equal(refused.headers.get('retry-after'), '1');
  assert.equal(refused.headers.get('connection'), 'close');
  const body = (await refused.json()) as { reason: string; retry_after: number; requestId: string };
  assert.equal(body.reason, 'draining');
  assert.equal(body.retry_after, 1);
  assert.equal(body.requestId, refused.headers.get('x-request-id'));
  assert.equal((await fetch(`${url}/healthz`)).status, 200);
  // An upload refused while draining: its body is read first, so the client gets the 503, not a broken pipe.
  const upload = await fetch(`${url}/upload`, { method: 'POST', body: new Uint8Array(3 * 1024 * 1024) });
  assert.equal(upload.status, 503);
  assert.equal(((await upload.json()) as { reason: string }).reason, 'draining');
  assert.equal(await drain.whenIdle(50), false, 'the slow request still runs');
  const idle = drain.whenIdle(60_000);
  release();
  assert.equal((await slow).status, 200, 'the request in flight finished');
  assert.equal(await idle, true);
  assert.equal(drain.requestsInFlight, 0);
});

test('whenIdle with nothing in flight resolves at once; a client that hangs up counts as ended', async () => {
  const drain = new Drain();
  assert.equal(await drain.whenIdle(0), true);
  const url = await app(drain, new Promise<void>(() => undefined));
  const aborted = new AbortController();
  const pending = fetch(`${url}/slow`, { signal: aborted.signal }).catch(() => 'aborted');
  while (drain.requestsInFlight === 0) await new Promise((r) => setTimeout(r, 5));
  aborted.abort();
  assert.equal(await pending, 'aborted');
  assert.equal(await drain.whenIdle(30_000), true);
});

test('credits: a reservation taken is recorded; at the deadline closeCharges waits for one under way, and no credit is taken after', async () => {
  const drain = new Drain();
  assert.equal(await drain.reserve(async () => 'r1'), 'r1');
  assert.equal(await drain.reserve(async () => null), null, 'no credit left: nothing recorded');
  assert.deepEqual([...drain.reservations], ['r1']);
  let answer!: (id: string) => void;
  const underWay = drain.reserve(() => new Promise<string>((r) => { answer = r; }));
  let closed = false;
  const closing = drain.closeCharges(60_000).then(() => { closed = true; });
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(closed, false, 'waits for the reservation whose answer is on its way');
  answer('r2');
  await closing;
  assert.equal(await underWay, 'r2');
  assert.deepEqual([...drain.reservations].sort(), ['r1', 'r2'], 'the late one is known, so it is refunded too');
  await assert.rejects(drain.reserve(async () => 'r3'), (err: { status?: number; reason?: string }) => err.status === 503 && err.reason === 'draining');
  assert.equal(drain.reservations.has('r3'), false);
});
