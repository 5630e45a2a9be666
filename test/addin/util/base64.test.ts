// Base64 of DOCX bytes: the standard alphabet (as Buffer writes it), round trips at sizes past the
// chunk length and past what one String.fromCharCode call takes, and white space in the input ignored.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { base64ToBytes, bytesToBase64 } from '../../../addin/util/base64.ts';

test('the standard encoding, empty included', () => {
  for (const text of ['', 'f', 'fo', 'foo', 'PK\u0003\u0004 docx']) {
    const bytes = new TextEncoder().encode(text);
    assert.equal(bytesToBase64(bytes), Buffer.from(bytes).toString('base64'));
  }
});

test('round trips of every byte value, across chunk boundaries, at 3 MB', () => {
  for (const size of [256, 0x8000, 0x8001, 3 * 1024 * 1024 + 7]) {
    const bytes = new Uint8Array(size);
    for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
    const b64 = bytesToBase64(bytes);
    assert.equal(b64, Buffer.from(bytes).toString('base64'), `size ${size}`);
    assert.deepEqual(base64ToBytes(b64), bytes);
  }
});

test('line breaks and spaces in base64 input are ignored; invalid input throws', () => {
  assert.deepEqual(base64ToBytes('Zm9v\nYmFy \r\n'), new TextEncoder().encode('foobar'));
  assert.throws(() => base64ToBytes('Zm9v*'));
});
