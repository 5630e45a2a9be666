// Server-sent events: the stream's headers, named events with one JSON line, keep-alive comments, a
// close that ends the response once, and nothing written after the client went away.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import type { Request, Response } from 'express';
import { EventStream, wantsEventStream } from '../../../server/http/sse.ts';

class FakeResponse extends EventEmitter {
  statusCode = 0;
  headers: Record<string, string> = {};
  chunks: string[] = [];
  writableEnded = false;
  destroyed = false;
  flushed = false;
  ends = 0;
  status(code: number) { this.statusCode = code; return this; }
  setHeader(name: string, value: string) { this.headers[name] = value; }
  flushHeaders() { this.flushed = true; }
  write(chunk: string) { this.chunks.push(chunk); return true; }
  end() { this.ends++; this.writableEnded = true; }
}

test('wantsEventStream reads the Accept header', () => {
  const req = (accept?: string) => ({ get: (h: string) => (h.toLowerCase() === 'accept' ? accept : undefined) }) as unknown as Request;
  assert.equal(wantsEventStream(req('text/event-stream')), true);
  assert.equal(wantsEventStream(req('application/json, Text/Event-Stream;q=0.9')), true);
  assert.equal(wantsEventStream(req('application/json')), false);
  assert.equal(wantsEventStream(req(undefined)), false);
});

test('headers flushed at once; events as "event:" and one JSON data line; close ends once', () => {
  const res = new FakeResponse();
  const s = new EventStream(res as unknown as Response, 'req-7');
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['Content-Type'], 'text/event-stream; charset=utf-8');
  assert.equal(res.headers['X-Accel-Buffering'], 'no');
  assert.equal(res.headers['X-Request-Id'], 'req-7');
  assert.equal(res.flushed, true);
  s.send('progress', { done: 1, total: 2, note: 'a\nb' });
  assert.deepEqual(res.chunks, ['event: progress\ndata: {"done":1,"total":2,"note":"a\\nb"}\n\n']);
  s.close();
  s.close();
  s.send('late', {});
  assert.equal(res.ends, 1);
  assert.equal(res.chunks.length, 1);
});

test('keep-alive comments at the interval; nothing after the client closed', async () => {
  const res = new FakeResponse();
  const s = new EventStream(res as unknown as Response, 'r', 5);
  await new Promise((r) => setTimeout(r, 40));
  assert.ok(res.chunks.length >= 1 && res.chunks.every((c) => c === ': keep-alive\n\n'), JSON.stringify(res.chunks));
  res.emit('close');
  const n = res.chunks.length;
  s.send('progress', {});
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(res.chunks.length, n);
});
