// An entry's layout with its contents taken out: each field found is replaced by one token letter
// (T title, J container, Y year; volume, issue and first page 0 as any number), the author block keeps the shape of
// its names ("Smith, J. A., & Doe, K." → "A, I. I., & A"), and every other word is reduced to a class.
// Two entries written in one style have near-equal templates whatever the work, which is what lets a
// style be rendered once on made-up works (profiles.ts) and compared with any manuscript's entries.

import type { RecordField, TextSpan } from '../references/record.ts';

const TOKEN: Partial<Record<RecordField, string>> = {
  title: 'T',
  'container-title': 'J',
  issued: 'Y',
  // Numbers stay numbers: a volume, issue or page the reader missed reads the same as one it found.
  volume: '0',
  issue: '0',
  page: '0',
};

const LINKS = /\b(?:https?:\/\/\S+|doi\.org\/\S+|10\.\d{4,9}\/\S+)/gi;

/**
 * Word classes: a capitalised word A (in capitals too: small capitals are
 * often typed so), a lower-case word a, one to three capitals (initials "J", "JA", or an acronym) I, digits 0; runs of words of one class collapse to one.
 */
function wordShape(text: string): string {
  const out = text.replace(LINKS, '').replace(/[\p{L}'’]+(?:-[\p{L}'’]+)*|\d+/gu, (w) => {
    if (/^\d+$/.test(w)) return '0';
    if (/^\p{Lu}{1,3}$/u.test(w)) return 'I';
    if (/^\p{Lu}/u.test(w)) return 'A';
    return 'a';
  });
  return out
    .replace(/\s+/g, ' ')
    .replace(/a(?: a)+/g, 'a')
    .replace(/A(?: A)+/g, 'A')
    .replace(/A(?: a)+(?= |$|[^\w])/g, 'A')
    .replace(/0(?: 0)+/g, '0');
}

/** The template of `text` with the given field spans (offsets into text). Overlapping spans: the first wins. */
export function templateOf(text: string, spans: Partial<Record<RecordField, TextSpan>>): string {
  const parts = (Object.entries(spans) as Array<[RecordField, TextSpan]>)
    .filter(([f, s]) => (f === 'author' || TOKEN[f]) && s.end > s.start)
    .sort((a, b) => a[1].start - b[1].start);
  let at = 0;
  let out = '';
  for (const [field, span] of parts) {
    if (span.start < at) continue;
    out += wordShape(text.slice(at, span.start));
    const inner = text.slice(span.start, span.end);
    // A title or container keeps its inner punctuation ("T: T"), so a field read as two (a title that ran
    // into the journal) still shows the separator the style put between them.
    if (field === 'author') out += wordShape(inner);
    else if (field === 'title' || field === 'container-title') out += inner.replace(/[\p{L}\p{N}'’-]+(?:\s+[\p{L}\p{N}'’-]+)*/gu, TOKEN[field]!);
    else out += TOKEN[field]!;
    at = span.end;
  }
  out += wordShape(text.slice(at));
  return out.replace(/\s+/g, ' ').trim();
}

let prev = new Int32Array(256);
let cur = new Int32Array(256);

/** 1 − Levenshtein distance / longer length (as similarity.ts), with reused buffers: templates are short and compared often. */
export function templateSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const n = a.length;
  const m = b.length;
  if (!n || !m) return n === m ? 1 : 0;
  if (m + 1 > prev.length) {
    prev = new Int32Array(m + 1);
    cur = new Int32Array(m + 1);
  }
  let p = prev;
  let c = cur;
  for (let j = 0; j <= m; j++) p[j] = j;
  for (let i = 1; i <= n; i++) {
    c[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const sub = p[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      const del = p[j]! + 1;
      const ins = c[j - 1]! + 1;
      c[j] = sub < del ? (sub < ins ? sub : ins) : del < ins ? del : ins;
    }
    const t = p;
    p = c;
    c = t;
  }
  return 1 - p[m]! / Math.max(n, m);
}
