// The one rule for where a written identifier ends: the caller's trailing punctuation and unbalanced closing
// brackets go, repeatedly; balanced brackets inside stay.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { trimTrailing } from '../../../server/common/trailing.ts';

const SENTENCE = /[.,;:]+$/;

test('sentence punctuation and unbalanced closers go, in any order, until nothing changes', () => {
  assert.equal(trimTrailing('10.1000/xyz.', SENTENCE), '10.1000/xyz');
  assert.equal(trimTrailing('10.1000/xyz).', SENTENCE), '10.1000/xyz');
  assert.equal(trimTrailing('https://example.org/a]);', SENTENCE), 'https://example.org/a');
  assert.equal(trimTrailing('x}>,', SENTENCE), 'x');
});

test('balanced brackets are part of it; punctuation the caller does not name stays', () => {
  assert.equal(trimTrailing('10.1002/(SICI)1097-0029(19990415)45:2<65::AID-JEMT2>3.0.CO;2-0', SENTENCE), '10.1002/(SICI)1097-0029(19990415)45:2<65::AID-JEMT2>3.0.CO;2-0');
  assert.equal(trimTrailing('https://en.wikipedia.org/wiki/Foo_(bar).', SENTENCE), 'https://en.wikipedia.org/wiki/Foo_(bar)');
  assert.equal(trimTrailing('arXiv:2101.01234!', SENTENCE), 'arXiv:2101.01234!');
  assert.equal(trimTrailing('', SENTENCE), '');
});
