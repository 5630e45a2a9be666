// Request turns: each request's chain starts in an event-loop turn of its own, in arrival order, so a burst
// cannot hold the service thread; operator probes are never queued; a request whose client left is skipped.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { NextFunction, Request, Response } from 'express';
import { requestTurns } from '../../../server/http/request-turns.ts';

const turn = () => new Promise<void>((r) => setImmediate(r));
const req = (method: string, path: string) => ({ method, path }) as Request;
const res = (state: { writableEnded?: boolean; destroyed?: boolean } = {}) => ({ writableEnded: false, destroyed: false, ...state }) as unknown as Response;

test('a burst starts one request per loop turn, in arrival order', async () => {
  const turns = requestTurns();
  const started: number[] = [];
  for (let i = 0; i < 4; i++) turns(req('POST', '/auth/login'), res(), (() => started.push(i)) as NextFunction);
  assert.deepEqual(started, [], 'nothing starts on the arrival turn');
  assert.equal(turns.waiting(), 4);
  await turn();
  assert.deepEqual(started, [0]);
  // Between two requests the loop polls: a timer due now runs before the next request starts.
  let timerRan = false;
  setTimeout(() => { timerRan = true; }, 0);
  await new Promise((r) => setTimeout(r, 1));
  assert.equal(timerRan, true);
  while (started.length < 4) await turn();
  assert.deepEqual(started, [0, 1, 2, 3]);
  assert.equal(turns.waiting(), 0);
});

test('operator probes skip the queue; other GETs wait their turn', async () => {
  const turns = requestTurns();
  const started: string[] = [];
  turns(req('POST', '/hyperlink'), res(), (() => started.push('scan')) as NextFunction);
  for (const path of ['/healthz', '/readyz', '/metrics']) turns(req('GET', path), res(), (() => started.push(path)) as NextFunction);
  turns(req('GET', '/auth/me'), res(), (() => started.push('me')) as NextFunction);
  assert.deepEqual(started, ['/healthz', '/readyz', '/metrics']);
  await turn();
  await turn();
  assert.deepEqual(started, ['/healthz', '/readyz', '/metrics', 'scan', 'me']);
});

test('a request whose client left while it waited is skipped, and the next one starts in that turn', async () => {
  const turns = requestTurns();
  const started: string[] = [];
  turns(req('POST', '/a'), res({ destroyed: true }), (() => started.push('gone')) as NextFunction);
  turns(req('POST', '/b'), res({ writableEnded: true }), (() => started.push('answered')) as NextFunction);
  turns(req('POST', '/c'), res(), (() => started.push('c')) as NextFunction);
  await turn();
  assert.deepEqual(started, ['c']);
  assert.equal(turns.waiting(), 0);
});
