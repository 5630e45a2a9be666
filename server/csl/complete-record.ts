// Registry first, the manuscript second: a resolved entry is rendered from the registry's record as it is; only
// where the record alone cannot be rendered (it has neither title nor authors, an article no journal, or the style
// would leave a field it prints empty, "Blood 112:.") is it completed from the entry as written, with the fields the
// reference reader found there (bibliography.ts decides when). What the record holds is never replaced.

import type { CslItem } from './render.ts';

/** Fields a record may lack and the entry may give. */
const NUMBERS = ['volume', 'issue', 'page'] as const;

const same = (a: string | undefined, b: string | undefined): boolean => !!a && !!b && a.replace(/\W+/g, '').toLowerCase() === b.replace(/\W+/g, '').toLowerCase();

/**
 * The record completed with the entry's reading (`read`, `abbreviated` when the entry's author list is cut with
 * "et al."), and the fields taken from it. The reading's authors are taken only when the record has none and the
 * entry lists them all; its journal only when it is not the record's own title (a record whose title is a journal).
 */
export function completeRecord(record: CslItem, read: CslItem, abbreviated: boolean): { item: CslItem; completed: string[] } {
  const item: CslItem = { ...record };
  const completed: string[] = [];
  if (!item.author?.length && read.author?.length && !abbreviated) { item.author = read.author; completed.push('authors'); }
  if (!item.title && read.title) { item.title = read.title; completed.push('title'); }
  if (!item.issued && read.issued) { item.issued = read.issued; completed.push('year'); }
  if (!item['container-title'] && read['container-title'] && !same(read['container-title'], item.title)) { item['container-title'] = read['container-title']; completed.push('journal'); }
  for (const f of NUMBERS) {
    const v = read[f];
    if (!item[f] && typeof v === 'string' && v.trim()) { item[f] = v; completed.push(f === 'page' ? 'pages' : f); }
  }
  return { item, completed };
}
