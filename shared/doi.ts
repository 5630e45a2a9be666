// The one DOI normaliser (engine, resolver, add-in): a DOI as written (bare, `doi:`, a doi.org or dx.doi.org
// URL, percent-encoded, followed by a sentence's punctuation) → the bare DOI with its case kept, or null
// when the text is not a DOI. DOIs compare case-insensitively: compare doiKey()s.

const DOI_SHAPE = /^10\.\d{4,9}\/\S+$/;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{', '>': '<' };

function count(s: string, c: string): number {
  let n = 0;
  for (const x of s) if (x === c) n++;
  return n;
}

/** Trailing punctuation that belongs to the sentence: . , ; : always, a closing bracket only when unbalanced. */
function trimTrailing(s: string): string {
  for (;;) {
    const last = s[s.length - 1];
    if (last === undefined) return s;
    if ('.,;:'.includes(last)) s = s.slice(0, -1);
    else if (last in CLOSERS && count(s, last) > count(s, CLOSERS[last]!)) s = s.slice(0, -1);
    else return s;
  }
}

export function normaliseDoi(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let s = raw.trim().replace(/^(?:https?:\/\/)?(?:dx\.)?doi\.org\//i, '').replace(/^doi:\s*/i, '');
  if (/%[0-9A-Fa-f]{2}/.test(s)) {
    try {
      s = decodeURIComponent(s);
    } catch {
      return null;
    }
  }
  s = trimTrailing(s.trim());
  return DOI_SHAPE.test(s) ? s : null;
}

/** The form two DOIs are compared in. */
export function doiKey(doi: string): string {
  return doi.toLowerCase();
}
