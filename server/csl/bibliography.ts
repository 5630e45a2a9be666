// The bibliography renderer the engine's rewrite calls (engine/style-hooks.ts BibliographyRenderer):
// each entry is parsed into CSL fields (server/style/parse-entry.ts), completed with the registry
// metadata of an approved resolved work, rendered in the chosen style with citeproc-js, and checked
// for faithfulness: an entry whose fields were not all found, or whose rendering would drop words of
// the entry as written, is skipped with the reason (it stays as written).

import type { ResolvedWork } from '../../shared/contract.ts';
import type { BibliographyRenderer, BibliographyRendering, RewriteEntryInput } from '../engine/style-hooks.ts';
import { parseEntry, stripTrailer } from '../style/parse-entry.ts';
import type { CslStyle } from './catalog.ts';
import { rendererFor, type CslItem } from './render.ts';

/** Words that may differ between styles without losing content (terms a style writes its own way). */
const STYLE_WORDS = new Set([
  'and', 'the', 'vol', 'volume', 'no', 'issue', 'pp', 'page', 'pages', 'edn', 'ed', 'eds', 'editor', 'editors', 'in', 'et', 'al',
  'available', 'from', 'retrieved', 'online', 'internet', 'doi', 'http', 'https', 'org', 'accessed', 'cited', 'date',
  // months: a style may print the year alone
  'jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'january', 'february', 'march',
  'april', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
]);

function words(text: string): string[] {
  return text.toLowerCase().normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Words of the entry (links and style terms aside, given names aside) that the rendering lacks. */
export function droppedWords(written: string, rendered: string, item: CslItem): string[] {
  const have = new Set(words(rendered));
  // given names, also as the run of initials "Smith AM" writes
  const given = new Set((item.author ?? []).flatMap((a) => { const g = words(a.given ?? ''); return [...g, g.map((w) => w[0]).join('')]; }));
  const body = written.replace(/\b(?:https?:\/\/|doi\.org\/)\S+|\b10\.\d{4,9}\/\S+/gi, ' ');
  const out: string[] = [];
  for (const w of words(body)) {
    if (w.length < 2 || STYLE_WORDS.has(w) || given.has(w) || have.has(w)) continue;
    // a page range written in full ("575–579") may be abbreviated ("575–9") by the style
    if (/^\d+$/.test(w) && [...have].some((h) => /^\d+$/.test(h) && (w.endsWith(h) || h.endsWith(w)))) continue;
    out.push(w);
  }
  return out;
}

function completeness(item: CslItem): string | null {
  const missing: string[] = [];
  if (!item.author?.length) missing.push('authors');
  if (!item.title) missing.push('title');
  if (!item.issued) missing.push('year');
  if (item.type === 'article-journal' && !item['container-title']) missing.push('journal');
  return missing.length ? `fields not found: ${missing.join(', ')}` : null;
}

function withMetadata(item: CslItem, work: ResolvedWork | undefined): CslItem {
  if (!work || work.approved === false) return item;
  const out: CslItem = { ...item };
  if (work.title) out.title = work.title;
  if (work.containerTitle) out['container-title'] = work.containerTitle;
  if (work.year && /^\d{4}$/.test(work.year)) out.issued = { 'date-parts': [[Number(work.year)]] };
  if (work.doi) out.DOI = work.doi;
  return out;
}

/** A renderer for one style, with the approved resolved works (keyed by target key) as metadata. */
export function createBibliographyRenderer(style: CslStyle, resolvedWorks?: Record<string, ResolvedWork>): BibliographyRenderer {
  return {
    styleId: style.id,
    family: style.family,
    render(entries: RewriteEntryInput[]): BibliographyRendering {
      const skipped: BibliographyRendering['skipped'] = [];
      const items: CslItem[] = [];
      const written = new Map<string, string>();
      for (const e of entries) {
        const parsed = parseEntry(e.text, e.key, e.printedLabel, { pad: false });
        if (/\bet al\b|…/.test(parsed.body)) { skipped.push({ key: e.key, reason: 'the author list is abbreviated ("et al."), so the full list is unknown' }); continue; }
        const item = withMetadata(parsed.item, resolvedWorks?.[e.key]);
        if (e.doi) item.DOI = e.doi;
        else delete item.DOI;
        if (e.url && !e.doi) item.URL = e.url;
        else delete item.URL;
        const why = completeness(item);
        if (why) { skipped.push({ key: e.key, reason: why }); continue; }
        items.push(item);
        written.set(e.key, stripTrailer(parsed.body));
      }
      const rendered: BibliographyRendering['rendered'] = new Map();
      if (items.length === 0) return { rendered, skipped };
      const out = rendererFor(style.key, () => style.xml).render(items);
      // In the style's order (citeproc sorts the bibliography as the style says): the rewrite re-sorts the list by it.
      const byId = new Map(items.map((it) => [it.id, it]));
      for (const id of [...out.keys(), ...items.map((it) => it.id).filter((k) => !out.has(k))]) {
        const item = byId.get(id)!;
        const r = out.get(id);
        if (!r || !r.text) { skipped.push({ key: item.id, reason: 'the style rendered nothing for it' }); continue; }
        const lost = droppedWords(written.get(item.id) ?? '', r.text, item);
        if (lost.length) { skipped.push({ key: item.id, reason: `the style would drop: ${lost.slice(0, 5).join(', ')}` }); continue; }
        rendered.set(item.id, { segments: r.segments });
      }
      return { rendered, skipped };
    },
  };
}
