// What both blocks of `npm run bench:rewrite` share: the fake registry (registry-dev.jsonl) and the `ready`
// ResolvedWork made of a registry work, the text normalisation entries are compared under, the bench's loose
// renderer (the citation measure apart from entry rendering), and the works each paragraph's citations name.

import { causeOf } from '../../shared/causes.ts';
import { readFileSync } from 'node:fs';
import type { ResolvedWork } from '../../shared/contract.ts';
import type { HyperlinkSettings } from '../../shared/settings.ts';
import { detect } from '../../server/engine/scan.ts';
import { buildModel } from '../../server/engine/model/document.ts';
import { openDocx } from '../../server/engine/package/docx.ts';
import type { BibEntry } from '../../server/engine/detect/types.ts';
import { citationContext, rewriteEntriesIn } from '../../server/engine/rewrite/plan.ts';
import { entriesByNumber } from '../../server/engine/rewrite/citations.ts';
import type { CslStyle } from '../../server/csl/catalog.ts';
import { recordItem } from '../../server/csl/bibliography.ts';
import { rendererFor, type CslItem } from '../../server/csl/render.ts';
import { readReference } from '../../server/references/record.ts';
import type { BibliographyRenderer } from '../../server/engine/citation-style-hooks.ts';
import { workRecord, type CrossrefWork } from '../../server/resolver/work.ts';

/** registry-dev.jsonl by lower-cased DOI. */
export function readRegistry(file: string): Map<string, CrossrefWork> {
  const out = new Map<string, CrossrefWork>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const w = JSON.parse(line) as CrossrefWork;
    out.set(w.DOI.toLowerCase(), w);
  }
  return out;
}

/** A registry work as the resolver answers a ready match: a `ready` ResolvedWork carrying the work's record. */
export function readyWork(w: CrossrefWork): ResolvedWork {
  const record = workRecord(w);
  return { doi: w.DOI.toLowerCase(), title: record.title ?? '', confidence: 1, status: 'ready', citationImpact: 'link-only-safe', transactionPlan: null, record };
}

/** The citeproc item of a ready work's record (what the entry must read as after the change). */
export function workItem(key: string, work: ResolvedWork): CslItem | null {
  return recordItem(key, work.record);
}

/** Comparable text: NFC, quote forms unified, white space collapsed. */
export const norm = (t: string): string => t.normalize('NFC').replace(/[“”„«»]/g, '"').replace(/[‘’‚]/g, "'").replace(/\s+/g, ' ').trim();

/** An entry's text without its typed label ("[3] ", "(3) ", "3. ", "3 "). */
export const withoutLabel = (t: string): string => t.replace(/^\s*(\[\d+\]|\(\d+\)|\d+\.?)\s+/, '');

/**
 * The renderer for the citation measure: every entry rendered from its registry record when `works` holds one
 * (as the product does), else from the fields the reference reader finds (server/references/record.ts), with none
 * of the product's faithfulness checks, so that the in-text citations are converted and measured even where the
 * product refuses the list (a bench instrument only).
 */
export function looseRenderer(style: CslStyle, works: Record<string, ResolvedWork> = {}): BibliographyRenderer {
  return {
    styleId: style.id,
    family: style.family,
    render(inputs, options = {}) {
      const items = inputs.map((e) => {
        const w = works[e.key];
        return (w ? workItem(e.key, w) : null) ?? ({ ...readReference(e.text, e.key).item, id: e.key } as CslItem);
      });
      const at = new Map((options.citedOrder ?? []).map((k, i) => [k, i]));
      if (options.citedOrder) items.sort((a, b) => (at.get(a.id) ?? at.size) - (at.get(b.id) ?? at.size));
      const engine = rendererFor(`bench:fields:${style.key}`, () => style.xml);
      const doc = options.clusters ? engine.renderDocument(items, options.clusters) : null;
      const out = doc ? doc.entries : engine.render(items);
      const rendered = new Map([...out].map(([k, x]) => [k, { segments: x.segments, label: x.label }]));
      const skipped = items.filter((it) => !out.has(it.id)).map((it) => ({ key: it.id, reason: causeOf('renderedNothing', {}) }));
      return { rendered, skipped, ...(doc ? { citations: doc.citations.map((c) => ({ segments: c.segments, text: c.text, items: c.items.map((x) => (x ? { key: x.id, start: x.start, end: x.end } : null)) })) } : {}) };
    },
  };
}

/** The works each paragraph outside the list cites, by paragraph index: entry keys (keyOf), number ranges expanded. */
export function citedWorks(bytes: Uint8Array, settings: HyperlinkSettings, keyOf: (e: BibEntry) => string | null): { byParagraph: Map<number, string[]>; form: string } {
  const det = detect(bytes, settings, { forLinking: true });
  const entries = rewriteEntriesIn(det.targetById);
  const ctx = citationContext(det.model, det.matchById.values());
  const out = new Map<number, string[]>();
  const add = (i: number, k: string | null) => { if (k) out.set(i, [...(out.get(i) ?? []), k]); };
  if (det.citeStyle === 'author-year') {
    const byKey = new Map(entries.map((e) => [e.key, e]));
    for (const m of ctx.matches ?? []) if (m.kind === 'citation' && m.targetKey && byKey.has(m.targetKey)) add(ctx.paragraphOrder!.get(m.paragraph)!, keyOf(byKey.get(m.targetKey)!));
  } else {
    const byNumber = entriesByNumber(entries);
    for (const g of ctx.groups) for (const n of g.numbers) { const e = byNumber.get(n); if (e) add(ctx.paragraphOrder!.get(g.paragraph)!, keyOf(e)); }
  }
  return { byParagraph: out, form: det.citeStyle === 'author-year' ? 'author-date' : det.citeStyle === 'off' ? 'off' : 'numeric' };
}

/**
 * The works each paragraph outside the list links to, by paragraph index: the keys behind the entry bookmarks that
 * apply's citation links go to, an entry known by its place in the list (`entries` as written, `order` the keys of
 * their places after the change). How an author style's citations ("(Smith et al.)", "Jones et al.": no year, which
 * the scan does not read as citations) are read back from a converted document.
 */
export function linkedWorks(docx: Uint8Array, entries: BibEntry[], order: string[]): Map<number, string[]> {
  const model = buildModel(openDocx(docx));
  const place = new Map(entries.map((e, i) => [`${e.paragraph.part}#${e.paragraph.index}`, order[i]!]));
  const byBookmark = new Map<string, string>();
  for (const p of model.paragraphs) {
    const k = place.get(`${p.part}#${p.index}`);
    if (k) for (const b of p.bookmarks) byBookmark.set(b.name, k);
  }
  const out = new Map<number, string[]>();
  model.paragraphs.forEach((p, i) => {
    if (place.has(`${p.part}#${p.index}`)) return;
    // One citation item may be written in several links (a title's formatting splits it): counted once.
    let last: { key: string; end: number } | null = null;
    for (const l of p.links) {
      const k = l.anchor ? byBookmark.get(l.anchor) : undefined;
      if (!k) continue;
      if (last && last.key === k && last.end === l.start) { last.end = l.end; continue; }
      out.set(i, [...(out.get(i) ?? []), k]);
      last = { key: k, end: l.end };
    }
  });
  return out;
}

/** How many of `want` are in `got`, as multisets. */
export function multisetHits(want: string[], got: string[]): number {
  const left = new Map<string, number>();
  for (const k of got) left.set(k, (left.get(k) ?? 0) + 1);
  let hits = 0;
  for (const k of want) { const n = left.get(k) ?? 0; if (n > 0) { hits++; left.set(k, n - 1); } }
  return hits;
}
