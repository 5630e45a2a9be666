// Reading text/event-stream: events split across chunks, CRLF, comments, multi-line data.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readEventStream, type StreamEvent } from '../../shared/event-stream.ts';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({ start(c) { for (const x of chunks) c.enqueue(enc.encode(x)); c.close(); } });
}

async function all(chunks: string[]): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const e of readEventStream(streamOf(chunks))) out.push(e);
  return out;
}

test('events split anywhere across chunks, comments skipped, CRLF accepted', async () => {
  const text = ': keep-alive\n\nevent: start\ndata: {"total":2}\n\nevent: progress\r\ndata: {"done":1}\r\n\r\nevent: report\ndata: {"a":\ndata: 1}\n\n';
  for (const size of [1, 3, 7, text.length]) {
    const chunks: string[] = [];
    for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
    assert.deepEqual(await all(chunks), [
      { event: 'start', data: '{"total":2}' },
      { event: 'progress', data: '{"done":1}' },
      { event: 'report', data: '{"a":\n1}' },
    ], `chunks of ${size}`);
  }
});

test('an event without a name is a message; a last event without its blank line still counts', async () => {
  assert.deepEqual(await all(['data: x\n\nevent: end\ndata: y']), [{ event: 'message', data: 'x' }, { event: 'end', data: 'y' }]);
});
