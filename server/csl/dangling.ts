// A separator a style writes before a field the record does not have: springer-basic-author-date writes the volume
// with ":" after it for the pages ("Blood 112:101–108"), so a record without pages renders "Blood 112:." (citeproc
// renders what the style says). The record is true and simply has no pages: the entry is written without the
// separator ("Blood 112."), as the style's own guidance writes an article without pages. Only a separator before the
// entry's full stop or its end is dropped; every other empty-field mark (": :", "pp. .", "()") still blocks the entry.

import type { RewriteSegment } from '../engine/citation-style-hooks.ts';

/** A comma, semicolon or colon (spaces after it) before a full stop that ends a field (not a decimal point), or at the end. */
const DANGLING = /[,;:][ \u00a0]*(?=\.(?!\d)|$)/g;

/** Links and DOIs, which may hold any punctuation: masked (same length) before looking for separators. */
const LINKS = /\b(?:https?:\/\/|doi\.org\/|www\.)\S+|\b10\.\d{4,9}\/\S+/gi;

/** The segments without the separators left before an absent last field ("6:." → "6."), or null when there are none. */
export function withoutDanglingSeparators(segments: RewriteSegment[]): RewriteSegment[] | null {
  const text = segments.map((s) => s.text).join('').replace(LINKS, (l) => 'x'.repeat(l.length));
  const cut: Array<[number, number]> = [];
  for (const m of text.trimEnd().matchAll(DANGLING)) cut.push([m.index, m.index + m[0].length]);
  if (!cut.length) return null;
  const out: RewriteSegment[] = [];
  let at = 0;
  for (const s of segments) {
    const start = at;
    at += s.text.length;
    let kept = '';
    for (let i = 0; i < s.text.length; i++) {
      const pos = start + i;
      if (!cut.some(([a, b]) => pos >= a && pos < b)) kept += s.text[i];
    }
    if (kept) out.push({ ...s, text: kept });
  }
  return out;
}
