// reclaimIfLarge: a full collection when the heap holds at least the threshold (an unreachable object is
// gone after it), nothing below it (answers false); collectSoon: one collection after a delay, however many ask.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getHeapStatistics } from 'node:v8';
import { collectSoon, reclaimIfLarge } from '../../../server/common/reclaim.ts';

function dropped(): WeakRef<object> {
  return new WeakRef({ payload: new Array(1000).fill('x') });
}

test('collects when the heap holds the threshold: an unreachable object is freed', async () => {
  const ref = dropped();
  await new Promise((r) => setImmediate(r)); // a WeakRef keeps its target until the current job ends
  assert.equal(reclaimIfLarge(0), true);
  assert.equal(ref.deref(), undefined);
});

test('does nothing below the threshold', () => {
  assert.equal(reclaimIfLarge(getHeapStatistics().used_heap_size * 4 + (1 << 30)), false);
});

test('collectSoon: one full collection shortly after, freeing what a finished job dropped', async () => {
  const ref = dropped();
  collectSoon(5);
  collectSoon(5); // coalesced with the first: one collection
  await new Promise((r) => setTimeout(r, 30));
  assert.equal(ref.deref(), undefined);
});
