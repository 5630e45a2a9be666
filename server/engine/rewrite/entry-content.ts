// The new content of one reference entry's paragraph: what it holds that a rewrite must keep (paragraph
// properties, bookmarks, links) or that holds it as written (fields, drawings, tracked changes), and the
// entry rebuilt as formatted runs with each link re-wrapped around the same text. Pure XML building.

import { putRPrChild } from '../link/rpr.ts';
import { childrenOf, cloneNode, el, escapeXmlText, tagOf, textNode, type XmlNode } from '../package/xml.ts';
import type { RewriteSegment } from '../citation-style-hooks.ts';
import { movedLink, type LinkMoves } from './link-moves.ts';
import { causeOf } from '../../../shared/causes.ts';
import type { ReasonCode } from '../../../shared/reasons.ts';

/** Paragraph children a rewrite keeps in place or can carry over; anything else holds the entry. */
const CARRIED = new Set(['w:pPr', 'w:r', 'w:hyperlink', 'w:bookmarkStart', 'w:bookmarkEnd', 'w:proofErr', 'w:permStart', 'w:permEnd']);
/** Run children that are plain text (anything else, e.g. a drawing, a field char or a note reference, holds the entry). */
const RUN_TEXT = new Set(['w:rPr', 'w:t', 'w:tab', 'w:br', 'w:softHyphen', 'w:noBreakHyphen', 'w:lastRenderedPageBreak']);
/** Formatting the style decides: removed from the entry's base run properties. */
const STYLE_DECIDES = new Set(['w:b', 'w:bCs', 'w:i', 'w:iCs', 'w:smallCaps', 'w:caps', 'w:vertAlign', 'w:u', 'w:rStyle', 'w:color', 'w:strike']);

export interface Inspected {
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
export function inspect(p: XmlNode): Inspected | ReasonCode {
  const out: Inspected = { pPr: null, bookmarkStarts: [], bookmarkEnds: [], links: [], baseRPr: null };
  const visitRun = (run: XmlNode): ReasonCode | null => {
    for (const k of childrenOf(run)) {
      const t = tagOf(k);
      if (t === undefined) continue;
      if (!RUN_TEXT.has(t)) return causeOf('holdsElement', { element: t });
      if (t === 'w:rPr' && !out.baseRPr && runText(run).trim()) out.baseRPr = k;
    }
    return null;
  };
  for (const c of childrenOf(p)) {
    const t = tagOf(c);
    if (t === undefined) continue;
    if (!CARRIED.has(t)) return causeOf('holdsElement', { element: t });
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
        if (kt !== 'w:r') return causeOf('linkHoldsElement', { element: kt });
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

/**
 * Why a link on one of `texts` would have no place in the new entry text, or null when each has one (its own text
 * in the new entry, or where `moves` sends it: link-moves.ts).
 */
export function unplacedLink(newText: string, texts: string[], moves?: LinkMoves): ReasonCode | null {
  const lower = newText.toLowerCase();
  const links = texts.map((raw) => raw.trim()).filter(Boolean);
  for (const t of links) {
    if (lower.includes(t.toLowerCase()) || movedLink(t, newText, 0, 0, links.length === 1, moves)) continue;
    return causeOf('linkUnplaced', { text: t.slice(0, 40) });
  }
  return null;
}

/**
 * The new paragraph content, or why the entry stays as it is. `moves`: where a link on the whole entry or on its
 * title lands when its text is not in the new entry (link-moves.ts).
 */
export function rebuild(p: XmlNode, keep: Inspected, prefix: string, segments: RewriteSegment[], dropNumbering = false, moves?: LinkMoves): XmlNode[] | ReasonCode {
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
    const span = at >= 0 ? { start: at, end: at + t.length } : movedLink(t, text, prefix.length, from, keep.links.filter((k) => k.text.trim()).length === 1, moves);
    if (!span) return causeOf('linkUnplaced', { text: t.slice(0, 40) });
    spans.push({ ...span, node: l.node, rPr: l.rPr });
    from = span.end;
  }
  const base = baseRunProps(keep.baseRPr);
  const content: XmlNode[] = [];
  if (keep.pPr) content.push(dropNumbering ? { 'w:pPr': childrenOf(keep.pPr).filter((k) => tagOf(k) !== 'w:numPr'), ...(keep.pPr[':@'] ? { ':@': keep.pPr[':@'] } : {}) } : keep.pPr);
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

export function sameText(a: string, b: string): boolean {
  return a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();
}

