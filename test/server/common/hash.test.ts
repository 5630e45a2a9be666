import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sha256Hex } from '../../../server/common/hash.ts';

test('sha256Hex: the standard digest, the same for a string and its UTF-8 bytes', () => {
  assert.equal(sha256Hex(''), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  assert.equal(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.equal(sha256Hex(new TextEncoder().encode('Smith é')), sha256Hex('Smith é'));
});
