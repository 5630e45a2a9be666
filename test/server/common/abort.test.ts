import assert from 'node:assert/strict';
import { test } from 'node:test';
import { abortReason } from '../../../server/common/abort.ts';

test('abortReason: the Error a signal was aborted with, itself', () => {
  const controller = new AbortController();
  const reason = new Error('client went away');
  controller.abort(reason);
  assert.equal(abortReason(controller.signal), reason);
});

test('abortReason: a signal aborted without a reason gives an AbortError', () => {
  const controller = new AbortController();
  controller.abort();
  const err = abortReason(controller.signal);
  assert.ok(err instanceof Error);
  assert.equal(err.name, 'AbortError');
});

test('abortReason: a reason that is not an Error becomes an AbortError carrying its text', () => {
  const controller = new AbortController();
  controller.abort('timed out');
  const err = abortReason(controller.signal);
  assert.equal(err.name, 'AbortError');
  assert.equal(err.message, 'timed out');
});
