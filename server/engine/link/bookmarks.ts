// Bookmarks at link targets: valid, unique names (at most 40 characters, letters, digits and
// underscore; a leading underscore hides them in Word), ids unique across the package's stories,
// and reuse of a bookmark the target already carries (_Ref..., _Toc..., or ours from an earlier run).

import type { TargetCandidate } from '../detect/types.ts';
import type { DocumentModel, ModelParagraph } from '../model/types.ts';
import { childrenOf, el, tagOf } from '../package/xml.ts';
import { BOOKMARK_PREFIX } from '../metadata/persisted.ts';
import { isolate, type Segment } from './runs.ts';

const MAX_BOOKMARK_NAME = 40;

export class BookmarkAllocator {
  private readonly names: Set<string>;
  private readonly lowerNames: Set<string>;
  private nextId: number;
  created = 0;
  reused = 0;

  constructor(model: DocumentModel) {
    this.names = new Set(model.bookmarkNames);
    this.lowerNames = new Set([...model.bookmarkNames].map((n) => n.toLowerCase()));
    this.nextId = Math.max(model.maxBookmarkId + 1, 0);
  }

  /** A fresh valid name derived from the target key. Word compares bookmark names case-insensitively. */
  name(key: string): string {
    const base = `${BOOKMARK_PREFIX}_${key.replace(/[^A-Za-z0-9_]/g, '_')}`.slice(0, MAX_BOOKMARK_NAME);
    let name = base;
    for (let n = 2; this.lowerNames.has(name.toLowerCase()); n++) {
      const suffix = `_${n}`;
      name = base.slice(0, MAX_BOOKMARK_NAME - suffix.length) + suffix;
    }
    this.names.add(name);
    this.lowerNames.add(name.toLowerCase());
    return name;
  }

  id(): string {
    return String(this.nextId++);
  }
}

/** A bookmark already at the start of the target that a link may reuse. */
export function reusableBookmark(t: TargetCandidate): string | undefined {
  const ok = t.paragraph.bookmarks.filter(
    (b) => b.start <= t.start + 1 && b.name !== '_GoBack' && /^[A-Za-z_][A-Za-z0-9_]{0,39}$/.test(b.name),
  );
  const rank = (n: string) => (n.startsWith(BOOKMARK_PREFIX) ? 0 : n.startsWith('_Ref') ? 1 : n.startsWith('_Toc') ? 2 : 3);
  ok.sort((a, b) => rank(a.name) - rank(b.name));
  return ok[0]?.name;
}

/** Whether [start, end) covers the paragraph's visible text apart from surrounding white space. */
export function coversParagraph(p: ModelParagraph, start: number, end: number): boolean {
  return p.text.slice(0, start).trim() === '' && p.text.slice(end).trim() === '';
}

/** Bookmark around the whole paragraph: start after w:pPr, end as the last child. */
export function bookmarkParagraph(p: ModelParagraph, name: string, id: string): void {
  const kids = childrenOf(p.node);
  const at = kids.length && tagOf(kids[0]!) === 'w:pPr' ? 1 : 0;
  kids.splice(at, 0, el('w:bookmarkStart', { 'w:id': id, 'w:name': name }));
  kids.push(el('w:bookmarkEnd', { 'w:id': id }));
}

/** Whether the range can carry a range bookmark (plain text runs, nothing held, one parent). */
export function canBookmarkRange(p: ModelParagraph, start: number, end: number): boolean {
  const ps = p.pieces.filter((x) => x.end > start && x.start < end);
  return ps.length > 0 && ps.every((x) => !x.hold && x.kind !== 'math' && x.runSiblings === ps[0]!.runSiblings);
}

/** Bookmark around [start, end) only (e.g. an equation label); runs are split at the boundaries. */
export function bookmarkRange(p: ModelParagraph, start: number, end: number, name: string, id: string): Segment[] {
  const segs = isolate(p, start, end);
  const firstSeg = segs[0]!, lastSeg = segs[segs.length - 1]!;
  const firstRun = firstSeg.runs[0]!, lastRun = lastSeg.runs[lastSeg.runs.length - 1]!;
  lastSeg.siblings.splice(lastSeg.siblings.indexOf(lastRun) + 1, 0, el('w:bookmarkEnd', { 'w:id': id }));
  firstSeg.siblings.splice(firstSeg.siblings.indexOf(firstRun), 0, el('w:bookmarkStart', { 'w:id': id, 'w:name': name }));
  return segs;
}

