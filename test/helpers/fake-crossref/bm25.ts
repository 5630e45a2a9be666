// BM25 (k1 1.2, b 0.75) over a registry of Crossref-shaped works, as the fake registry ranks a
// query.bibliographic search: tokens of title, subtitle, authors, container and short container
// titles, year, volume, issue and page; unnormalised scores in Crossref's range.

import { stripMarkup, tokens } from '../../../server/references/text.ts';
import type { RegistryWork } from './types.ts';

const K1 = 1.2;
const B = 0.75;
/** Scale from raw BM25 to Crossref's range (a right answer ≈ 0.5–0.8 × the reference length). */
const SCORE_SCALE = 0.93;

export function workYear(w: RegistryWork): number | null {
  const y = w.issued?.['date-parts']?.[0]?.[0];
  return typeof y === 'number' ? y : null;
}

function workTokens(w: RegistryWork): string[] {
  const parts: string[] = [];
  for (const t of w.title ?? []) parts.push(stripMarkup(t));
  for (const t of w.subtitle ?? []) parts.push(stripMarkup(t));
  for (const a of w.author ?? []) parts.push(a.given ?? '', a.family ?? '', a.name ?? '');
  for (const t of w['container-title'] ?? []) parts.push(t);
  for (const t of w['short-container-title'] ?? []) parts.push(t);
  const year = workYear(w);
  if (year !== null) parts.push(String(year));
  parts.push(w.volume ?? '', w.issue ?? '', w.page ?? '');
  return tokens(parts.join(' '));
}

export class Bm25Index {
  private readonly postings = new Map<string, { doc: number; tf: number }[]>();
  private readonly lengths: number[] = [];
  private readonly avgLength: number;

  constructor(readonly works: RegistryWork[]) {
    let total = 0;
    works.forEach((w, doc) => {
      const toks = workTokens(w);
      this.lengths.push(toks.length);
      total += toks.length;
      const tf = new Map<string, number>();
      for (const t of toks) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const [t, n] of tf) {
        let list = this.postings.get(t);
        if (!list) this.postings.set(t, (list = []));
        list.push({ doc, tf: n });
      }
    });
    this.avgLength = works.length ? total / works.length : 1;
  }

  /** Documents scoring above zero, best first, with their scores. */
  search(query: string, accept: (w: RegistryWork) => boolean = () => true): { work: RegistryWork; score: number }[] {
    return this.searchDocs(query, accept).map(({ doc, score }) => ({ work: this.works[doc]!, score }));
  }

  /** As `search`, each work by its index in `works`. */
  searchDocs(query: string, accept: (w: RegistryWork) => boolean = () => true): { doc: number; score: number }[] {
    const qtf = new Map<string, number>();
    for (const t of tokens(query)) qtf.set(t, (qtf.get(t) ?? 0) + 1);
    const scores = new Map<number, number>();
    const n = this.works.length;
    for (const [term, count] of qtf) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const { doc, tf } of list) {
        const norm = tf * (K1 + 1) / (tf + K1 * (1 - B + B * this.lengths[doc]! / this.avgLength));
        scores.set(doc, (scores.get(doc) ?? 0) + count * idf * norm);
      }
    }
    return [...scores]
      .filter(([doc]) => accept(this.works[doc]!))
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .map(([doc, score]) => ({ doc, score: Math.round(score * SCORE_SCALE * 1000) / 1000 }));
  }
}
