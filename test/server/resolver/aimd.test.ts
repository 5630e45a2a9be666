import assert from 'node:assert/strict';
import { test } from 'node:test';
import { afterRateLimited, FULL_RATE, shareAt, sharedLimits } from '../../../server/resolver/aimd.ts';

test('a 429 halves the share; it climbs back by a twentieth of the rate per interval, to the whole rate', () => {
  const halved = afterRateLimited(FULL_RATE, 10_000, 1000);
  assert.deepEqual(halved, { share: 0.5, at: 10_000 });
  assert.equal(shareAt(halved, 10_000, 1000), 0.5);
  assert.ok(Math.abs(shareAt(halved, 12_000, 1000) - 0.6) < 1e-9, 'two intervals later: 0.6');
  assert.equal(shareAt(halved, 20_000, 1000), 1, 'ten intervals later: the whole rate');
  assert.equal(shareAt(halved, 60_000, 1000), 1, 'never above it');
  assert.equal(shareAt(FULL_RATE, 5, 1000), 1);
});

test('429s within one interval of the last decrease lower nothing more (one burst earns several)', () => {
  const halved = afterRateLimited(FULL_RATE, 10_000, 1000);
  assert.equal(afterRateLimited(halved, 10_400, 1000), halved);
  const again = afterRateLimited(halved, 11_000, 1000);
  assert.ok(Math.abs(again.share - 0.5 * 0.55) < 1e-9, `halved from where it had climbed (${again.share})`);
  assert.equal(again.at, 11_000);
});

test('the share never falls below an eighth, however many 429s', () => {
  let s = FULL_RATE;
  for (let t = 0; t < 20; t++) s = afterRateLimited(s, 1000 + t * 1000, 1000);
  assert.equal(s.share, 1 / 8);
});

test('below the whole rate, as many per window in a window stretched by 1 / share: never shorter than the interval', () => {
  assert.deepEqual(sharedLimits(10, 1000, 1), { limit: 10, intervalMs: 1000 });
  assert.deepEqual(sharedLimits(10, 1000, 0.5), { limit: 10, intervalMs: 2000 });
  // Before: 0.8 of 3 per second granted 2 per 833 ms, 4 inside one second of the registry's.
  const most = sharedLimits(3, 1000, 0.8);
  assert.equal(most.limit, 3);
  assert.ok(Math.abs(most.intervalMs - 1250) < 1e-9, '3 per 1.25 s: 2.4 per second');
  assert.deepEqual(sharedLimits(3, 1000, 0), { limit: 3, intervalMs: 8000 }, 'clamped to an eighth of the rate');
  assert.deepEqual(sharedLimits(3, 1000, 3), { limit: 3, intervalMs: 1000 }, 'never above the announced rate');
});
