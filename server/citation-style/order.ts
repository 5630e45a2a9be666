// Field order as a drift-robust feature: where the authors, year, title, container and volume stand
// in an entry. Editions of a style change punctuation, abbreviations and et-al. rules (MLA 7 wrote
// "41.1 (1964): 14–24", MLA 9 "vol. 41, no. 1, 1964, pp. 14–24"), but rarely the order of the
// elements, which is what tells MLA (year after the container) from Chicago (year after the names).

import type { CslItem } from '../csl/render.ts';
import { UNSEEN_TITLE } from './entry.ts';

type Field = 'author' | 'given' | 'year' | 'title' | 'container' | 'volume';

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A field's value as searched for: lower case, first words only (styles change case and shorten). */
function probe(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim().slice(0, 14);
}

/** Where the first author's given name (its initial) stands next to the family name: before ("J. Smith") or after ("Smith, J."). */
function givenNear(t: string, at: number, length: number, initial: string): number {
  const re = new RegExp(`(?<!\\p{L})${escape(initial)}`, 'gu');
  const before = t.slice(Math.max(0, at - 16), at);
  let last = -1;
  for (const m of before.matchAll(re)) last = at - before.length + (m.index ?? 0);
  const after = t.slice(at + length, at + length + 16);
  const next = re.exec(after);
  re.lastIndex = 0;
  const first = next ? at + length + next.index : -1;
  if (last >= 0 && first >= 0) return at - last <= first - (at + length) ? last : first;
  return last >= 0 ? last : first;
}

/** Position of each field of the item found in the text (lower-cased), -1 when not found. */
function fieldPositions(text: string, item: CslItem): Record<Field, number> {
  const t = text.toLowerCase();
  const pos: Record<Field, number> = { author: -1, given: -1, year: -1, title: -1, container: -1, volume: -1 };
  const family = item.author?.[0]?.family;
  if (family) pos.author = t.indexOf(family.toLowerCase());
  const initial = item.author?.[0]?.given?.trim()[0]?.toLowerCase();
  if (family && pos.author >= 0 && initial && /\p{L}/u.test(initial)) pos.given = givenNear(t, pos.author, family.length, initial);
  if (item.title && item.title !== UNSEEN_TITLE) pos.title = t.indexOf(probe(item.title));
  const container = item['container-title'];
  if (container) pos.container = t.indexOf(probe(container));
  const issued = item.issued;
  const year = issued && 'date-parts' in issued ? issued['date-parts'][0]?.[0] : undefined;
  if (year) {
    // the publication year, not a year inside the title
    const re = new RegExp(`(?<!\\d)${year}(?!\\d)`, 'g');
    let m: RegExpExecArray | null;
    const titleEnd = pos.title >= 0 ? pos.title + probe(item.title ?? '').length : -1;
    while ((m = re.exec(t))) if (!(pos.title >= 0 && m.index >= pos.title && m.index < titleEnd)) { pos.year = m.index; break; }
  }
  if (item.volume && pos.container >= 0) {
    const re = new RegExp(`(?<![\\d.])${escape(item.volume.toLowerCase())}(?!\\d)`, 'g');
    re.lastIndex = pos.container;
    const m = re.exec(t);
    if (m) pos.volume = m.index;
  }
  return pos;
}

/** Share of field pairs (found in both) that stand in the same order in both texts; 1 when none compare. */
export function orderAgreement(written: string, rendered: string, item: CslItem): number {
  const a = fieldPositions(written, item);
  const b = fieldPositions(rendered, item);
  const fields = (Object.keys(a) as Field[]).filter((f) => f !== 'given' && a[f] >= 0 && b[f] >= 0);
  let pairs = 0;
  let same = 0;
  for (let i = 0; i < fields.length; i++) {
    for (let j = i + 1; j < fields.length; j++) {
      const x = fields[i];
      const y = fields[j];
      if (a[x] === a[y] || b[x] === b[y]) continue;
      pairs++;
      if (a[x] < a[y] === b[x] < b[y]) same++;
    }
  }
  return pairs ? same / pairs : 1;
}

/** 1 when the first author's given name stands on the same side of the family name in both texts, else 0; 1 when not comparable. */
export function nameOrderAgreement(written: string, rendered: string, item: CslItem): number {
  const a = fieldPositions(written, item);
  const b = fieldPositions(rendered, item);
  if (a.given < 0 || b.given < 0 || a.author < 0 || b.author < 0) return 1;
  return a.given < a.author === b.given < b.author ? 1 : 0;
}
