// CSL rendering with citeproc-js (package "citeproc", used unmodified; CPAL-1.0 or AGPL-3.0, see NOTICE).
// A Renderer holds one citeproc engine for one style; render() turns CSL-JSON items into each entry's
// label and body as formatted segments (italic, bold, small caps, super/subscript) and plain text.

import { createRequire } from 'node:module';
import type CSLModule from 'citeproc';
import { bundledLocale } from './catalog.ts';
import type { RewriteSegment } from '../engine/citation-style-hooks.ts';

export interface CslName {
  family?: string;
  given?: string;
  literal?: string;
}

/** The CSL-JSON fields the product fills in (a subset of CSL-JSON). */
export interface CslItem {
  id: string;
  type: string;
  title?: string;
  'container-title'?: string;
  'collection-title'?: string;
  author?: CslName[];
  editor?: CslName[];
  issued?: { 'date-parts': Array<Array<number | string>> } | { literal: string };
  volume?: string;
  issue?: string;
  page?: string;
  publisher?: string;
  'publisher-place'?: string;
  edition?: string;
  DOI?: string;
  URL?: string;
  'number-of-pages'?: string;
}

/** One in-text citation as the style writes it, and where each of its items stands in the text. */
export interface RenderedCitation {
  segments: Segment[];
  text: string;
  items: Array<{ id: string; start: number; end: number } | null>;
}

/** One formatted piece of a rendered entry: the engine's rewrite segment, defined once there. */
type Segment = RewriteSegment;

export interface RenderedEntry {
  id: string;
  /** The style's label ("[1]", "1.") for numeric styles, else "". */
  label: string;
  /** The entry without its label, as formatted segments. */
  segments: Segment[];
  /** Plain text of the body (segments joined). */
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

interface Format { italic: number; bold: number; smallCaps: number; superscript: number; subscript: number; normal: number }

/** citeproc's HTML (a small, known vocabulary) → formatted segments. Unknown tags are dropped, their text kept. */
function htmlToSegments(html: string): Segment[] {
  const out: Segment[] = [];
  const f: Format = { italic: 0, bold: 0, smallCaps: 0, superscript: 0, subscript: 0, normal: 0 };
  const stack: Array<keyof Format | null> = [];
  const re = /<(\/?)([a-z]+)([^>]*)>|([^<]+)/gi;
  let m: RegExpExecArray | null;
  while ((m = re.exec(html))) {
    if (m[4] !== undefined) {
      const text = decodeEntities(m[4]);
      if (!text) continue;
      const seg: Segment = { text };
      if (f.italic > 0 && f.normal === 0) seg.italic = true;
      if (f.bold > 0) seg.bold = true;
      if (f.smallCaps > 0) seg.smallCaps = true;
      if (f.superscript > 0) seg.superscript = true;
      if (f.subscript > 0) seg.subscript = true;
      const prev = out[out.length - 1];
      if (prev && sameFormat(prev, seg)) prev.text += text;
      else out.push(seg);
      continue;
    }
    const closing = m[1] === '/';
    const tag = m[2].toLowerCase();
    if (tag === 'br') continue;
    if (closing) {
      const k = stack.pop();
      if (k) f[k]--;
      continue;
    }
    const attrs = m[3];
    let k: keyof Format | null = null;
    if (tag === 'i' || tag === 'em') k = 'italic';
    else if (tag === 'b' || tag === 'strong') k = 'bold';
    else if (tag === 'sup') k = 'superscript';
    else if (tag === 'sub') k = 'subscript';
    else if (tag === 'span') {
      if (/small-caps/.test(attrs)) k = 'smallCaps';
      else if (/font-style:\s*normal/.test(attrs)) k = 'normal';
    }
    if (k) f[k]++;
    if (!attrs.trim().endsWith('/')) stack.push(k);
  }
  return out;
}

function sameFormat(a: Segment, b: Segment): boolean {
  return !!a.italic === !!b.italic && !!a.bold === !!b.bold && !!a.smallCaps === !!b.smallCaps && !!a.superscript === !!b.superscript && !!a.subscript === !!b.subscript;
}

function segmentsText(segments: Segment[]): string {
  return segments.map((s) => s.text).join('');
}

/** Trims white space at both ends of a segment list and collapses inner runs of spaces. */
function tidy(segments: Segment[]): Segment[] {
  const out = segments.map((s) => ({ ...s, text: s.text.replace(/[ \t\r\n]+/g, ' ') })).filter((s) => s.text !== '');
  while (out.length && !out[0].text.trim()) out.shift();
  while (out.length && !out[out.length - 1].text.trim()) out.pop();
  if (out.length) {
    out[0].text = out[0].text.replace(/^\s+/, '');
    out[out.length - 1].text = out[out.length - 1].text.replace(/\s+$/, '');
  }
  for (let i = 1; i < out.length; i++) if (/\s$/.test(out[i - 1].text) && /^\s/.test(out[i].text)) out[i].text = out[i].text.replace(/^\s+/, '');
  return out.filter((s) => s.text !== '');
}

/** Splits citeproc's entry HTML into the label (csl-left-margin) and the body. */
function splitEntry(html: string): { label: string; body: string } {
  const margin = /<div class="csl-left-margin">([\s\S]*?)<\/div>/.exec(html);
  if (!margin) return { label: '', body: html };
  const label = segmentsText(htmlToSegments(margin[1])).trim();
  return { label, body: html.slice(0, margin.index) + html.slice(margin.index + margin[0].length) };
}

/**
 * The entry's number written inline at the start of its body ("1. Smith J", a superscript "1" before the names),
 * as styles that print it without a second-field layout do, split off as its label like a margin label is.
 * Only the entry's own number: an entry that starts with another number (a title "5559065 Coated …") keeps it.
 */
function inlineLabel(segments: Segment[], n: number): { label: string; segments: Segment[] } {
  const text = segmentsText(segments);
  const m = new RegExp(`^[[(]?${n}(?!\\d)[\\].)]?\\s*`).exec(text);
  if (!m || m[0].length >= text.length) return { label: '', segments };
  let cut = m[0].length;
  const out: Segment[] = [];
  for (const seg of segments) {
    if (cut >= seg.text.length) { cut -= seg.text.length; continue; }
    out.push(cut ? { ...seg, text: seg.text.slice(cut) } : seg);
    cut = 0;
  }
  return { label: m[0].trim(), segments: tidy(out) };
}

/** `needle` in `text` at or after `from`, not inside a longer number ("3" is not found in "13"); -1 when absent. */
function findFrom(text: string, needle: string, from: number): number {
  for (let at = text.indexOf(needle, from); at >= 0; at = text.indexOf(needle, at + 1)) {
    if (!(/\d/.test(needle[0]!) && /\d/.test(text[at - 1] ?? '')) && !(/\d/.test(needle[needle.length - 1]!) && /\d/.test(text[at + needle.length] ?? ''))) return at;
  }
  return -1;
}

/** citeproc-js (1.9 MB of source, about 10 MB once compiled), loaded on the first engine built: the service
 * thread imports this module (CSL file checks, the resolver's style refinement) but most processes never
 * render, and an idle service kept it resident. */
let citeproc: typeof CSLModule | null = null;
function CSL(): typeof CSLModule {
  citeproc ??= createRequire(import.meta.url)('citeproc') as typeof CSLModule;
  return citeproc;
}

/** One citeproc engine over one style. Not thread-safe across interleaved render() calls (citeproc is synchronous). */
export class Renderer {
  private readonly engine: InstanceType<typeof CSLModule.Engine>;
  private items = new Map<string, CslItem>();
  private calls = 0;

  /** The style numbers its bibliography (its entries may carry the number inline, without a margin). */
  private readonly numbered: boolean;

  constructor(styleXml: string, lang = 'en-US') {
    this.numbered = /<bibliography[\s\S]*variable="citation-number"/.test(styleXml);
    this.engine = new (CSL().Engine)({ retrieveLocale: bundledLocale, retrieveItem: (id: string) => this.items.get(id) }, styleXml, lang);
  }

  /** Renders the items as a bibliography in the given order (numeric labels follow it). Missing ids: not rendered. */
  render(items: CslItem[]): Map<string, RenderedEntry> {
    const original = this.load(items);
    this.engine.updateItems([...this.items.keys()]);
    return this.bibliography(original);
  }

  /**
   * Renders the in-text citations (clusters of item ids, in document order) and the bibliography they make:
   * numbers in citation order, year suffixes and names as the style disambiguates them. Each citation comes
   * with where each of its items stands in its text (null when the style merged it past finding, "2019a, b").
   */
  renderDocument(items: CslItem[], clusters: string[][]): { entries: Map<string, RenderedEntry>; citations: RenderedCitation[] } {
    const original = this.load(items);
    const internal = new Map([...original].map(([k, v]) => [v, k]));
    const known = clusters.map((c) => c.map((id) => internal.get(id)).filter((x): x is string => x !== undefined));
    const cited = new Set(known.flat());
    const uncited = [...this.items.keys()].filter((k) => !cited.has(k));
    const out = this.engine.rebuildProcessorState(known.map((c, i) => ({ citationID: `c${i}`, citationItems: c.map((id) => ({ id })), properties: { noteIndex: 0 } })), 'html', uncited);
    const single = new Map<string, string>();
    const citations = out.map(([, , html], i): RenderedCitation => {
      const segments = tidy(htmlToSegments(html));
      const text = segmentsText(segments);
      // The style may sort a citation's items: each is looked for anywhere in it, on text no other item took.
      const taken: Array<[number, number]> = [];
      const free = (a: number, b: number) => !taken.some(([x, y]) => a < y && b > x);
      const place = (needle: string): number => {
        for (let at = findFrom(text, needle, 0); at >= 0; at = findFrom(text, needle, at + 1)) if (free(at, at + needle.length)) return at;
        return -1;
      };
      const places = known[i]!.map((id) => {
        let one = single.get(id);
        if (one === undefined) single.set(id, (one = segmentsText(htmlToSegments(this.engine.makeCitationCluster([{ id }]))).replace(/^[([]|[)\]]$/g, '').trim()));
        const year = /\d{4}[a-z]?(?!.*\d{4})/.exec(one)?.[0];
        for (const needle of [one, year]) {
          const at = needle ? place(needle) : -1;
          if (at >= 0) { taken.push([at, at + needle!.length]); return { id: original.get(id)!, start: at, end: at + needle!.length }; }
        }
        return null;
      });
      return { segments, text, items: places };
    });
    const entries = this.bibliography(original);
    // Forget the citations (while their items are still at hand), so that the engine serves the next call.
    this.engine.rebuildProcessorState([], 'html', []);
    return { entries, citations };
  }

  /** citeproc keeps item data by id across calls: fresh ids per call, mapped back by the returned map. */
  private load(items: CslItem[]): Map<string, string> {
    const batch = `r${++this.calls}-`;
    const original = new Map<string, string>();
    this.items = new Map(items.map((it) => {
      original.set(batch + it.id, it.id);
      return [batch + it.id, { ...it, id: batch + it.id }];
    }));
    return original;
  }

  private bibliography(original: Map<string, string>): Map<string, RenderedEntry> {
    const bib = this.engine.makeBibliography();
    const out = new Map<string, RenderedEntry>();
    if (!bib) return out;
    const [meta, entries] = bib;
    entries.forEach((html, i) => {
      const internal = meta.entry_ids[i]?.[0];
      const id = internal === undefined ? undefined : original.get(String(internal));
      if (id === undefined) return;
      const split = splitEntry(html);
      let label = split.label;
      let segments = tidy(htmlToSegments(split.body));
      if (!label && this.numbered) ({ label, segments } = inlineLabel(segments, i + 1));
      out.set(String(id), { id: String(id), label, segments, text: segmentsText(segments) });
    });
    return out;
  }
}

const rendererCache = new Map<string, { renderer: Renderer; bytes: number }>();
const MAX_CACHED = 128;
/**
 * Style XML behind the cached engines, at most (an engine holds a few times its style's size): uploaded styles
 * (up to 256 KB each) are cached by their hash, so distinct uploads must not grow the cache without bound. The
 * 78 bundled styles are 1.6 MB together.
 */
const MAX_CACHED_STYLE_BYTES = 8 * 1024 * 1024;
let cachedBytes = 0;

/** A cached renderer for a style, keyed by the caller's key (a bundled id, or a hash of an uploaded file);
 * least recently used engines are dropped past MAX_CACHED engines or MAX_CACHED_STYLE_BYTES of style XML. */
export function rendererFor(key: string, styleXml: () => string): Renderer {
  const hit = rendererCache.get(key);
  if (hit) {
    rendererCache.delete(key);
    rendererCache.set(key, hit);
    return hit.renderer;
  }
  const xml = styleXml();
  const entry = { renderer: new Renderer(xml), bytes: xml.length };
  while (rendererCache.size > 0 && (rendererCache.size >= MAX_CACHED || cachedBytes + entry.bytes > MAX_CACHED_STYLE_BYTES)) {
    const [oldest, dropped] = rendererCache.entries().next().value as [string, { bytes: number }];
    rendererCache.delete(oldest);
    cachedBytes -= dropped.bytes;
  }
  rendererCache.set(key, entry);
  cachedBytes += entry.bytes;
  return entry.renderer;
}

