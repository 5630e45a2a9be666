// A separator a style writes around a field the record does not have: springer-basic-author-date writes the volume
// with ":" after it for the pages ("Blood 112:101–108"), so a record without pages renders "Blood 112:."; BMC's
// "year;volume:pages" without a volume renders "2017;:40–2"; ISO 690 without a journal "Zasshi. . 1981" (citeproc
// renders what the style says). The record is true and simply lacks the field: the entry is written without the
// orphaned separator ("Blood 112.", "2017;40–2", "Zasshi. 1981"). Dropped: a separator before the entry's full stop
// or its end, one right after another, a full stop repeated; never inside a link. Any other empty-field mark ("()",
// "pp. .") still blocks the entry, and this is applied to registry records only (bibliography.ts).

import type { RewriteSegment } from '../engine/citation-style-hooks.ts';
import { LINKS } from './faithful.ts';

/**
 * What is dropped: a comma, semicolon or colon (spaces after it) before a full stop that ends a field (not a decimal
 * point) or at the end; one right after another ("2017;:40") or after a full stop ("world. :287"); a full stop after
 * a full stop, spaces between ("Zasshi. . 1981", "Zasshi.."), not an ellipsis. Never after a label ("pp. .", "Vol. :"),
 * nor ": :" (a field missing between two, which still blocks).
 */
const LABEL = String.raw`\b(?:pp?|[Vv]ol|[Nn]o|eds?)`;
const DANGLING = new RegExp(String.raw`[,;:][ \u00a0]*(?=\.(?!\d)|$)|(?<=[,;:])[,;:]|(?<=(?<!${LABEL})\.[ \u00a0]*)[,;:]|(?<=(?<!\.)(?<!${LABEL})\.)[ \u00a0]*\.(?![.\d])`, 'g');

/** The segments without the separators an absent field leaves ("6:." → "6.", "2017;:40" → "2017;40"), or null when there are none. */
export function withoutDanglingSeparators(segments: RewriteSegment[]): RewriteSegment[] | null {
  // Links masked (same length) before looking for separators.
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
