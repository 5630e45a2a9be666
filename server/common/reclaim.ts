// A full garbage collection at the phase boundaries of a large job (the CLI's link, the engine worker's
// apply and direct), where most of what the heap holds has just become garbage.
//
// Why: V8 runs a full (mark-compact) collection only when the old generation reaches a limit it set at the
// last one, so what a long phase made and dropped after surviving two young collections stays resident
// while the next phase grows the heap past it. On the synthetic 25 MB manuscript, collecting after
// detection (parse and detector leftovers) lowers apply's peak RSS by 20-30 MB, and collecting once the
// linked document is written (the whole tree and model are then garbage) gives the memory back before the
// service's answer buffer is made; each costs one full collection, tens of milliseconds against seconds
// of work. Below MIN_HEAP_BYTES of heap in use nothing is done: small documents gain nothing and a
// service answering many of them pays nothing.
//
// How: `gc` exists only with --expose-gc. v8.setFlagsFromString sets that flag at run time (as Node's
// documentation shows for it), and a new vm context, created after, carries the function; the flag
// exposes nothing in the contexts that already exist.

import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Heap in use below which a phase boundary does not collect. */
export const MIN_HEAP_BYTES = 48 * 1024 * 1024;

let collector: (() => void) | null = null;

function gcFunction(): () => void {
  if (!collector) {
    setFlagsFromString('--expose-gc');
    collector = runInNewContext('gc') as () => void;
  }
  return collector;
}

/** Runs a full collection when the heap holds at least `minHeapBytes`; returns whether it did. */
export function reclaimIfLarge(minHeapBytes = MIN_HEAP_BYTES): boolean {
  if (getHeapStatistics().used_heap_size < minHeapBytes) return false;
  gcFunction()();
  return true;
}
