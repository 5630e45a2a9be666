// Array helpers safe at any length: `a.push(...b)` and `Math.max(...b)` pass every element as an
// argument, which overflows the call stack past about 100,000 (one dense paragraph produces that many
// mentions; a document can hold that many captions).

/** Appends every item of `items` to `into`. */
export function pushAll<T>(into: T[], items: readonly T[]): void {
  for (const item of items) into.push(item);
}

/** The smallest of the values (Infinity when there are none), like Math.min(...values). */
export function minOf(values: readonly number[]): number {
  let min = Infinity;
  for (const v of values) if (v < min) min = v;
  return min;
}

/** The largest of the values (-Infinity when there are none), like Math.max(...values). */
export function maxOf(values: readonly number[]): number {
  let max = -Infinity;
  for (const v of values) if (v > max) max = v;
  return max;
}
