import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpToUtf16, utf16ToCp } from '../../../addin/docx/offsets.ts';

test('code points and UTF-16 agree on BMP text', () => {
  assert.equal(cpToUtf16('abc', 2), 2);
  assert.equal(utf16ToCp('abc', 2), 2);
});

test('an astral character is one code point but two UTF-16 units', () => {
  const text = 'a𝒳 Figure 1';
  assert.equal(text.indexOf('Figure'), 4);
  assert.equal(cpToUtf16(text, 3), 4);
  assert.equal(utf16ToCp(text, 4), 3);
  assert.equal(cpToUtf16(text, 99), text.length, 'clamped to the end');
});
