// Bibliography rewrite at apply: each reference entry's runs are replaced by the entry as an injected
// renderer (server/csl, a CSL style) writes it, as formatted runs (italic, bold, small caps, super- and
// subscript). Kept: the paragraph properties (style, numbering), a typed label, the bookmarks on the
// entry, and every hyperlink in it (re-wrapped around the same text in the new entry). Entries the
// renderer cannot render faithfully, or whose content cannot be carried over (fields, tracked changes,
// a link whose text the new entry lacks) are left as they are and reported. Text outside the
// bibliography is never touched.

import type { BibRewriteResult, PersistedLink } from '../../../shared/contract.ts';
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
  /** rewrite: new content below; unchanged: already in the style; kept: cannot be rendered (warning says why). */
  action: 'rewrite' | 'unchanged' | 'kept';
  /** The entry text after the rewrite (the text as written unless action is rewrite). */
  newText: string;
  /** The new entry as formatted segments, label prefix included (rewrite and unchanged). */
  segments: RewriteSegment[];
  content?: XmlNode[];
  /** Why the entry cannot be rendered (kept). */
  lacks?: string;
  warning?: string;
}

/** The whole rewrite, planned before anything is written: every entry's plan, the list's new order, and the verdict. */
export interface RewritePlan {
  entries: EntryPlan[];
  /** Entry keys in the order the style sorts the list, when it differs from the list as written; else null. */
  order: string[] | null;
  result: BibRewriteResult;
}

export interface RewriteContext {
  /** The form of the in-text citations the scan found, or null (none found, citation linking off). */
  textFamily: 'author-date' | 'numeric' | null;
  /** bibRewritePartial: write the entries that can be rendered and keep the others as written. */
  partial: boolean;
}

/** The entry as the author knows it. */
function entryLabel(e: BibEntry): string {
  return e.printedLabel ? `Reference ${e.printedLabel.replace(/[.:)]$/, '')}` : `Reference ${e.refIndex}`;
}

/** Plans every entry (the whole list is rendered at once, as citeproc needs for sorting and disambiguation). */
function planEntries(entries: BibEntry[], renderer: BibliographyRenderer): { plans: EntryPlan[]; styleOrder: string[] } {
  const inputs = entries.map((e) => {
    const typed = !(e.paragraph.numbering && /\d/.test(e.paragraph.numbering.text)) && e.printedLabel ? e.printedLabel : null;
    return { key: e.key, text: e.text, printedLabel: e.printedLabel ?? null, typedLabel: typed, doi: e.doi, url: e.url };
  });
  const { rendered, skipped } = renderer.render(inputs);
  const skippedWhy = new Map(skipped.map((s) => [s.key, s.reason]));
  const plans = entries.map((e, i): EntryPlan => {
    const kept = (why: string): EntryPlan => ({ entry: e, action: 'kept', newText: e.text, segments: [{ text: e.text }], lacks: why, warning: `${entryLabel(e)}: ${why}` });
    const r = rendered.get(e.key);
    if (!r) return kept(skippedWhy.get(e.key) ?? 'the style rendered nothing for it');
    const keep = inspect(e.paragraph.node);
    if (typeof keep === 'string') return kept(keep);
    // A typed label stays as typed ("[3] "); Word numbering stays in the paragraph properties.
    const typed = inputs[i]!.typedLabel;
    const lead = /^\s*/.exec(e.text)![0];
    const prefix = typed && e.text.trimStart().startsWith(typed) ? e.text.slice(0, lead.length + typed.length) + ' ' : '';
    const segments: RewriteSegment[] = prefix ? [{ text: prefix }, ...r.segments] : r.segments;
    const newText = prefix + r.segments.map((s) => s.text).join('');
    if (sameText(newText, e.text)) return { entry: e, action: 'unchanged', newText: e.text, segments };
    const content = rebuild(e.paragraph.node, keep, prefix, r.segments);
    if (typeof content === 'string') return kept(content);
    return { entry: e, action: 'rewrite', newText, segments, content };
  });
  return { plans, styleOrder: [...rendered.keys()] };
}

/** The citation forms a rewrite can write: anything else (note styles, label styles) is refused. */
const FORMS = new Set(['numeric', 'author-date']);

/**
 * Plans the rewrite of the whole list and decides: every entry in the style, or nothing written (refused, with
 * the reason and the entries that block it); with `partial`, the entries that cannot be rendered are kept and named.
 */
export function planRewrite(entries: BibEntry[], renderer: BibliographyRenderer, ctx: RewriteContext): RewritePlan {
  const base = { cslId: renderer.styleId, family: renderer.family };
  const refuse = (reason: string, plans: EntryPlan[] = [], blockers: EntryPlan[] = []): RewritePlan => ({
    entries: plans, order: null,
    result: { ...base, outcome: 'refused', reason, rewritten: 0, unchanged: 0, entries: blockers.map((b) => ({ refId: b.entry.key, label: entryLabel(b.entry), lacks: b.lacks ?? '' })) },
  });
  if (!FORMS.has(renderer.family)) {
    return refuse(`${renderer.styleId} is a ${renderer.family} style (citations in ${renderer.family === 'note' ? 'footnotes' : 'its own form'}); the rewrite writes numeric and author-date styles only`);
  }
  const numbered = entries.some((e) => e.printedLabel || e.paragraph.numbering?.text);
  const listForm = numbered ? 'numeric' : 'author-date';
  const from = ctx.textFamily ?? listForm;
  if (from !== renderer.family) {
    return refuse(`the manuscript cites in ${from} form and ${renderer.styleId} is ${renderer.family}: converting the in-text citations between forms is not done, so the list is left as it is`);
  }
  if (listForm !== renderer.family) {
    return refuse(`the reference list is ${listForm} and ${renderer.styleId} is ${renderer.family}: converting the list between forms is not done`);
  }
  const { plans, styleOrder } = planEntries(entries, renderer);
  const kept = plans.filter((p) => p.action === 'kept');
  if (kept.length && !ctx.partial) {
    return refuse(`${kept.length} of ${entries.length} entries cannot be rendered in ${renderer.styleId} (listed); nothing was rewritten. Resolve them, complete them, or ask for a partial rewrite (bibRewritePartial)`, plans, kept);
  }
  // The list's order: rendered entries in the style's order, kept ones (partial) in their places.
  const written = plans.filter((p) => p.action !== 'kept').map((p) => p.entry.key);
  let order: string[] | null = null;
  if (styleOrder.join('\n') !== written.join('\n')) {
    if (numbered) return refuse(`${renderer.styleId} orders the list differently and renumbering the list and its citations is not done`, plans);
    const slots = [...styleOrder];
    order = plans.map((p) => (p.action === 'kept' ? p.entry.key : slots.shift()!));
  }
  const rewritten = plans.filter((p) => p.action === 'rewrite').length;
  const unchanged = plans.filter((p) => p.action === 'unchanged').length;
  return {
    entries: plans, order,
    result: {
      ...base, outcome: kept.length ? 'partial' : 'rewritten', rewritten, unchanged,
      entries: kept.map((b) => ({ refId: b.entry.key, label: entryLabel(b.entry), lacks: b.lacks ?? '' })),
    },
  };
}

/** Puts the entries' paragraphs in the plan's order (they move with their bookmarks and links). False when they are not siblings. */
function reorder(edit: PackageEdit, entries: BibEntry[], order: string[]): boolean {
  const part = entries[0]!.paragraph.part;
  if (entries.some((e) => e.paragraph.part !== part)) return false;
  const nodes = new Set(entries.map((e) => e.paragraph.node));
  const holder = siblingsOf(edit.edit(part).nodes, nodes);
  if (!holder) return false;
  const slots = holder.map((n, i) => (nodes.has(n) ? i : -1)).filter((i) => i >= 0);
  if (slots.length !== entries.length) return false;
  const byKey = new Map(entries.map((e) => [e.key, e.paragraph.node]));
  slots.forEach((slot, i) => { holder[slot] = byKey.get(order[i]!)!; });
  return true;
}

/** The children array that holds one of the nodes (all must share it for a reorder). */
function siblingsOf(root: XmlNode[], nodes: Set<XmlNode>): XmlNode[] | null {
  const stack: XmlNode[][] = [root];
  while (stack.length) {
    const arr = stack.pop()!;
    if (arr.some((n) => nodes.has(n))) return arr;
    for (const n of arr) {
      const t = tagOf(n);
      if (t && t !== 'w:p') stack.push(childrenOf(n));
    }
  }
  return null;
}

/**
 * Carries out a plan in the parsed parts held by `edit` (nothing when it was refused). `records` (the links this
 * apply writes into the metadata part) get the new identity of each rewritten target.
 */
export function rewriteBibliography(edit: PackageEdit, plan: RewritePlan, records: PersistedLink[]): RewriteOutcome {
  const outcome: RewriteOutcome = { rewritten: 0, unchanged: 0, warnings: [] };
  if (plan.result.outcome === 'refused') return outcome;
  const newHash = new Map<string, string>();
  for (const p of plan.entries) {
    if (p.action === 'unchanged') { outcome.unchanged++; continue; }
    if (p.action === 'kept') { outcome.warnings.push(`${p.warning!} (kept as written: partial rewrite)`); continue; }
    const node = p.entry.paragraph.node;
    edit.edit(p.entry.paragraph.part);
    node[tagOf(node)!] = p.content!;
    outcome.rewritten++;
    newHash.set(p.entry.key, targetHash(p.newText));
  }
  if (plan.order && !reorder(edit, plan.entries.map((p) => p.entry), plan.order)) {
    outcome.warnings.push('Bibliography rewrite: the entries are not consecutive paragraphs of one part, so the list keeps its order');
  }
  for (const rec of records) {
    const h = rec.targetId ? newHash.get(rec.targetId) : undefined;
    if (h) rec.targetHash = h;
  }
  return outcome;
}

/** The one-line summary of a rewrite's outcome (the first warning of an apply that asked for one). */
export function rewriteSummary(r: BibRewriteResult, total: number): string {
  if (r.outcome === 'refused') {
    const list = r.entries.map((e) => `${e.label}: ${e.lacks}`).join('; ');
    return `Bibliography rewrite refused (${r.cslId}): ${r.reason}.${list ? ` ${list}.` : ''}`;
  }
  const kept = r.entries.length ? `, ${r.entries.length} kept as written (partial rewrite: ${r.entries.map((e) => e.label).join(', ')})` : '';
  return `Bibliography rewrite (${r.cslId}): ${total} entries, ${r.rewritten} rewritten, ${r.unchanged} already in the style${kept}.`;
}
