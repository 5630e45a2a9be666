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
const MIN_HEAP_BYTES = 48 * 1024 * 1024;

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

/** Input size from which a finished job (an engine task, a document request) has its leftovers collected at once. */
export const LARGE_JOB_BYTES = 4 * 1024 * 1024;

let pending: ReturnType<typeof setTimeout> | null = null;

/** Schedules one full collection after `delayMs`, once however many callers ask meanwhile, for after a large job:
 * what it dropped (its tree, its handle on the upload's memory) is otherwise held until the thread next allocates
 * enough to collect, which an idle service thread never does, so the process keeps a whole job's memory while it
 * waits. After a full collection V8 gives the emptied pages back to the system within a few hundred ms.
 * (gc() is called with no options: Node 20's V8 (11.3) ignores `{ type: 'major', ... }` and collects nothing.)
 * The timer does not keep the process alive. */
export function collectSoon(delayMs = 0): void {
  if (pending) return;
  pending = setTimeout(() => {
    pending = null;
    gcFunction()();
  }, delayMs);
  pending.unref();
}
