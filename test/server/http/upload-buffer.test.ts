// UploadBuffer: chunks copied and hashed as they arrive, into shared memory; sizes past the announced one grow.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { sha256OfBytes, UploadBuffer } from '../../../server/http/upload-buffer.ts';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

for (const announced of [0, 1000, 300_000, 10_000_000]) {
  test(`announced ${announced} bytes: same bytes and hash as a concatenation`, () => {
    const chunks = Array.from({ length: 40 }, (_, i) => randomBytes(1 + ((i * 7919) % 16_384)));
    const upload = new UploadBuffer(announced, 26_214_400);
    for (const c of chunks) upload.append(c);
    const bytes = upload.finish();
    const whole = Buffer.concat(chunks);
    assert.ok(bytes.equals(whole));
    assert.ok(bytes.buffer instanceof SharedArrayBuffer);
    assert.equal(sha256OfBytes(bytes), sha(whole));
  });
}

test('sha256OfBytes hashes bytes that did not come from an upload', () => {
  const b = randomBytes(5000);
  assert.equal(sha256OfBytes(b), sha(b));
});

test('never grows past its maximum: a chunk that would pass it throws, the bytes before it kept', () => {
  const upload = new UploadBuffer(0, 100_000);
  upload.append(Buffer.alloc(99_000, 1));
  assert.throws(() => upload.append(Buffer.alloc(1_001)), RangeError);
  upload.append(Buffer.alloc(1_000, 2));
  assert.equal(upload.finish().length, 100_000);
});
