// Where a DOI, identifier or URL written in running text ends: sentence punctuation after it and closing brackets
// it does not open ("(see doi:10.1/x)." → "doi:10.1/x") are not part of it. One rule for every kind; each gives the
// punctuation its own syntax cannot end with.

/** `s` without the trailing characters `punctuation` matches (an anchored regex such as /[.,;]+$/) and without
 * closing brackets it has more of than opening ones, repeated until nothing changes. */
export function trimTrailing(s: string, punctuation: RegExp): string {
  let d = s;
  for (;;) {
    const before = d;
    d = d.replace(punctuation, '');
    for (const [open, close] of BRACKETS) {
      while (d.endsWith(close) && count(d, open) < count(d, close)) d = d.slice(0, -1);
    }
    if (d === before) return d;
  }
}

const BRACKETS = [['(', ')'], ['[', ']'], ['{', '}'], ['<', '>']] as const;

function count(s: string, c: string): number {
  let n = 0;
  for (const ch of s) if (ch === c) n++;
  return n;
}
