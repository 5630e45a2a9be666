// SpanSet answers overlap questions like the linear scan it replaced, in any order of adds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SpanSet } from '../../../../server/engine/detect/span-set.ts';

test('SpanSet agrees with a naive list on random spans, queries and out-of-order adds', () => {
  let seed = 7;
  const rnd = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  for (let round = 0; round < 50; round++) {
    const set = new SpanSet();
    const naive: [number, number][] = [];
    let cursor = 0;
    for (let i = 0; i < 200; i++) {
      // Mostly ascending adds (phase by phase), sometimes jumping back, as the detectors do.
      const start = rnd(10) === 0 ? rnd(2000) : (cursor += rnd(15));
      const end = start + 1 + rnd(20);
      if (rnd(2)) {
        set.add(start, end);
        naive.push([start, end]);
      }
      const qs = rnd(2100);
      const qe = qs + rnd(25);
      assert.equal(set.overlaps(qs, qe), naive.some(([a, b]) => qs < b && a < qe), `round ${round} query [${qs}, ${qe})`);
      assert.equal(set.contains(qs), naive.some(([a, b]) => qs >= a && qs < b));
    }
  }
});
