// The bibliography renderer the engine's rewrite calls (engine/citation-style-hooks.ts BibliographyRenderer):
// registry first: an approved resolved work that carries the registry's record (ResolvedWork.record) is
// rendered from it (full author list, issue, pages, title as recorded; "et al." in the manuscript does not
// matter then), a field the record lacks taken from the entry as written (complete-record.ts). Any other entry is read by the one reference reader (server/references/record.ts), completed with the
// metadata of an approved resolved work, rendered in the chosen style with citeproc-js, and checked
// for faithfulness (faithful.ts): an entry whose text the reading does not account for (words no field holds),
// whose fields were read run together, whose rendering would show an empty field (": :", "()"), or that would
// need the names an abbreviated author list ("et al.") leaves out, is skipped with the reason (the rewrite then
// refuses, naming it). An entry that simply lacks a field (no pages, no author) is rendered without it.

import type { ResolvedWork } from '../../shared/contract.ts';
import type { BibliographyRenderer, BibliographyRendering, RenderOptions, RewriteEntryInput } from '../engine/citation-style-hooks.ts';
import { parseLabel, stripTrailer } from '../references/fields.ts';
import { readReference } from '../references/record.ts';
import { isApproved } from '../engine/link/references.ts';
import type { CslStyle } from './catalog.ts';
import { LINKS, printsUnlisted, unreadWords, withUnlistedAuthor } from './faithful.ts';
import { completeRecord } from './complete-record.ts';
import { withoutDanglingSeparators } from './dangling.ts';
import { rendererFor, type CslItem, type CslName } from './render.ts';
import { causeOf } from '../../shared/causes.ts';
import type { ReasonCode } from '../../shared/reasons.ts';


/**
 * Punctuation an empty field, or fields read run together, leave in a rendering: ": :", "..", ",,", ", .", "()",
 * "[]", "pp. .", a separator ending the entry ("Blood 112:") and the like. Returns the first such mark, or null.
 */
export function emptyFieldMark(text: string): string | null {
  const body = text.replace(LINKS, ' ');
  const m = /(?<!\.)\.\.(?!\.)|[,;:]\s*[,;:]|[,;:]\s*\.(?!\d)|\.\s+[.,;:]|\(\s*\)|\[\s*\]|\b(?:pp?|[Vv]ol|[Nn]o|eds?)\.\s*[.,;:]/.exec(body) ?? /[,;:]$/.exec(text.trimEnd());
  return m ? m[0] : null;
}

/** A field that holds what belongs to others (the reader ran them together): "Geoderma 100:321–353. doi: 10.1016/S0016-". */
function runTogether(item: CslItem): ReasonCode | null {
  // Without volume or pages, a "journal" of sentences is a book's edition, place and publisher: "4th Edition. Oxford. Oxford University Press".
  const container = item['container-title'];
  if (container && !item.volume && !item.page && /\p{Ll}{3}\.\s+\p{Lu}/u.test(container)) return causeOf('runTogether', { field: 'journal', text: container.slice(0, 60) });
  const issued = item.issued && 'date-parts' in item.issued ? String(item.issued['date-parts'][0]?.[0] ?? '') : '';
  for (const field of ['container-title', 'title', 'publisher'] as const) {
    const v = item[field];
    if (!v) continue;
    const runOn = /\bdoi\b|\b10\.\d{4,9}\//i.test(v) || /\d+\s*(?:\(\d+\))?\s*:\s*\d/.test(v) || /\bn\.\s?d\./.test(v)
      // the date read into the title as well ("… Grantors. (1916)"), printed twice then
      || (!!issued && new RegExp(`\\(${issued}\\)|\\b${issued}\\W*$`).test(v))
      // the year or the numbers after it read into the journal or the publisher ("Journal of Botany 2004;12"); a
      // conference's name may open on its year ("2018 Chinese Control And Decision Conference") or hold it
      || (field !== 'title' && ((issued && new RegExp(`(?<!^)\\b${issued}\\s*(?:[;:,)]|\\.?$)`).test(v)) || /[;:]\s*\d/.test(v)));
    if (runOn) return causeOf('runTogether', { field: field === 'container-title' ? 'journal' : field, text: v.slice(0, 60) });
  }
  return null;
}

/**
 * What a registry record (completed from the entry) lacks to be rendered: a title or authors, and a journal for an
 * article. Authors or a year that neither the record nor the entry gives are left out, as styles write anonymous and
 * undated works ("Title. Journal (n.d.)").
 */
function completeness(item: CslItem): ReasonCode | null {
  const missing: string[] = [];
  if (!item.title && !item.author?.length) missing.push('title and authors');
  if (item.type === 'article-journal' && !item['container-title']) missing.push('journal');
  return missing.length ? causeOf('recordLacks', { fields: missing.join(', ') }) : null;
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

/** A resolved work's registry record as a citeproc item, or null when there is none (or it is malformed). */
export function recordItem(id: string, record: unknown): CslItem | null {
  if (!record || typeof record !== 'object') return null;
  const r = record as Record<string, unknown>;
  const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const item: CslItem = { id, type: str(r.type) ?? 'article-journal' };
  for (const f of ['title', 'container-title', 'volume', 'issue', 'page', 'publisher', 'DOI'] as const) {
    const v = str(r[f]);
    if (v) item[f] = v;
  }
  if (Array.isArray(r.author)) {
    const names = r.author.flatMap((a: unknown): CslName[] => {
      if (!a || typeof a !== 'object') return [];
      const n = a as Record<string, unknown>;
      const family = str(n.family), given = str(n.given), literal = str(n.literal);
      return family ? [{ family, ...(given ? { given } : {}) }] : literal ? [{ literal }] : [];
    });
    if (names.length) item.author = names;
  }
  const parts = (r.issued as { 'date-parts'?: unknown } | undefined)?.['date-parts'];
  const first = Array.isArray(parts) && Array.isArray(parts[0]) ? (parts[0] as unknown[]).filter((n): n is number => Number.isInteger(n)) : [];
  if (first.length) item.issued = { 'date-parts': [first] };
  return item.title || item.author ? item : null;
}

const unlistedWhy = causeOf('abbreviatedAuthors', {});

/**
 * The item an entry is rendered from, or why it cannot be rendered faithfully. Registry first: an approved resolved
 * work is rendered from the registry's record, not from the string. `abbreviated`: one name stands for the authors
 * an "et al." or an elided middle ("…") leaves out, and a faithful rendering never prints it.
 */
export function entryItem(e: RewriteEntryInput, resolvedWorks?: Record<string, ResolvedWork>): { item: CslItem; abbreviated: boolean; completed?: CslItem; fromRecord?: true } | { reason: ReasonCode } {
  const work = resolvedWorks?.[e.key];
  const record = work && isApproved(work) ? recordItem(e.key, work.record) : null;
  const flat = e.text.replace(/\s+/g, ' ').trim();
  const read = readReference(flat, e.key);
  if (record) {
    // Registry first: the record as it is. Completed from the entry as written (what the reader finds there) only
    // where the record alone cannot be rendered: here a field it must have, at rendering a field the style prints.
    if (e.url && !record.DOI) record.URL = e.url;
    const completion = completeRecord(record, { ...read.item, id: e.key } as CslItem, read.etAl || /\bet al\b|…/.test(flat));
    const completed = completion.completed.length ? completion.item : undefined;
    // A record without a journal takes the one the entry writes; one the entry does not give (Crossref's "other" work
    // whose title is the journal's name) is rendered as the registry has it, as citeproc renders it.
    if (!completeness(record) || !completion.completed.includes('journal')) return { item: record, abbreviated: false, fromRecord: true, ...(completed ? { completed } : {}) };
    return { item: completion.item, abbreviated: false, fromRecord: true };
  }
  // The entry as written, label and dangling link words aside.
  const body = stripTrailer(flat.slice(parseLabel(flat).bodyStart));
  const item = withMetadata({ ...read.item } as CslItem, work);
  // A container the entry does not introduce with "In" is rendered as the journal it is written as, not as a book's chapter.
  if (item.type === 'chapter' && !/\bIn\b:?\s/.test(body)) item.type = 'article-journal';
  if (e.doi) item.DOI = e.doi;
  else delete item.DOI;
  if (e.url && !e.doi) item.URL = e.url;
  else delete item.URL;
  const unread = unreadWords(body, item);
  // An entry the manuscript cuts short ("… Genome Bi..."): what follows the cut is not in the text.
  const cut = /(?:\S+\s+)?\S*\p{L}(?:\.{3}|…)\s*$/u.exec(body);
  const why = (!item.title && !item.author?.length && !item['container-title'] ? causeOf('noAuthorsNoTitle', {}) : null)
    ?? (cut ? causeOf('cutShort', { text: cut[0].trim() }) : null) ?? runTogether(item)
    ?? (unread.length ? causeOf('unreadWords', { words: unread.slice(0, 5).join(', ') }) : null);
  if (why) return { reason: why };
  const abbreviated = read.etAl || /\bet al\b|…/.test(body);
  return { item: abbreviated ? withUnlistedAuthor(item, /…/.test(body)) : item, abbreviated };
}

/** A renderer for one style, with the approved resolved works (keyed by target key) as metadata. */
export function createBibliographyRenderer(style: CslStyle, resolvedWorks?: Record<string, ResolvedWork>): BibliographyRenderer {
  return {
    styleId: style.id,
    family: style.family,
    render(entries: RewriteEntryInput[], options: RenderOptions = {}): BibliographyRendering {
      const { citedOrder, clusters } = options;
      const skipped: BibliographyRendering['skipped'] = [];
      let items: CslItem[] = [];
      const abbreviated = new Set<string>();
      /** Resolved entries' records completed from the entry as written, used where the record alone leaves a field empty. */
      const completed = new Map<string, CslItem>();
      /** Entries rendered from a registry record: their fields are true, so a separator left before an absent one is the style's. */
      const fromRecord = new Set<string>();
      for (const e of entries) {
        const read = entryItem(e, resolvedWorks);
        if ('reason' in read) { skipped.push({ key: e.key, reason: read.reason }); continue; }
        if (read.abbreviated) abbreviated.add(e.key);
        if (read.completed) completed.set(e.key, read.completed);
        if (read.fromRecord) fromRecord.add(e.key);
        items.push(read.item);
      }
      const rendered: BibliographyRendering['rendered'] = new Map();
      if (items.length === 0) return { rendered, skipped };
      // Registered in the order the text cites them: an unsorted (citation-number) style numbers the list so.
      if (citedOrder) {
        const at = new Map(citedOrder.map((k, i) => [k, i]));
        const rank = (id: string) => at.get(id) ?? citedOrder.length;
        items.sort((a, b) => rank(a.id) - rank(b.id));
      }
      // The style's cached engine (building one takes seconds for APA or Chicago); it forgets a document's citations after it.
      const engine = rendererFor(style.key, () => style.xml);
      let doc = clusters ? engine.renderDocument(items, clusters) : null;
      let out = doc ? doc.entries : engine.render(items);
      // A record that leaves a field the style prints empty ("Blood 112:."): the list again, that record completed from the entry.
      const swap = [...completed.keys()].filter((k) => { const r = out.get(k); return r && emptyFieldMark(r.text); });
      if (swap.length) {
        items = items.map((it) => (swap.includes(it.id) ? completed.get(it.id)! : it));
        doc = clusters ? engine.renderDocument(items, clusters) : null;
        out = doc ? doc.entries : engine.render(items);
      }
      // In the style's order (citeproc sorts the bibliography as the style says): the rewrite re-sorts the list by it.
      const byId = new Map(items.map((it) => [it.id, it]));
      for (const id of [...out.keys(), ...items.map((it) => it.id).filter((k) => !out.has(k))]) {
        const item = byId.get(id)!;
        const r = out.get(id);
        if (!r || !r.text) { skipped.push({ key: item.id, reason: causeOf('renderedNothing', {}) }); continue; }
        let segments = r.segments;
        let mark = emptyFieldMark(r.text);
        // A record without pages in a style that writes "volume:" for them ("Blood 112:."): written without the separator.
        const tidy = mark && fromRecord.has(item.id) ? withoutDanglingSeparators(segments) : null;
        if (tidy) { segments = tidy; mark = emptyFieldMark(tidy.map((x) => x.text).join('')); }
        if (mark) { skipped.push({ key: item.id, reason: causeOf('emptyField', { mark: mark.trim() }) }); continue; }
        if (abbreviated.has(item.id) && printsUnlisted(r.text)) { skipped.push({ key: item.id, reason: unlistedWhy }); continue; }
        rendered.set(item.id, { segments, label: r.label, ...(item.title ? { title: item.title } : {}) });
      }
      if (!doc) return { rendered, skipped };
      // A citation that would name an author the abbreviated list leaves out ("Smith, Lee, and Unlisted"): its entries block.
      for (const c of doc.citations) {
        if (!printsUnlisted(c.text)) continue;
        for (const x of c.items) {
          if (x && abbreviated.has(x.id) && rendered.delete(x.id)) skipped.push({ key: x.id, reason: unlistedWhy });
        }
      }
      const citations = doc.citations.map((c) => ({ segments: c.segments, text: c.text, items: c.items.map((x) => (x ? { key: x.id, start: x.start, end: x.end } : null)) }));
      return { rendered, skipped, citations };
    },
  };
}
