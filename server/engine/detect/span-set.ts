// A set of text spans answering "does [start, end) overlap a span already taken?" in O(log n), so a
// detector that checks every candidate against the spans found so far stays linear-logarithmic in the
// paragraph length (a linear scan of the list made one dense 2 MB paragraph take 17 s).
// Spans added in ascending order of start go to a tail in O(1); an out-of-order span folds the tail
// into the sorted base first (detectors add phase by phase, so that happens a few times per paragraph).

interface Level {
  starts: number[];
  /** maxEnd[i]: the largest end among spans 0..i (spans may overlap each other). */
  maxEnd: number[];
  ends: number[];
}

const emptyLevel = (): Level => ({ starts: [], maxEnd: [], ends: [] });

function push(level: Level, start: number, end: number): void {
  const prev = level.maxEnd.length ? level.maxEnd[level.maxEnd.length - 1]! : -Infinity;
  level.starts.push(start);
  level.ends.push(end);
  level.maxEnd.push(Math.max(prev, end));
}

/** Index of the last span starting before `end`, or -1. */
function lastStartingBefore(level: Level, end: number): number {
  let lo = 0;
  let hi = level.starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (level.starts[mid]! < end) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

function overlapsLevel(level: Level, start: number, end: number): boolean {
  const i = lastStartingBefore(level, end);
  return i >= 0 && level.maxEnd[i]! > start;
}

export class SpanSet {
  private base = emptyLevel();
  private tail = emptyLevel();

  add(start: number, end: number): void {
    const last = this.tail.starts.length ? this.tail.starts[this.tail.starts.length - 1]! : -Infinity;
    if (start < last) this.fold();
    push(this.tail, start, end);
  }

  /** Whether [start, end) intersects a span of the set. */
  overlaps(start: number, end: number): boolean {
    return overlapsLevel(this.base, start, end) || overlapsLevel(this.tail, start, end);
  }

  /** Whether the position lies inside a span of the set. */
  contains(pos: number): boolean {
    return this.overlaps(pos, pos + 1);
  }

  private fold(): void {
    const spans: [number, number][] = [];
    for (const level of [this.base, this.tail]) level.starts.forEach((s, i) => spans.push([s, level.ends[i]!]));
    spans.sort((a, b) => a[0] - b[0]);
    this.base = emptyLevel();
    for (const [s, e] of spans) push(this.base, s, e);
    this.tail = emptyLevel();
  }
}
