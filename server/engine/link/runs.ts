// Run splitting: isolates [start, end) of a paragraph into whole runs, splitting the first and
// last run exactly at the boundaries. The split pieces keep every run property: both halves share
// the w:rPr element (LinkLook.style copies it before changing it) and the run's attribute object
// (attribute objects are replaced, never changed). Runs are never merged. Works right to left:
// callers must process ranges of one paragraph from the last to the first, so that the model's
// pieces left of a split stay valid.
//
// A run's own children array is replaced rather than changed in place (nothing but the run holds it;
// the model's pieces hold the run and its parent's array, which is changed in place): splice and
// unshift leave an array with spare capacity (17 to 20 slots for one or two children), which on the
// synthetic manuscript's 17,000 links kept about 10 MB of empty slots alive until the output was written.

import type { ModelParagraph, Piece } from '../model/types.ts';
import { childrenOf, escapeXmlText, rawText, tagOf, textNode, unescapeXml, type XmlAttrs, type XmlNode } from '../package/xml.ts';
import { piecesIn } from '../model/queries.ts';

/** Consecutive runs under one parent (one siblings array): one w:hyperlink wraps them. */
export interface Segment {
  siblings: XmlNode[];
  /** The runs of the range, in order, all in `siblings`. */
  runs: XmlNode[];
}

const isContent = (n: XmlNode) => { const t = tagOf(n); return t !== undefined && t !== 'w:rPr'; };

/** Splits `run` before its child at index i; returns the new right run (inserted after it), or null when one side would be empty. */
function splitRunBefore(run: XmlNode, siblings: XmlNode[], i: number): XmlNode | null {
  const tag = tagOf(run)!;
  const kids = childrenOf(run);
  if (!hasContent(kids, i, kids.length) || !hasContent(kids, 0, i)) return null;
  const rPr = kids.find((k) => tagOf(k) === 'w:rPr');
  const moved = kids.slice(i);
  (run as Record<string, unknown>)[tag] = kids.slice(0, i);
  const right: XmlNode = { [tag]: rPr ? [rPr].concat(moved) : moved };
  if (run[':@']) right[':@'] = run[':@']; // attribute objects are replaced, never changed (setAttr): both halves may share it
  const at = siblings.indexOf(run);
  siblings.splice(at < 0 ? siblings.length : at + 1, 0, right);
  return right;
}

function hasContent(kids: XmlNode[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (isContent(kids[i]!)) return true;
  return false;
}

/** The node's attributes with xml:space="preserve" (its own object when it already says so). */
function preserving(node: XmlNode): XmlAttrs {
  const a = node[':@'];
  return a?.['@_xml:space'] === 'preserve' ? a : { ...a, '@_xml:space': 'preserve' };
}

/** Splits a w:t at a code-unit offset of its visible text; returns the new right w:t inserted after it in the run. */
function splitText(run: XmlNode, node: XmlNode, at: number): XmlNode {
  const text = unescapeXml(rawText(node));
  const tag = tagOf(node)!;
  const left = text.slice(0, at), right = text.slice(at);
  const own = childrenOf(node);
  if (left && own.length === 1 && own[0]!['#text'] !== undefined) own[0]!['#text'] = escapeXmlText(left);
  else (node as Record<string, unknown>)[tag] = left ? [textNode(escapeXmlText(left))] : [];
  const attrs = preserving(node);
  node[':@'] = attrs;
  const rightNode: XmlNode = { [tag]: right ? [textNode(escapeXmlText(right))] : [], ':@': attrs };
  const kids = childrenOf(run);
  const after = kids.indexOf(node) + 1;
  (run as Record<string, unknown>)[tagOf(run)!] = kids.slice(0, after).concat([rightNode], kids.slice(after));
  return rightNode;
}

/** Makes `offset` a run boundary inside piece p (p.start <= offset < p.end); returns the run starting at offset, or p.run when no split was needed. */
function cutAt(p: Piece, offset: number): XmlNode {
  let node = p.node;
  if (offset > p.start) {
    if (p.kind !== 'text') throw new Error('cannot split a non-text piece');
    node = splitText(p.run, p.node, offset - p.start);
  }
  const right = splitRunBefore(p.run, p.runSiblings, childrenOf(p.run).indexOf(node));
  return right ?? p.run;
}

/** Cuts after piece p at offset (p.start < offset <= p.end): the in-range part stays in p.run. */
function cutAfter(p: Piece, offset: number): void {
  if (offset < p.end) {
    if (p.kind !== 'text') throw new Error('cannot split a non-text piece');
    const right = splitText(p.run, p.node, offset - p.start);
    splitRunBefore(p.run, p.runSiblings, childrenOf(p.run).indexOf(right));
    return;
  }
  splitRunBefore(p.run, p.runSiblings, childrenOf(p.run).indexOf(p.node) + 1);
}

/** Isolates [start, end) into whole runs and returns them grouped by parent. */
export function isolate(paragraph: ModelParagraph, start: number, end: number): Segment[] {
  const ps = piecesIn(paragraph, start, end);
  if (!ps.length) return [];
  const first = ps[0]!, last = ps[ps.length - 1]!;
  cutAfter(last, Math.min(end, last.end));
  const firstRun = cutAt(first, Math.max(start, first.start));
  const runs: { run: XmlNode; siblings: XmlNode[] }[] = [];
  for (const p of ps) {
    const run = p.run === first.run ? firstRun : p.run;
    if (runs.length && runs[runs.length - 1]!.run === run) continue;
    runs.push({ run, siblings: p.runSiblings });
  }
  const segments: Segment[] = [];
  for (const r of runs) {
    const seg = segments[segments.length - 1];
    if (seg && seg.siblings === r.siblings) seg.runs.push(r.run);
    else segments.push({ siblings: r.siblings, runs: [r.run] });
  }
  return segments.flatMap(splitAtBarriers);
}

/**
 * A node that must not end up inside a w:hyperlink: a run carrying a field character or instruction, a
 * link, field or content control, or deleted text (a link never covers deleted text: were the deletion
 * rejected, its text would come back linked).
 */
function isBarrier(n: XmlNode): boolean {
  const t = tagOf(n);
  if (t === 'w:r') return childrenOf(n).some((k) => { const kt = tagOf(k); return kt === 'w:fldChar' || kt === 'w:instrText'; });
  return t === 'w:hyperlink' || t === 'w:fldSimple' || t === 'w:sdt' || t === 'w:del' || t === 'w:moveFrom';
}

/** Splits a segment where nodes between its runs are barriers. */
export function splitAtBarriers(seg: Segment): Segment[] {
  if (seg.runs.length < 2) return [seg];
  const i0 = seg.siblings.indexOf(seg.runs[0]!), i1 = seg.siblings.indexOf(seg.runs[seg.runs.length - 1]!);
  const wanted = new Set(seg.runs);
  const out: Segment[] = [];
  let cur: XmlNode[] = [];
  for (let i = i0; i <= i1; i++) {
    const n = seg.siblings[i]!;
    if (wanted.has(n)) cur.push(n);
    else if (isBarrier(n) && cur.length) { out.push({ siblings: seg.siblings, runs: cur }); cur = []; }
  }
  if (cur.length) out.push({ siblings: seg.siblings, runs: cur });
  return out;
}

/** Replaces the nodes from the segment's first to last run with `wrapper`, which receives them as its children
 * (after any it already has). */
export function wrapSegment(seg: Segment, wrapper: XmlNode): void {
  const i0 = seg.siblings.indexOf(seg.runs[0]!), i1 = seg.siblings.indexOf(seg.runs[seg.runs.length - 1]!);
  if (i0 < 0 || i1 < i0) throw new Error('segment runs are not in their parent');
  const inner = seg.siblings.splice(i0, i1 - i0 + 1, wrapper);
  const own = childrenOf(wrapper);
  (wrapper as Record<string, unknown>)[tagOf(wrapper)!] = own.length ? own.concat(inner) : inner;
}
