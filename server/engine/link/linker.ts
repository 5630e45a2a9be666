// Executes link plans on the parsed parts: bookmarks at targets, w:hyperlink w:anchor around
// internal matches, w:hyperlink r:id (external relationship) around DOIs and title links. Ranges of
// one paragraph are applied from right to left, so the model's offsets stay valid while runs split.

import { causeOf } from '../../../shared/causes.ts';
import type { ReasonCode } from '../../../shared/reasons.ts';
import type { MatchKind, PersistedLink, StatCategory } from '../../../shared/contract.ts';
import type { TargetCandidate } from '../detect/types.ts';
import type { ModelParagraph } from '../model/types.ts';
import { REL } from '../package/docx.ts';
import { attr, childrenOf, cloneNode, el, escapeXmlText, rootOf, setAttr, tagOf, textNode, type XmlAttrs, type XmlNode } from '../package/xml.ts';
import { piecesIn } from '../model/queries.ts';
import { BookmarkAllocator, bookmarkParagraph, bookmarkRange, canBookmarkRange, coversParagraph, reusableBookmark } from './bookmarks.ts';
import type { PackageEdit } from '../package/edit.ts';
import { targetHash, targetText } from '../metadata/persisted.ts';
import { LinkLook, putRPrChild, type Appearance } from './rpr.ts';
import { liftOutOfRevisions, RevisionIds } from './revisions.ts';
import { isolate, wrapSegment } from './runs.ts';

export interface LinkRequest {
  paragraph: ModelParagraph;
  start: number;
  end: number;
  kind: MatchKind;
  /** Internal target, or an external URL. */
  target?: TargetCandidate;
  url?: string;
  /** The ApplyResult category the link counts in. */
  category: StatCategory;
  /** Set on a reference's DOI link: whether the DOI was in the entry (or a link_only decision) or came from a resolved work. */
  reference?: 'entry' | 'resolvedWork';
}

/** New text for a range of a paragraph (a renumbered citation): plain pieces and linked ones. */
export interface TextReplacement {
  paragraph: ModelParagraph;
  start: number;
  end: number;
  kind: MatchKind;
  category: StatCategory;
  /** Each piece in the range's first run's look; a piece with a target is linked to it. */
  pieces: Array<{ text: string; target?: TargetCandidate; superscript?: boolean; italic?: boolean }>;
  /** The pieces set their own vertical alignment and italics: the first run's are dropped. */
  plain?: boolean;
}

/** One queued edit of a paragraph: a link, new text, or the bookmark around a target range. Plain data (no closure per link). */
interface Op {
  start: number;
  end: number;
  req?: LinkRequest;
  replace?: TextReplacement;
  bookmark?: { name: string; id: string };
}

export interface LinkerResult {
  written: LinkRequest[];
  records: PersistedLink[];
  segments: number;
}

export class Linker {
  private readonly ops = new Map<ModelParagraph, Op[]>();
  private readonly paragraphBookmarks: { p: ModelParagraph; name: string; id: string }[] = [];
  private readonly anchors = new Map<string, string>();
  private readonly pendingRange = new Map<string, { t: TargetCandidate; name: string }>();
  private readonly result: LinkerResult = { written: [], records: [], segments: 0 };
  /** w:hyperlink attributes by anchor or relationship id, shared by every link to it (never changed in place). */
  private readonly wrapperAttrs = new Map<string, XmlAttrs>();
  /** Identity hash of each target's text, by target key. */
  private readonly hashes = new Map<string, string>();
  private readonly internalLook: LinkLook;
  private readonly externalLook: LinkLook;
  /** Ids for the pieces of tracked insertions split around links. */
  private readonly revisionIds: RevisionIds;
  private readonly revisionId = (): string => this.revisionIds.id();

  constructor(
    private readonly edit: PackageEdit,
    readonly bookmarks: BookmarkAllocator,
    internalLook: Appearance,
    externalLook: Appearance,
  ) {
    this.internalLook = new LinkLook(internalLook);
    this.externalLook = new LinkLook(externalLook);
    this.revisionIds = new RevisionIds(edit.pkg);
  }

  /** Queues a link; returns false (with a reason) when the range cannot be linked. */
  add(req: LinkRequest): ReasonCode | null {
    const ps = piecesIn(req.paragraph, req.start, req.end);
    if (!ps.length) return causeOf('noTextToLink', {});
    const held = ps.find((p) => p.hold || p.kind === 'math');
    if (held) return held.hold === 'existing-hyperlink' ? causeOf('alreadyLinked', {}) : causeOf('insideHold', { hold: held.hold ?? 'math' });
    const list = this.ops.get(req.paragraph) ?? [];
    if (list.some((o) => (o.req || o.replace) && o.start < req.end && o.end > req.start)) return causeOf('overlapsLink', {});
    if (req.target) this.anchorFor(req.target);
    list.push({ start: req.start, end: req.end, req });
    this.ops.set(req.paragraph, list);
    return null;
  }

  /** Queues new text for a range (its own links inside); returns why it cannot be written, or null. */
  replace(rep: TextReplacement): ReasonCode | null {
    const ps = piecesIn(rep.paragraph, rep.start, rep.end);
    if (!ps.length) return causeOf('noTextToReplace', {});
    const held = ps.find((p) => p.hold || p.kind !== 'text');
    if (held) return held.hold ? causeOf('insideHold', { hold: held.hold }) : causeOf('holdsKind', { kind: held.kind });
    // Links queued on the old text inside the range give way (the new pieces carry their own).
    const list = (this.ops.get(rep.paragraph) ?? []).filter((o) => !(o.req && o.start >= rep.start && o.end <= rep.end));
    if (list.some((o) => (o.req || o.replace) && o.start < rep.end && o.end > rep.start)) return causeOf('overlapsLink', {});
    for (const piece of rep.pieces) if (piece.target) this.anchorFor(piece.target);
    list.push({ start: rep.start, end: rep.end, replace: rep });
    this.ops.set(rep.paragraph, list);
    return null;
  }

  /** The text of each link queued in a paragraph (what apply will have linked there). */
  queuedTexts(p: ModelParagraph): string[] {
    return (this.ops.get(p) ?? []).filter((o) => o.req).map((o) => p.text.slice(o.start, o.end));
  }

  /** Writes a replacement: the range's runs give way to one run per piece (the first run's properties), linked pieces wrapped. */
  private writeReplacement(rep: TextReplacement): void {
    const segs = isolate(rep.paragraph, rep.start, rep.end);
    const runs = segs.flatMap((sg) => sg.runs);
    const first = runs[0];
    if (!first) return;
    const siblings = segs[0]!.siblings;
    const rPr = childrenOf(first).find((k) => tagOf(k) === 'w:rPr');
    const OWN = new Set(['w:vertAlign', 'w:i', 'w:iCs']);
    const nodes: XmlNode[] = rep.pieces.map((piece) => {
      const props = rPr ? cloneNode(rPr) : el('w:rPr', null);
      if (rep.plain) {
        (props as Record<string, unknown>)['w:rPr'] = childrenOf(props).filter((k) => !OWN.has(tagOf(k) ?? ''));
        if (piece.italic) putRPrChild(props, el('w:i', null));
        if (piece.superscript) putRPrChild(props, el('w:vertAlign', { 'w:val': 'superscript' }));
      }
      const run = el('w:r', null, [...(childrenOf(props).length ? [props] : []), el('w:t', { 'xml:space': 'preserve' }, [textNode(escapeXmlText(piece.text))])]);
      if (!piece.target) return run;
      const key = this.anchors.get(piece.target.key)!;
      let attrs = this.wrapperAttrs.get(key);
      if (!attrs) { attrs = el('w:hyperlink', { 'w:anchor': key, 'w:history': '1' })[':@']!; this.wrapperAttrs.set(key, attrs); }
      this.internalLook.style(run);
      this.result.segments++;
      this.result.written.push({ paragraph: rep.paragraph, start: rep.start, end: rep.end, kind: rep.kind, target: piece.target, category: rep.category });
      this.result.records.push({ anchor: key, kind: rep.kind, targetId: piece.target.key, targetHash: this.hashOf(piece.target), sourceText: piece.text, part: rep.paragraph.part });
      return { 'w:hyperlink': [run], ':@': attrs };
    });
    // The runs of the range go (they were isolated whole); anything else between them (a bookmark) stays after the new text.
    for (const sg of segs) for (const r of sg.runs) { const at = sg.siblings.indexOf(r); if (r !== first && at >= 0) sg.siblings.splice(at, 1); }
    siblings.splice(siblings.indexOf(first), 1, ...nodes);
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
    const runs = isolate(req.paragraph, req.start, req.end);
    let key: string;
    let look: LinkLook;
    if (req.target) {
      key = this.anchors.get(req.target.key)!;
      look = this.internalLook;
    } else {
      const part = req.paragraph.part;
      key = this.edit.relationship(part, REL.hyperlink, req.url!, true);
      this.ensureRNamespace(part);
      look = this.externalLook;
    }
    let attrs = this.wrapperAttrs.get(key);
    if (!attrs) {
      attrs = el('w:hyperlink', req.target ? { 'w:anchor': key, 'w:history': '1' } : { 'r:id': key, 'w:history': '1' })[':@']!;
      this.wrapperAttrs.set(key, attrs);
    }
    for (const seg of runs) for (const r of seg.runs) look.style(r);
    // Insertions and moves around the runs are split so that the link holds them, not they the link.
    const segs = liftOutOfRevisions(req.paragraph.node, runs, this.revisionId);
    for (const seg of segs) wrapSegment(seg, { 'w:hyperlink': [], ':@': attrs });
    this.result.segments += segs.length;
    this.result.written.push(req);
    const sourceText = req.paragraph.text.slice(req.start, req.end);
    const part = req.paragraph.part;
    this.result.records.push(
      req.target
        ? { anchor: key, kind: req.kind, targetId: req.target.key, targetHash: this.hashOf(req.target), sourceText, part }
        : { anchor: req.url!, kind: req.kind, external: true, targetHash: targetHash(req.url!), sourceText, part },
    );
  }

  private hashOf(t: TargetCandidate): string {
    let h = this.hashes.get(t.key);
    if (h === undefined) this.hashes.set(t.key, (h = targetHash(targetText(t))));
    return h;
  }

  private ensureRNamespace(part: string): void {
    const root = rootOf(this.edit.edit(part));
    // r:id is written in the document's own prefix for the relationships namespace, when it declares one.
    const declared = Object.keys(root[':@'] ?? {}).some((k) => k.startsWith('@_xmlns:') && /\/relationships$/.test(String(root[':@']![k])));
    if (attr(root, 'xmlns:r') === undefined && !declared) {
      setAttr(root, 'xmlns:r', this.edit.strict ? 'http://purl.oclc.org/ooxml/officeDocument/relationships' : 'http://schemas.openxmlformats.org/officeDocument/2006/relationships');
    }
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
    this.result.records.push({ anchor: name, kind, targetId: t.key, targetHash: this.hashOf(t), sourceText: p.text.slice(start, end), part: p.part });
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
        list.push({ start: t.start, end: t.end, bookmark: { name, id } });
        this.ops.set(t.paragraph, list);
      } else {
        this.paragraphBookmarks.push({ p: t.paragraph, name, id });
      }
      this.bookmarks.created++;
    }
    for (const [p, list] of this.ops) {
      list.sort((a, b) => b.start - a.start || b.end - a.end);
      for (const op of list) {
        if (op.req) this.wrap(op.req);
        else if (op.replace) this.writeReplacement(op.replace);
        else if (op.bookmark) bookmarkRange(p, op.start, op.end, op.bookmark.name, op.bookmark.id);
      }
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
function findHyperlinkAround(p: XmlNode, run: XmlNode): XmlNode | undefined {
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
