// A registry answer's body is read under a byte cap (announced or counted as it arrives) and a time cap.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BodyLimitError, readCappedText } from '../../../server/resolver/registry-body.ts';

const streamed = (chunks: string[], delayMs = 0): Response => {
  let i = 0;
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      pulled++;
      if (i < chunks.length) controller.enqueue(new TextEncoder().encode(chunks[i++]!));
      else controller.close();
    },
  });
  const res = new Response(body);
  Object.defineProperty(res, 'pulled', { get: () => pulled });
  return res;
};

test('a body within the cap is read whole, multi-byte characters split across chunks included', async () => {
  const bytes = new TextEncoder().encode('{"title":"Müller"}'); // byte 12 falls inside ü
  const res = new Response(new ReadableStream({ start(c) { c.enqueue(bytes.slice(0, 12)); c.enqueue(bytes.slice(12)); c.close(); } }));
  assert.equal(await readCappedText(res, 1000, Date.now() + 1000), '{"title":"Müller"}');
});

test('an announced Content-Length over the cap is refused before any byte is read', async () => {
  const res = new Response('x'.repeat(50), { headers: { 'content-length': '5000000000' } });
  await assert.rejects(readCappedText(res, 1000, Date.now() + 1000), (e: unknown) => e instanceof BodyLimitError && e.reason === 'too_large');
});

test('a streamed body without Content-Length stops as soon as the count passes the cap', async () => {
  const res = streamed(Array.from({ length: 1000 }, () => 'y'.repeat(1024)));
  await assert.rejects(readCappedText(res, 10 * 1024, Date.now() + 5000), (e: unknown) => e instanceof BodyLimitError && e.reason === 'too_large');
  assert.ok((res as unknown as { pulled: number }).pulled <= 12, 'the rest of the body is never pulled');
});

test('a body that drips past the deadline fails with too_slow, on time', async () => {
  const res = streamed(Array.from({ length: 100 }, () => ' '), 50);
  const t0 = Date.now();
  await assert.rejects(readCappedText(res, 1_000_000, Date.now() + 300), (e: unknown) => e instanceof BodyLimitError && e.reason === 'too_slow');
  assert.ok(Date.now() - t0 < 1500, `took ${Date.now() - t0} ms`);
});
