// Walks one story part (document, footnotes, endnotes) and builds its paragraphs: visible text,
// the offset map to runs, fields, existing links, bookmarks, styles and numbering.
// Follows the OOXML rules in the field notes: inserted text counts, deleted text does not; field
// instructions are not visible, field results are; mc:AlternateContent counts the Choice only;
// text boxes are paragraphs of their own, numbered in document order after their anchor paragraph.
//
// Like mammoth.js's body reader, the walk is a table of element handlers keyed by namespace-resolved
// element name (package/namespaces.ts gives every part canonical names: "w:p" whatever the document's
// prefix or OOXML flavour): BLOCK for the body's structure, INLINE for a paragraph's content, RUN for a
// run's content. An element without a handler is skipped (BLOCK: descended into).

import { attr, childrenOf, findChild, rawText, tagOf, unescapeXml, type XmlNode } from '../package/xml.ts';
import { fieldType, holdForField } from './field-hold.ts';
import type { NumberingCounter } from './numbering.ts';
import { headingLevelFromName, runFlagsOf, type RunFlags, type Styles } from './styles.ts';
import type { FieldRange, HoldReason, ModelParagraph, Piece, PieceKind } from './types.ts';

interface FieldFrame {
  instruction: string;
  phase: 'instr' | 'result';
  /** Paragraph where the result started, and its offset there; null once the result crossed a paragraph end. */
  para: ModelParagraph | null;
  resultStart: number;
}

interface BlockContext {
  inTable: boolean;
  inTextBox: boolean;
  noteId?: string;
}

interface InlineContext {
  containers: string[];
  hold?: HoldReason;
}

export interface PartWalkResult {
  paragraphs: ModelParagraph[];
  bookmarkNames: string[];
  maxBookmarkId: number;
}

/** Content controls of citation managers, by their tag. */
const SDT_CITATION = /(ZOTERO|MENDELEY|CSL_CITATION|CITAVI|EN\.CITE|ENDNOTE|PAPERPILE|CITATION)/i;

/** A run being read: the run element, its siblings, its formatting and its inline context. */
interface RunContext {
  run: XmlNode;
  siblings: XmlNode[];
  flags: RunFlags;
  ictx: InlineContext;
  block: BlockContext;
}

type RunHandler = (w: PartWalker, node: XmlNode, rc: RunContext) => void;
type InlineHandler = (w: PartWalker, node: XmlNode, nodes: XmlNode[], ictx: InlineContext, block: BlockContext) => void;
type BlockHandler = (w: PartWalker, node: XmlNode, block: BlockContext) => void;

const skip = (): void => {};

/** A handler table as a Map: element names never reach Object.prototype ("constructor", "__proto__"). */
function handlers<H>(table: Record<string, H>): Map<string, H> {
  return new Map(Object.entries(table));
}

/** Content of a run: text, tabs, breaks, symbols, field characters, embedded drawings. */
const RUN = handlers<RunHandler>({
  'w:t': (w, c, rc) => { if (w.visible()) w.addPiece('text', unescapeXml(rawText(c)), rc.run, rc.siblings, c, rc.flags, rc.ictx); },
  'w:instrText': (w, c) => { const top = w.fieldStack[w.fieldStack.length - 1]; if (top) top.instruction += unescapeXml(rawText(c)); },
  'w:fldChar': (w, c) => w.fieldChar(attr(c, 'w:fldCharType')),
  'w:tab': (w, c, rc) => { if (w.visible()) w.addPiece('tab', '\t', rc.run, rc.siblings, c, rc.flags, rc.ictx); },
  'w:ptab': (w, c, rc) => { if (w.visible()) w.addPiece('tab', '\t', rc.run, rc.siblings, c, rc.flags, rc.ictx); },
  'w:br': (w, c, rc) => { if (w.visible()) w.addPiece('break', '\n', rc.run, rc.siblings, c, rc.flags, rc.ictx); },
  'w:cr': (w, c, rc) => { if (w.visible()) w.addPiece('break', '\n', rc.run, rc.siblings, c, rc.flags, rc.ictx); },
  'w:noBreakHyphen': (w, c, rc) => { if (w.visible()) w.addPiece('hyphen', '\u2011', rc.run, rc.siblings, c, rc.flags, rc.ictx); },
  'w:sym': (w, c, rc) => {
    const code = parseInt(attr(c, 'w:char') ?? '', 16);
    if (w.visible() && Number.isFinite(code)) w.addPiece('symbol', String.fromCharCode(code), rc.run, rc.siblings, c, rc.flags, rc.ictx);
  },
  'w:drawing': (w, c, rc) => w.walkEmbedded(c, rc.block),
  'w:pict': (w, c, rc) => w.walkEmbedded(c, rc.block),
  'w:object': (w, c, rc) => w.walkEmbedded(c, rc.block),
  'mc:AlternateContent': (w, c, rc) => w.walkEmbedded(c, rc.block),
  // Not visible: w:rPr, w:delText, w:lastRenderedPageBreak, note references, w:softHyphen, ...
});

/** Inline containers whose content counts as it is (insertions, smart tags, custom XML, direction). */
const passThrough: InlineHandler = (w, node, _nodes, ictx, block) => {
  w.walkInline(childrenOf(node), { containers: [...ictx.containers, tagOf(node)!], hold: ictx.hold }, block);
};

/** Content of a paragraph: runs, links, fields, content controls, math, bookmarks. */
const INLINE = handlers<InlineHandler>({
  'w:r': (w, node, nodes, ictx, block) => w.readRun(node, nodes, ictx, block),
  'w:hyperlink': (w, node, _nodes, ictx, block) => {
    const start = w.offset;
    w.walkInline(childrenOf(node), { containers: [...ictx.containers, 'w:hyperlink'], hold: 'existing-hyperlink' }, block);
    w.para.links.push({ start, end: w.offset, anchor: attr(node, 'w:anchor'), relId: attr(node, 'r:id') });
  },
  'w:fldSimple': (w, node, _nodes, ictx, block) => {
    const instruction = (attr(node, 'w:instr') ?? '').trim();
    const start = w.offset;
    const hold = holdForField(instruction) ?? ictx.hold;
    w.walkInline(childrenOf(node), { containers: [...ictx.containers, 'w:fldSimple'], hold }, block);
    w.para.fields.push({ start, end: w.offset, instruction, type: fieldType(instruction) });
  },
  'w:sdt': (w, node, _nodes, ictx, block) => {
    const pr = findChild(node, 'w:sdtPr');
    const tag = pr ? `${attr(findChild(pr, 'w:tag') ?? {}, 'w:val') ?? ''} ${attr(findChild(pr, 'w:alias') ?? {}, 'w:val') ?? ''}` : '';
    const hold = SDT_CITATION.test(tag) || (pr && findChild(pr, 'w:citation')) ? 'citation-manager-field' : ictx.hold;
    const content = findChild(node, 'w:sdtContent');
    if (content) w.walkInline(childrenOf(content), { containers: [...ictx.containers, 'w:sdt'], hold }, block);
  },
  'w:ins': passThrough,
  'w:moveTo': passThrough,
  'w:smartTag': passThrough,
  'w:customXml': passThrough,
  'w:dir': passThrough,
  'w:bdo': passThrough,
  'mc:AlternateContent': (w, node, _nodes, ictx, block) => {
    const choice = childrenOf(node).find((c) => tagOf(c) === 'mc:Choice');
    if (choice) w.walkInline(childrenOf(choice), ictx, block);
  },
  'm:oMathPara': (w, node, nodes, ictx) => w.walkMath(node, nodes, ictx),
  'm:oMath': (w, node, nodes, ictx) => w.walkMath(node, nodes, ictx),
  'w:bookmarkStart': (w, node) => {
    const name = attr(node, 'w:name');
    const id = attr(node, 'w:id') ?? '';
    if (name) { w.para.bookmarks.push({ name, id, start: w.offset }); w.bookmarkNames.push(name); }
    const n = Number(id);
    if (Number.isFinite(n) && n > w.maxBookmarkId) w.maxBookmarkId = n;
  },
  // Skipped: w:pPr, w:del, w:moveFrom, w:proofErr, w:bookmarkEnd, comments, permissions.
});

/** The body's structure: paragraphs, tables, notes, block content controls. */
const BLOCK = handlers<BlockHandler>({
  'w:p': (w, node, block) => w.readParagraph(node, block),
  'w:tbl': (w, node, block) => w.walkBlock(childrenOf(node), { ...block, inTable: true }),
  'w:footnote': (w, node, block) => w.walkBlock(childrenOf(node), { ...block, noteId: attr(node, 'w:id') }),
  'w:endnote': (w, node, block) => w.walkBlock(childrenOf(node), { ...block, noteId: attr(node, 'w:id') }),
  'w:sdt': (w, node, block) => {
    const content = findChild(node, 'w:sdtContent');
    if (content) w.walkBlock(childrenOf(content), block);
  },
  'mc:AlternateContent': (w, node, block) => {
    const choice = childrenOf(node).find((c) => tagOf(c) === 'mc:Choice');
    if (choice) w.walkBlock(childrenOf(choice), block);
  },
  'mc:Fallback': skip,
  'w:sectPr': skip,
  'w:tblPr': skip,
  'w:tblGrid': skip,
  'w:trPr': skip,
  'w:tcPr': skip,
  'w:del': skip,
  'w:moveFrom': skip,
  // Anything else (w:body, w:tr, w:tc, w:customXml, w:ins, ...) is descended into.
});

class PartWalker {
  readonly paragraphs: ModelParagraph[] = [];
  readonly bookmarkNames: string[] = [];
  maxBookmarkId = -1;
  readonly fieldStack: FieldFrame[] = [];
  // Per-paragraph state, saved and restored around nested (text box) paragraphs.
  para = undefined as unknown as ModelParagraph;
  private parts: string[] = [];
  offset = 0;
  private paraRun: RunFlags = {};

  constructor(
    private readonly partName: string,
    private readonly styles: Styles,
    private readonly numbering: NumberingCounter,
  ) {}

  visible(): boolean {
    return this.fieldStack.every((f) => f.phase === 'result');
  }

  private activeFieldHold(): HoldReason | undefined {
    for (let i = this.fieldStack.length - 1; i >= 0; i--) {
      const h = holdForField(this.fieldStack[i]!.instruction);
      if (h) return h;
    }
    return undefined;
  }

  addPiece(kind: PieceKind, text: string, run: XmlNode, siblings: XmlNode[], node: XmlNode, flags: RunFlags, ictx: InlineContext): void {
    if (text.length === 0) return;
    const piece: Piece = {
      start: this.offset,
      end: this.offset + text.length,
      kind,
      run,
      runSiblings: siblings,
      node,
      containers: ictx.containers,
      superscript: flags.superscript === true,
      subscript: flags.subscript === true,
      bold: flags.bold === true,
    };
    const hold = kind === 'math' ? 'math' : ictx.hold ?? this.activeFieldHold();
    if (hold) piece.hold = hold;
    this.para.pieces.push(piece);
    this.parts.push(text);
    this.offset += text.length;
  }

  private closeFieldRange(frame: FieldFrame, end: number): void {
    if (frame.phase !== 'result') return;
    const start = frame.para === this.para ? frame.resultStart : 0;
    const range: FieldRange = { start, end, instruction: frame.instruction.trim(), type: fieldType(frame.instruction) };
    this.para.fields.push(range);
  }

  fieldChar(type: string | undefined): void {
    if (type === 'begin') this.fieldStack.push({ instruction: '', phase: 'instr', para: this.para, resultStart: this.offset });
    else if (type === 'separate') {
      const top = this.fieldStack[this.fieldStack.length - 1];
      if (top) { top.phase = 'result'; top.para = this.para; top.resultStart = this.offset; }
    } else if (type === 'end') {
      const top = this.fieldStack.pop();
      if (top) this.closeFieldRange(top, this.offset);
    }
  }

  readRun(run: XmlNode, siblings: XmlNode[], ictx: InlineContext, block: BlockContext): void {
    const kids = childrenOf(run);
    let flags: RunFlags = this.paraRun;
    const rPr = kids[0] && tagOf(kids[0]) === 'w:rPr' ? kids[0] : findChild(run, 'w:rPr');
    if (rPr) {
      const rStyle = findChild(rPr, 'w:rStyle');
      const fromStyle = rStyle ? this.styles.characterRun(attr(rStyle, 'w:val') ?? null) : {};
      const direct = runFlagsOf(rPr);
      flags = {
        superscript: direct.superscript ?? fromStyle.superscript ?? this.paraRun.superscript,
        subscript: direct.subscript ?? fromStyle.subscript ?? this.paraRun.subscript,
        bold: direct.bold ?? fromStyle.bold ?? this.paraRun.bold,
      };
    }
    const rc: RunContext = { run, siblings, flags, ictx, block };
    for (const c of kids) {
      const t = tagOf(c);
      if (t !== undefined) RUN.get(t)?.(this, c, rc);
    }
  }

  /** Finds text boxes inside a drawing and reads their paragraphs as paragraphs of their own. */
  walkEmbedded(node: XmlNode, block: BlockContext): void {
    const t = tagOf(node);
    if (t === 'mc:Fallback') return;
    if (t === 'mc:AlternateContent') {
      const choice = childrenOf(node).find((c) => tagOf(c) === 'mc:Choice');
      if (choice) this.walkEmbedded(choice, block);
      return;
    }
    if (t === 'w:txbxContent') {
      this.walkBlock(childrenOf(node), { ...block, inTextBox: true });
      return;
    }
    for (const c of childrenOf(node)) if (tagOf(c) !== undefined) this.walkEmbedded(c, block);
  }

  walkMath(node: XmlNode, siblings: XmlNode[], ictx: InlineContext): void {
    for (const c of childrenOf(node)) {
      const t = tagOf(c);
      if (t === 'm:r') {
        for (const mt of childrenOf(c)) if (tagOf(mt) === 'm:t' && this.visible()) this.addPiece('math', unescapeXml(rawText(mt)), c, childrenOf(node), mt, {}, ictx);
      } else if (t !== undefined) {
        this.walkMath(c, siblings, ictx);
      }
    }
  }

  walkInline(nodes: XmlNode[], ictx: InlineContext, block: BlockContext): void {
    for (const node of nodes) {
      const t = tagOf(node);
      if (t !== undefined) INLINE.get(t)?.(this, node, nodes, ictx, block);
    }
  }

  readParagraph(p: XmlNode, block: BlockContext): void {
    const saved = { para: this.para, parts: this.parts, offset: this.offset, paraRun: this.paraRun };
    const styles = this.styles;
    const kids = childrenOf(p);
    const pPr = kids[0] && tagOf(kids[0]) === 'w:pPr' ? kids[0] : undefined;
    const styleId = pPr ? attr(findChild(pPr, 'w:pStyle') ?? {}, 'w:val') ?? null : null;
    const styleName = styles.paragraphName(styleId);
    let outlineLevel = styles.paragraphOutline(styleId);
    let numPr: { numId: string; ilvl: number } | null = styles.paragraphNumbering(styleId);
    if (pPr) {
      const ol = findChild(pPr, 'w:outlineLvl');
      if (ol) outlineLevel = Number(attr(ol, 'w:val'));
      const np = findChild(pPr, 'w:numPr');
      if (np) {
        const numId = attr(findChild(np, 'w:numId') ?? {}, 'w:val');
        const ilvl = attr(findChild(np, 'w:ilvl') ?? {}, 'w:val');
        if (numId !== undefined) numPr = { numId, ilvl: ilvl !== undefined ? Number(ilvl) : numPr?.ilvl ?? 0 };
        else if (numPr && ilvl !== undefined) numPr = { ...numPr, ilvl: Number(ilvl) };
      }
    }
    const label = numPr ? this.numbering.next(numPr.numId, numPr.ilvl) : null;
    const byName = headingLevelFromName(styleName);
    const headingLevel = byName ?? (outlineLevel !== null && outlineLevel >= 0 && outlineLevel < 9 ? outlineLevel + 1 : null);

    const para: ModelParagraph = {
      part: this.partName,
      index: this.paragraphs.length,
      text: '',
      pieces: [],
      node: p,
      styleId,
      styleName,
      outlineLevel,
      headingLevel,
      numbering: label && numPr ? { numId: numPr.numId, ilvl: numPr.ilvl, text: label.text, format: label.format } : null,
      inTable: block.inTable,
      inTextBox: block.inTextBox,
      fields: [],
      links: [],
      bookmarks: [],
    };
    if (block.noteId !== undefined) para.noteId = block.noteId;
    this.para = para;
    this.paragraphs.push(para);
    this.parts = [];
    this.offset = 0;
    this.paraRun = styles.paragraphRun(styleId);

    this.walkInline(kids, { containers: [] }, block);

    for (const frame of this.fieldStack) {
      if (frame.phase === 'result') { this.closeFieldRange(frame, this.offset); frame.para = null; }
    }
    para.text = this.parts.join('');
    ({ para: this.para, parts: this.parts, offset: this.offset, paraRun: this.paraRun } = saved);
  }

  walkBlock(nodes: XmlNode[], block: BlockContext): void {
    for (const node of nodes) {
      const t = tagOf(node);
      if (t === undefined) continue;
      const handler = BLOCK.get(t);
      if (handler) handler(this, node, block);
      else this.walkBlock(childrenOf(node), block);
    }
  }
}

export function walkPart(partName: string, root: XmlNode, styles: Styles, numbering: NumberingCounter): PartWalkResult {
  const w = new PartWalker(partName, styles, numbering);
  w.walkBlock([root], { inTable: false, inTextBox: false });
  return { paragraphs: w.paragraphs, bookmarkNames: w.bookmarkNames, maxBookmarkId: w.maxBookmarkId };
}
