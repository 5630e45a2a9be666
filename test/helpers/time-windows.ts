// Counting events in sliding windows, for the tests of rate limits (registry limiter, fake Crossref).

/** The largest number of the given times (ms) inside any span of `spanMs`. */
export function maxInWindow(times: number[], spanMs: number): number {
  const t = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; j < t.length; j++) {
    while (t[j]! - t[i]! >= spanMs) i++;
    best = Math.max(best, j - i + 1);
  }
  return best;
}
