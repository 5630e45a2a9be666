// Bibliography rewrite at apply: each reference entry's runs are replaced by the entry as an injected
// renderer (server/csl, a CSL style) writes it, as formatted runs (italic, bold, small caps, super- and
// subscript). Kept: the paragraph properties (style, numbering), a typed label, the bookmarks on the
// entry, and every hyperlink in it (re-wrapped around the same text in the new entry). Entries the
// renderer cannot render faithfully, or whose content cannot be carried over (fields, tracked changes,
// a link whose text the new entry lacks) are left as they are and reported. Text outside the
// bibliography is never touched.

import type { PersistedLink } from '../../../shared/contract.ts';
import type { BibEntry, TargetCandidate } from '../detect/types.ts';
import type { PackageEdit } from '../package/edit.ts';
import { targetHash } from '../metadata/persisted.ts';
import { putRPrChild } from '../link/rpr.ts';
import { childrenOf, cloneNode, el, escapeXmlText, tagOf, textNode, type XmlNode } from '../package/xml.ts';
import type { BibliographyRenderer, RewriteSegment } from '../style-hooks.ts';

export interface RewriteOutcome {
  rewritten: number;
  unchanged: number;
  warnings: string[];
}

/** Paragraph children a rewrite keeps in place or can carry over; anything else holds the entry. */
const CARRIED = new Set(['w:pPr', 'w:r', 'w:hyperlink', 'w:bookmarkStart', 'w:bookmarkEnd', 'w:proofErr', 'w:permStart', 'w:permEnd']);
/** Run children that are plain text (anything else, e.g. a drawing, a field char or a note reference, holds the entry). */
const RUN_TEXT = new Set(['w:rPr', 'w:t', 'w:tab', 'w:br', 'w:softHyphen', 'w:noBreakHyphen', 'w:lastRenderedPageBreak']);
/** Formatting the style decides: removed from the entry's base run properties. */
const STYLE_DECIDES = new Set(['w:b', 'w:bCs', 'w:i', 'w:iCs', 'w:smallCaps', 'w:caps', 'w:vertAlign', 'w:u', 'w:rStyle', 'w:color', 'w:strike']);

interface Inspected {
  pPr: XmlNode | null;
  bookmarkStarts: XmlNode[];
  bookmarkEnds: XmlNode[];
  links: Array<{ node: XmlNode; text: string; rPr: XmlNode | null }>;
  baseRPr: XmlNode | null;
}

function runText(run: XmlNode): string {
  let s = '';
  for (const k of childrenOf(run)) {
    const t = tagOf(k);
    if (t === 'w:t') s += childrenOf(k).map((n) => unescape(n['#text'] ?? '')).join('');
    else if (t === 'w:tab') s += '\t';
    else if (t === 'w:br') s += '\n';
  }
  return s;
}

function unescape(raw: string): string {
  return raw.replace(/&(lt|gt|amp|quot|apos);/g, (_m, e: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[e]!);
}

/** Why the paragraph cannot be rewritten, or what it holds. */
function inspect(p: XmlNode): Inspected | string {
  const out: Inspected = { pPr: null, bookmarkStarts: [], bookmarkEnds: [], links: [], baseRPr: null };
  const visitRun = (run: XmlNode): string | null => {
    for (const k of childrenOf(run)) {
      const t = tagOf(k);
      if (t === undefined) continue;
      if (!RUN_TEXT.has(t)) return `it holds ${t}`;
      if (t === 'w:rPr' && !out.baseRPr && runText(run).trim()) out.baseRPr = k;
    }
    return null;
  };
  for (const c of childrenOf(p)) {
    const t = tagOf(c);
    if (t === undefined) continue;
    if (!CARRIED.has(t)) return `it holds ${t}`;
    if (t === 'w:pPr') out.pPr = c;
    else if (t === 'w:bookmarkStart') out.bookmarkStarts.push(c);
    else if (t === 'w:bookmarkEnd') out.bookmarkEnds.push(c);
    else if (t === 'w:r') {
      const why = visitRun(c);
      if (why) return why;
    } else if (t === 'w:hyperlink') {
      let text = '';
      let rPr: XmlNode | null = null;
      for (const k of childrenOf(c)) {
        const kt = tagOf(k);
        if (kt === undefined) continue;
        if (kt === 'w:bookmarkStart') { out.bookmarkStarts.push(k); continue; }
        if (kt === 'w:bookmarkEnd') { out.bookmarkEnds.push(k); continue; }
        if (kt !== 'w:r') return `its link holds ${kt}`;
        const why = visitRun(k);
        if (why) return why;
        rPr ??= childrenOf(k).find((x) => tagOf(x) === 'w:rPr') ?? null;
        text += runText(k);
      }
      out.links.push({ node: c, text, rPr });
    }
  }
  return out;
}

function baseRunProps(base: XmlNode | null): XmlNode[] {
  if (!base) return [];
  return childrenOf(base).filter((k) => { const t = tagOf(k); return t !== undefined && !STYLE_DECIDES.has(t); });
}

function makeRun(text: string, seg: Omit<RewriteSegment, 'text'>, base: XmlNode[]): XmlNode {
  const rPr = el('w:rPr', null, base.map((k) => cloneNode(k)));
  if (seg.bold) putRPrChild(rPr, el('w:b', null));
  if (seg.italic) putRPrChild(rPr, el('w:i', null));
  if (seg.smallCaps) putRPrChild(rPr, el('w:smallCaps', null));
  if (seg.superscript) putRPrChild(rPr, el('w:vertAlign', { 'w:val': 'superscript' }));
  else if (seg.subscript) putRPrChild(rPr, el('w:vertAlign', { 'w:val': 'subscript' }));
  const kids: XmlNode[] = [];
  if (childrenOf(rPr).length) kids.push(rPr);
  kids.push(el('w:t', { 'xml:space': 'preserve' }, [textNode(escapeXmlText(text))]));
  return el('w:r', null, kids);
}

/** Runs for the segments between two offsets of the entry text. */
function runsBetween(segments: RewriteSegment[], from: number, to: number, base: XmlNode[]): XmlNode[] {
  const out: XmlNode[] = [];
  let at = 0;
  for (const s of segments) {
    const a = Math.max(from, at);
    const b = Math.min(to, at + s.text.length);
    if (b > a) out.push(makeRun(s.text.slice(a - at, b - at), s, base));
    at += s.text.length;
  }
  return out;
}

/** The new paragraph content, or why the entry stays as it is. */
function rebuild(p: XmlNode, keep: Inspected, prefix: string, segments: RewriteSegment[]): XmlNode[] | string {
  const text = prefix + segments.map((s) => s.text).join('');
  const all: RewriteSegment[] = prefix ? [{ text: prefix }, ...segments] : segments;
  // Each link lands on the same text in the new entry (first occurrence after the previous link).
  const spans: Array<{ start: number; end: number; node: XmlNode; rPr: XmlNode | null }> = [];
  let from = 0;
  for (const l of keep.links) {
    const t = l.text.trim();
    if (!t) continue;
    let at = text.indexOf(t, from);
    if (at < 0) at = text.toLowerCase().indexOf(t.toLowerCase(), from);
    if (at < 0) return `its link on "${t.slice(0, 40)}" has no place in the new entry`;
    spans.push({ start: at, end: at + t.length, node: l.node, rPr: l.rPr });
    from = at + t.length;
  }
  const base = baseRunProps(keep.baseRPr);
  const content: XmlNode[] = [];
  if (keep.pPr) content.push(keep.pPr);
  content.push(...keep.bookmarkStarts);
  let pos = 0;
  for (const s of spans) {
    content.push(...runsBetween(all, pos, s.start, base));
    // the link's own look (Hyperlink style, colour) stays on its text
    const look = s.rPr ? childrenOf(s.rPr).filter((k) => tagOf(k) !== undefined) : base;
    const link: XmlNode = { 'w:hyperlink': runsBetween(all, s.start, s.end, look) };
    if (s.node[':@']) link[':@'] = s.node[':@'];
    content.push(link);
    pos = s.end;
  }
  content.push(...runsBetween(all, pos, text.length, base));
  content.push(...keep.bookmarkEnds);
  void p;
  return content;
}

function sameText(a: string, b: string): boolean {
  return a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();
}

/** The reference entries a rewrite works on, in list order. */
export function rewriteEntriesIn(targetById: Map<string, TargetCandidate>): BibEntry[] {
  return [...targetById.values()].filter((t): t is BibEntry => t.type === 'bibliography' && 'baseYear' in t);
}

/** The citation family of the in-text citations the scan found, or null (off, unknown). */
export function textFamilyOf(citeStyle: string | undefined): 'author-date' | 'numeric' | null {
  return citeStyle === 'author-year' ? 'author-date' : citeStyle === 'number' || citeStyle === 'superscript' ? 'numeric' : null;
}

/** What the rewrite does with one entry: computed the same way for apply and for a preview. */
export interface EntryPlan {
  entry: BibEntry;
  /** rewrite: new content below; unchanged: already in the style; kept: left as written (warning says why). */
  action: 'rewrite' | 'unchanged' | 'kept';
  /** The entry text after the rewrite (the text as written unless action is rewrite). */
  newText: string;
  /** The new entry as formatted segments, label prefix included (rewrite and unchanged). */
  segments: RewriteSegment[];
  content?: XmlNode[];
  warning?: string;
}

/** Plans the rewrite of every entry (renders the whole list at once, as citeproc needs for disambiguation). */
export function planBibliographyRewrite(entries: BibEntry[], renderer: BibliographyRenderer): EntryPlan[] {
  const inputs = entries.map((e) => {
    const typed = !(e.paragraph.numbering && /\d/.test(e.paragraph.numbering.text)) && e.printedLabel ? e.printedLabel : null;
    return { key: e.key, text: e.text, printedLabel: e.printedLabel ?? null, typedLabel: typed, doi: e.doi, url: e.url };
  });
  const { rendered, skipped } = renderer.render(inputs);
  const skippedWhy = new Map(skipped.map((s) => [s.key, s.reason]));
  return entries.map((e, i): EntryPlan => {
    const kept = (why: string): EntryPlan => ({ entry: e, action: 'kept', newText: e.text, segments: [{ text: e.text }], warning: `${labelOf(entries, e.key)}: left as written (${why})` });
    const r = rendered.get(e.key);
    if (!r) return kept(skippedWhy.get(e.key) ?? 'the style rendered nothing for it');
    const keep = inspect(e.paragraph.node);
    if (typeof keep === 'string') return kept(keep);
    // A typed label stays as typed ("[3] "); Word numbering stays in the paragraph properties.
    const typed = inputs[i]!.typedLabel;
    const lead = typed ? /^\s*/.exec(e.text)![0] : '';
    const prefix = typed && e.text.trimStart().startsWith(typed) ? e.text.slice(0, lead.length + typed.length) + ' ' : '';
    const segments: RewriteSegment[] = prefix ? [{ text: prefix }, ...r.segments] : r.segments;
    const newText = prefix + r.segments.map((s) => s.text).join('');
    if (sameText(newText, e.text)) return { entry: e, action: 'unchanged', newText: e.text, segments };
    const content = rebuild(e.paragraph.node, keep, prefix, r.segments);
    if (typeof content === 'string') return kept(content);
    return { entry: e, action: 'rewrite', newText, segments, content };
  });
}

/**
 * Rewrites the entries in place in the parsed parts held by `edit`. `records` (the links this apply
 * writes into the metadata part) get the new identity of each rewritten target.
 */
export function rewriteBibliography(edit: PackageEdit, entries: BibEntry[], renderer: BibliographyRenderer, records: PersistedLink[]): RewriteOutcome {
  const outcome: RewriteOutcome = { rewritten: 0, unchanged: 0, warnings: [] };
  const newHash = new Map<string, string>();
  const plans = planBibliographyRewrite(entries, renderer);
  for (const plan of plans) {
    if (plan.action === 'unchanged') { outcome.unchanged++; continue; }
    if (plan.action === 'kept') { outcome.warnings.push(plan.warning!); continue; }
    const p = plan.entry.paragraph.node;
    edit.edit(plan.entry.paragraph.part);
    p[tagOf(p)!] = plan.content!;
    outcome.rewritten++;
    newHash.set(plan.entry.key, targetHash(plan.newText));
  }
  for (const rec of records) {
    const h = rec.targetId ? newHash.get(rec.targetId) : undefined;
    if (h) rec.targetHash = h;
  }
  return outcome;
}

function labelOf(entries: BibEntry[], key: string): string {
  const e = entries.find((x) => x.key === key);
  return e ? (e.printedLabel ? `Reference ${e.printedLabel}` : `Reference ${e.refIndex}`) : key;
}
