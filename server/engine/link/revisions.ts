// Links and tracked changes. A tracked insertion or move (w:ins, w:moveTo: CT_RunTrackChange) may hold
// runs, but not a w:hyperlink, while a w:hyperlink may hold a w:ins: a link over inserted text is
// written around the insertion, the insertion split where the link starts and ends. The part left of
// the link keeps the original element (and its children array, which the model's pieces left of the
// link still hold: ranges are linked right to left); each new piece gets a revision id of its own.
// Deleted text (w:del, w:moveFrom) is never linked: it is not in the model's text, and a run range
// around it is split there (runs.ts, isBarrier).

import { REL, type DocxPackage } from '../package/docx.ts';
import { childrenOf, tagOf, type XmlDocument, type XmlNode } from '../package/xml.ts';
import { splitAtBarriers, type Segment } from './runs.ts';

/** Elements that may hold runs but not a w:hyperlink, and that a w:hyperlink may hold. */
const RUN_ONLY_REVISIONS = new Set(['w:ins', 'w:moveTo']);

/** The element whose children array is `siblings`, and the array holding that element; null at the top. */
function ownerOf(root: XmlNode, siblings: XmlNode[]): { node: XmlNode; parent: XmlNode[] } | null {
  const visit = (node: XmlNode): { node: XmlNode; parent: XmlNode[] } | null => {
    const kids = childrenOf(node);
    for (const k of kids) {
      if (tagOf(k) === undefined) continue;
      if (childrenOf(k) === siblings) return { node: k, parent: kids };
      const found = visit(k);
      if (found) return found;
    }
    return null;
  };
  return visit(root);
}

/** A copy of the revision element `like` (its attributes, a new id) holding `children`. */
function revisionLike(like: XmlNode, children: XmlNode[], newId: () => string): XmlNode {
  const tag = tagOf(like)!;
  const node: XmlNode = { [tag]: children };
  const attrs = like[':@'];
  if (attrs) node[':@'] = attrs['@_w:id'] === undefined ? attrs : { ...attrs, '@_w:id': newId() };
  return node;
}

/**
 * Moves a segment out of the insertions and moves that hold it: the element is split into the part
 * before the segment (the original element), the segment's own copy, and the part after; the segment
 * becomes that copy, one level up. Repeated while the holder is such an element.
 */
function liftSegment(paragraph: XmlNode, seg: Segment, newId: () => string): Segment {
  let cur = seg;
  for (;;) {
    const owner = ownerOf(paragraph, cur.siblings);
    if (!owner || !RUN_ONLY_REVISIONS.has(tagOf(owner.node)!)) return cur;
    const kids = cur.siblings;
    const i0 = kids.indexOf(cur.runs[0]!), i1 = kids.indexOf(cur.runs[cur.runs.length - 1]!);
    if (i0 < 0 || i1 < i0) throw new Error('segment runs are not in their parent');
    const right = kids.slice(i1 + 1);
    let own: XmlNode;
    const added: XmlNode[] = [];
    if (i0 === 0) {
      kids.splice(i1 + 1); // the original element holds the segment itself
      own = owner.node;
    } else {
      own = revisionLike(owner.node, kids.splice(i0, i1 - i0 + 1), newId);
      kids.splice(i0); // the original keeps what lies before the segment, in its own array
      added.push(own);
    }
    if (right.length) added.push(revisionLike(owner.node, right, newId));
    owner.parent.splice(owner.parent.indexOf(owner.node) + 1, 0, ...added);
    cur = { siblings: owner.parent, runs: [own] };
  }
}

/**
 * The segments of a link range with every insertion or move around them split so that the link can be
 * written around it; segments that end up side by side under one parent are joined (one w:hyperlink).
 */
export function liftOutOfRevisions(paragraph: XmlNode, segments: Segment[], newId: () => string): Segment[] {
  const out: Segment[] = [];
  for (const seg of segments) {
    const lifted = liftSegment(paragraph, seg, newId);
    const prev = out[out.length - 1];
    if (prev && prev.siblings === lifted.siblings) prev.runs.push(...lifted.runs);
    else out.push({ siblings: lifted.siblings, runs: [...lifted.runs] });
  }
  // Joined segments are split again where a field, a link or deleted text lies between them.
  return out.flatMap(splitAtBarriers);
}

/**
 * Revision ids for the pieces of split insertions: above every w:id the package's story parts use
 * (revisions, bookmarks and comments share the attribute; Word wants revision ids unique), read on
 * first use.
 */
export class RevisionIds {
  private next = -1;

  constructor(private readonly pkg: DocxPackage) {}

  private parts(): XmlDocument[] {
    const main = this.pkg.mainPart;
    const names = [main, this.pkg.related(main, REL.footnotes), this.pkg.related(main, REL.endnotes), this.pkg.related(main, REL.comments)];
    return names.filter((n): n is string => n !== undefined).map((n) => this.pkg.xml(n));
  }

  id(): string {
    if (this.next < 0) {
      let max = -1;
      const visit = (nodes: XmlNode[]): void => {
        for (const n of nodes) {
          if (tagOf(n) === undefined) continue;
          const v = n[':@']?.['@_w:id'];
          if (v !== undefined) { const x = Number(v); if (Number.isSafeInteger(x) && x > max) max = x; }
          visit(childrenOf(n));
        }
      };
      for (const doc of this.parts()) visit(doc.nodes);
      this.next = max + 1;
    }
    return String(this.next++);
  }
}
