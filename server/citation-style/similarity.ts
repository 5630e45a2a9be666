// Text comparison for style detection: a normalised edit distance on the text itself and on its
// "shape" (each word reduced to a class letter, numbers to 0, punctuation kept), which reflects the
// punctuation and field order a style imposes whatever the words are.

const LINKS = /\b(?:https?:\/\/\S+|doi\.org\/\S+|10\.\d{4,9}\/\S+)/gi;

/** Comparable form of an entry: NFC, links removed, white space collapsed, trailing punctuation kept. */
export function normaliseEntry(text: string): string {
  return text.normalize('NFC').replace(LINKS, '').replace(/\s+/g, ' ').replace(/\s+([.,;:])/g, '$1').trim();
}

/** Shape: "Smith, J. (2011). Title here. Nature, 29(5), 1–9." → "A, I. (0). A a. A, 0(0), 0–0." */
export function shape(text: string): string {
  return text
    .replace(/\p{Lu}{2,}[\p{L}'’-]*/gu, 'C')
    .replace(/\b\p{Lu}(?=\.)/gu, 'I')
    .replace(/\p{Lu}[\p{Ll}'’-][\p{L}'’-]*/gu, 'A')
    .replace(/\p{Ll}[\p{L}'’-]*/gu, 'a')
    .replace(/\d+/g, '0')
    .replace(/a(?: a)+/g, 'a')
    .replace(/A(?: [Aa])+/g, 'A');
}

/** Levenshtein distance, O(n·m) time, O(m) memory. */
function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let prev = new Int32Array(b.length + 1);
  let cur = new Int32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      const del = prev[j] + 1;
      const ins = cur[j - 1] + 1;
      const sub = prev[j - 1] + cost;
      cur[j] = del < ins ? (del < sub ? del : sub) : ins < sub ? ins : sub;
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length];
}

/** 1 − distance / longer length: 1 for equal texts, 0 for nothing in common. */
export function similarity(a: string, b: string): number {
  const n = Math.max(a.length, b.length);
  return n === 0 ? 1 : 1 - editDistance(a, b) / n;
}

export function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((x, y) => x - y);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}
