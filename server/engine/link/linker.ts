// Executes link plans on the parsed parts: bookmarks at targets, w:hyperlink w:anchor around
// internal matches, w:hyperlink r:id (external relationship) around DOIs and title links. Ranges of
// one paragraph are applied from right to left, so the model's offsets stay valid while runs split.

import type { MatchKind, PersistedLink } from '../../../shared/contract.ts';
import type { BibEntry, TargetCandidate } from '../detect/types.ts';
import type { ModelParagraph } from '../model/types.ts';
import { REL } from '../package/docx.ts';
import { attr, childrenOf, el, rootOf, setAttr, tagOf, type XmlNode } from '../package/xml.ts';
import { piecesIn } from '../review/holds.ts';
import { BookmarkAllocator, bookmarkParagraph, bookmarkRange, canBookmarkRange, coversParagraph, reusableBookmark } from './bookmarks.ts';
import { doiUrl } from './decisions.ts';
import type { PackageEdit } from './package-edit.ts';
import { targetHash, targetText } from './persisted.ts';
import { styleLinkRun, type Appearance } from './rpr.ts';
import { isolate, wrapSegment } from './runs.ts';

export interface LinkRequest {
  paragraph: ModelParagraph;
  start: number;
  end: number;
  kind: MatchKind;
  /** Internal target, or an external URL. */
  target?: TargetCandidate;
  url?: string;
  /** What the link counts as in the statistics ('title' for reference title links). */
  stat: string;
  /** Called with the outcome (written, or the reason it was not). */
  done?: (written: boolean, reason?: string) => void;
}

interface Op {
  paragraph: ModelParagraph;
  start: number;
  end: number;
  run: () => void;
  req?: LinkRequest;
}

export interface LinkerResult {
  written: LinkRequest[];
  records: PersistedLink[];
  segments: number;
  warnings: string[];
}

export class Linker {
  private readonly ops = new Map<ModelParagraph, Op[]>();
  private readonly paragraphBookmarks: { p: ModelParagraph; name: string; id: string }[] = [];
  private readonly anchors = new Map<string, string>();
  private readonly pendingRange = new Map<string, { t: TargetCandidate; name: string }>();
  private readonly relCache = new Map<string, string>();
  private readonly result: LinkerResult = { written: [], records: [], segments: 0, warnings: [] };

  constructor(
    private readonly edit: PackageEdit,
    readonly bookmarks: BookmarkAllocator,
    private readonly internalLook: Appearance,
    private readonly externalLook: Appearance,
  ) {}

  /** Queues a link; returns false (with a reason) when the range cannot be linked. */
  add(req: LinkRequest): string | null {
    const ps = piecesIn(req.paragraph, req.start, req.end);
    if (!ps.length) return 'no text to link';
    const held = ps.find((p) => p.hold || p.kind === 'math');
    if (held) return held.hold === 'existing-hyperlink' ? 'already inside a hyperlink' : `inside ${held.hold ?? 'math'}`;
    const list = this.ops.get(req.paragraph) ?? [];
    if (list.some((o) => o.req && o.start < req.end && o.end > req.start)) return 'overlaps another link';
    if (req.target) this.anchorFor(req.target);
    list.push({ paragraph: req.paragraph, start: req.start, end: req.end, req, run: () => this.wrap(req) });
    this.ops.set(req.paragraph, list);
    return null;
  }

  /** The bookmark name a target's links use: an existing one, or a new one (created when executed). */
  anchorFor(t: TargetCandidate): string {
    let name = this.anchors.get(t.key);
    if (name) return name;
    const existing = reusableBookmark(t);
    if (existing) { this.bookmarks.reused++; name = existing; }
    else { name = this.bookmarks.name(t.key); this.pendingRange.set(t.key, { t, name }); }
    this.anchors.set(t.key, name);
    return name;
  }

  private wrap(req: LinkRequest): void {
    const segs = isolate(req.paragraph, req.start, req.end);
    let wrapperAttrs: Record<string, string>;
    let look: Appearance;
    if (req.target) {
      wrapperAttrs = { 'w:anchor': this.anchors.get(req.target.key)!, 'w:history': '1' };
      look = this.internalLook;
    } else {
      const part = req.paragraph.part;
      const id = this.edit.relationship(part, REL.hyperlink, req.url!, true, this.relCache);
      this.ensureRNamespace(part);
      wrapperAttrs = { 'r:id': id, 'w:history': '1' };
      look = this.externalLook;
    }
    for (const seg of segs) {
      for (const r of seg.runs) styleLinkRun(r, look);
      wrapSegment(seg, el('w:hyperlink', wrapperAttrs, []));
    }
    this.result.segments += segs.length;
    this.result.written.push(req);
    const sourceText = req.paragraph.text.slice(req.start, req.end);
    this.result.records.push(
      req.target
        ? { anchor: wrapperAttrs['w:anchor']!, kind: req.kind, targetId: req.target.key, targetHash: targetHash(targetText(req.target)), sourceText, part: req.paragraph.part }
        : { anchor: req.url!, kind: req.kind, external: true, targetHash: targetHash(req.url!), sourceText, part: req.paragraph.part },
    );
    req.done?.(true);
  }

  private ensureRNamespace(part: string): void {
    const root = rootOf(this.edit.edit(part));
    if (attr(root, 'xmlns:r') === undefined) setAttr(root, 'xmlns:r', 'http://schemas.openxmlformats.org/officeDocument/2006/relationships');
  }

  /** Re-points our existing link around an identity-changed match at a new target. */
  relink(p: ModelParagraph, start: number, end: number, t: TargetCandidate, kind: MatchKind): boolean {
    const piece = piecesIn(p, start, end)[0];
    if (!piece) return false;
    const link = findHyperlinkAround(p.node, piece.run);
    if (!link) return false;
    const name = this.anchorFor(t);
    setAttr(link, 'w:anchor', name);
    this.edit.edit(p.part);
    this.result.records.push({ anchor: name, kind, targetId: t.key, targetHash: targetHash(targetText(t)), sourceText: p.text.slice(start, end), part: p.part });
    return true;
  }

  /** Runs every queued operation: links and range bookmarks right to left per paragraph, then paragraph bookmarks. */
  execute(): LinkerResult {
    // New bookmarks are created only for targets some written link uses.
    for (const { t, name } of this.pendingRange.values()) {
      const id = this.bookmarks.id();
      const list = this.ops.get(t.paragraph) ?? [];
      const overlaps = list.some((o) => o.start < t.end && o.end > t.start);
      if (!coversParagraph(t.paragraph, t.start, t.end) && !overlaps && canBookmarkRange(t.paragraph, t.start, t.end)) {
        list.push({ paragraph: t.paragraph, start: t.start, end: t.end, run: () => { bookmarkRange(t.paragraph, t.start, t.end, name, id); } });
        this.ops.set(t.paragraph, list);
      } else {
        this.paragraphBookmarks.push({ p: t.paragraph, name, id });
      }
      this.bookmarks.created++;
    }
    for (const [p, list] of this.ops) {
      list.sort((a, b) => b.start - a.start || b.end - a.end);
      for (const op of list) op.run();
      this.edit.edit(p.part);
    }
    for (const { p, name, id } of this.paragraphBookmarks) {
      bookmarkParagraph(p, name, id);
      this.edit.edit(p.part);
    }
    return this.result;
  }
}

/** The w:hyperlink element (inside paragraph `p`) whose subtree holds `run`. */
export function findHyperlinkAround(p: XmlNode, run: XmlNode): XmlNode | undefined {
  const path: XmlNode[] = [];
  const visit = (n: XmlNode): boolean => {
    if (n === run) return true;
    if (tagOf(n) === undefined) return false;
    path.push(n);
    for (const c of childrenOf(n)) if (visit(c)) return true;
    path.pop();
    return false;
  };
  if (!visit(p)) return undefined;
  for (let i = path.length - 1; i >= 0; i--) if (tagOf(path[i]!) === 'w:hyperlink') return path[i];
  return undefined;
}

/** Range of a reference entry to link to its DOI: its title, else the entry without its leading label. */
export function referenceLinkRange(t: TargetCandidate): { start: number; end: number } | null {
  const text = t.paragraph.text;
  const title = (t as Partial<BibEntry>).titleText?.trim();
  if (title && title.length >= 3) {
    let at = text.indexOf(title, t.start);
    if (at < 0 || at >= t.end) at = text.toLowerCase().indexOf(title.toLowerCase(), t.start);
    if (at >= 0 && at + title.length <= t.end) return { start: at, end: at + title.length };
  }
  const entry = text.slice(t.start, t.end);
  const label = /^\s*(?:\[\d+\]|\d+[.)]?)?\s*/.exec(entry)?.[0].length ?? 0;
  let end = t.end;
  while (end > t.start + label && /\s/.test(text[end - 1]!)) end--;
  return end > t.start + label ? { start: t.start + label, end } : null;
}

export { doiUrl };
