// Walks one story part (document, footnotes, endnotes) and builds its paragraphs: visible text,
// the offset map to runs, fields, existing links, bookmarks, styles and numbering.
// Follows the OOXML rules in the field notes: inserted text counts, deleted text does not; field
// instructions are not visible, field results are; mc:AlternateContent counts the Choice only;
// text boxes are paragraphs of their own, numbered in document order after their anchor paragraph.

import { attr, childrenOf, findChild, rawText, tagOf, unescapeXml, type XmlNode } from '../package/xml.ts';
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

const CITATION_MANAGER = /^(ADDIN\s+(ZOTERO_|EN\.CITE|EN\.REFLIST|CSL_|CITAVI|PAPERS2|MENDELEY|F1000|RW\.)|CITATION\b|BIBLIOGRAPHY\b)/i;
const SDT_CITATION = /(ZOTERO|MENDELEY|CSL_CITATION|CITAVI|EN\.CITE|ENDNOTE|PAPERPILE|CITATION)/i;

/** How a field's result text is held from linking, by field type. */
export function holdForField(instruction: string): HoldReason | undefined {
  const type = fieldType(instruction);
  if (type === 'HYPERLINK') return 'existing-hyperlink';
  if (type === 'REF' || type === 'PAGEREF' || type === 'NOTEREF') return 'existing-cross-reference';
  if (CITATION_MANAGER.test(instruction.trim())) return 'citation-manager-field';
  if (type === 'ADDIN' || type === 'TOC' || type === 'INDEX' || type === 'TOA') return 'field-result';
  return undefined;
}

export function fieldType(instruction: string): string {
  return (/^\s*([A-Za-z.]+)/.exec(instruction)?.[1] ?? '').toUpperCase();
}

export function walkPart(
  partName: string,
  root: XmlNode,
  styles: Styles,
  numbering: NumberingCounter,
): PartWalkResult {
  const paragraphs: ModelParagraph[] = [];
  const bookmarkNames: string[] = [];
  let maxBookmarkId = -1;
  const fieldStack: FieldFrame[] = [];

  // Per-paragraph state, saved and restored around nested (text box) paragraphs.
  let para = undefined as unknown as ModelParagraph;
  let parts: string[] = [];
  let offset = 0;
  let paraRun: RunFlags = {};

  const visible = () => fieldStack.every((f) => f.phase === 'result');

  function activeFieldHold(): HoldReason | undefined {
    for (let i = fieldStack.length - 1; i >= 0; i--) {
      const h = holdForField(fieldStack[i]!.instruction);
      if (h) return h;
    }
    return undefined;
  }

  function addPiece(kind: PieceKind, text: string, run: XmlNode, siblings: XmlNode[], node: XmlNode, flags: RunFlags, ictx: InlineContext) {
    if (text.length === 0) return;
    const piece: Piece = {
      start: offset,
      end: offset + text.length,
      kind,
      run,
      runSiblings: siblings,
      node,
      containers: ictx.containers,
      superscript: flags.superscript === true,
      subscript: flags.subscript === true,
      bold: flags.bold === true,
    };
    const hold = kind === 'math' ? 'math' : ictx.hold ?? activeFieldHold();
    if (hold) piece.hold = hold;
    para.pieces.push(piece);
    parts.push(text);
    offset += text.length;
  }

  function closeFieldRange(frame: FieldFrame, end: number) {
    if (frame.phase !== 'result') return;
    const start = frame.para === para ? frame.resultStart : 0;
    const range: FieldRange = { start, end, instruction: frame.instruction.trim(), type: fieldType(frame.instruction) };
    para.fields.push(range);
  }

  function readRun(run: XmlNode, siblings: XmlNode[], ictx: InlineContext, block: BlockContext) {
    const kids = childrenOf(run);
    let flags: RunFlags = paraRun;
    const rPr = kids[0] && tagOf(kids[0]) === 'w:rPr' ? kids[0] : findChild(run, 'w:rPr');
    if (rPr) {
      const rStyle = findChild(rPr, 'w:rStyle');
      const fromStyle = rStyle ? styles.characterRun(attr(rStyle, 'w:val') ?? null) : {};
      const direct = runFlagsOf(rPr);
      flags = {
        superscript: direct.superscript ?? fromStyle.superscript ?? paraRun.superscript,
        subscript: direct.subscript ?? fromStyle.subscript ?? paraRun.subscript,
        bold: direct.bold ?? fromStyle.bold ?? paraRun.bold,
      };
    }
    for (const c of kids) {
      const t = tagOf(c);
      switch (t) {
        case 'w:t':
          if (visible()) addPiece('text', unescapeXml(rawText(c)), run, siblings, c, flags, ictx);
          break;
        case 'w:instrText':
          if (fieldStack.length) fieldStack[fieldStack.length - 1]!.instruction += unescapeXml(rawText(c));
          break;
        case 'w:fldChar': {
          const type = attr(c, 'w:fldCharType');
          if (type === 'begin') fieldStack.push({ instruction: '', phase: 'instr', para, resultStart: offset });
          else if (type === 'separate') {
            const top = fieldStack[fieldStack.length - 1];
            if (top) { top.phase = 'result'; top.para = para; top.resultStart = offset; }
          } else if (type === 'end') {
            const top = fieldStack.pop();
            if (top) closeFieldRange(top, offset);
          }
          break;
        }
        case 'w:tab':
        case 'w:ptab':
          if (visible()) addPiece('tab', '\t', run, siblings, c, flags, ictx);
          break;
        case 'w:br':
        case 'w:cr':
          if (visible()) addPiece('break', '\n', run, siblings, c, flags, ictx);
          break;
        case 'w:noBreakHyphen':
          if (visible()) addPiece('hyphen', '\u2011', run, siblings, c, flags, ictx);
          break;
        case 'w:sym': {
          const code = parseInt(attr(c, 'w:char') ?? '', 16);
          if (visible() && Number.isFinite(code)) addPiece('symbol', String.fromCharCode(code), run, siblings, c, flags, ictx);
          break;
        }
        case 'w:drawing':
        case 'w:pict':
        case 'w:object':
        case 'mc:AlternateContent':
          walkEmbedded(c, block);
          break;
        default:
          break; // w:rPr, w:delText, w:lastRenderedPageBreak, note references, w:softHyphen, ...
      }
    }
  }

  /** Finds text boxes inside a drawing and reads their paragraphs as paragraphs of their own. */
  function walkEmbedded(node: XmlNode, block: BlockContext) {
    const t = tagOf(node);
    if (t === 'mc:Fallback') return;
    if (t === 'mc:AlternateContent') {
      const choice = childrenOf(node).find((c) => tagOf(c) === 'mc:Choice');
      if (choice) walkEmbedded(choice, block);
      return;
    }
    if (t === 'w:txbxContent') {
      walkBlock(childrenOf(node), { ...block, inTextBox: true });
      return;
    }
    for (const c of childrenOf(node)) if (tagOf(c) !== undefined) walkEmbedded(c, block);
  }

  function walkMath(node: XmlNode, siblings: XmlNode[], ictx: InlineContext) {
    for (const c of childrenOf(node)) {
      const t = tagOf(c);
      if (t === 'm:r') {
        for (const mt of childrenOf(c)) if (tagOf(mt) === 'm:t' && visible()) addPiece('math', unescapeXml(rawText(mt)), c, childrenOf(node), mt, {}, ictx);
      } else if (t !== undefined) {
        walkMath(c, siblings, ictx);
      }
    }
  }

  function walkInline(nodes: XmlNode[], ictx: InlineContext, block: BlockContext) {
    for (const node of nodes) {
      const t = tagOf(node);
      if (t === undefined) continue;
      switch (t) {
        case 'w:r':
          readRun(node, nodes, ictx, block);
          break;
        case 'w:hyperlink': {
          const start = offset;
          walkInline(childrenOf(node), { containers: [...ictx.containers, t], hold: 'existing-hyperlink' }, block);
          para.links.push({ start, end: offset, anchor: attr(node, 'w:anchor'), relId: attr(node, 'r:id') });
          break;
        }
        case 'w:fldSimple': {
          const instruction = (attr(node, 'w:instr') ?? '').trim();
          const start = offset;
          const hold = holdForField(instruction) ?? ictx.hold;
          walkInline(childrenOf(node), { containers: [...ictx.containers, t], hold }, block);
          para.fields.push({ start, end: offset, instruction, type: fieldType(instruction) });
          break;
        }
        case 'w:sdt': {
          const pr = findChild(node, 'w:sdtPr');
          const tag = pr ? `${attr(findChild(pr, 'w:tag') ?? {}, 'w:val') ?? ''} ${attr(findChild(pr, 'w:alias') ?? {}, 'w:val') ?? ''}` : '';
          const hold = SDT_CITATION.test(tag) || (pr && findChild(pr, 'w:citation')) ? 'citation-manager-field' : ictx.hold;
          const content = findChild(node, 'w:sdtContent');
          if (content) walkInline(childrenOf(content), { containers: [...ictx.containers, t], hold }, block);
          break;
        }
        case 'w:ins':
        case 'w:moveTo':
        case 'w:smartTag':
        case 'w:customXml':
        case 'w:dir':
        case 'w:bdo':
          walkInline(childrenOf(node), { containers: [...ictx.containers, t], hold: ictx.hold }, block);
          break;
        case 'mc:AlternateContent': {
          const choice = childrenOf(node).find((c) => tagOf(c) === 'mc:Choice');
          if (choice) walkInline(childrenOf(choice), ictx, block);
          break;
        }
        case 'm:oMathPara':
        case 'm:oMath':
          walkMath(node, nodes, ictx);
          break;
        case 'w:bookmarkStart': {
          const name = attr(node, 'w:name');
          const id = attr(node, 'w:id') ?? '';
          if (name) { para.bookmarks.push({ name, id, start: offset }); bookmarkNames.push(name); }
          const n = Number(id);
          if (Number.isFinite(n) && n > maxBookmarkId) maxBookmarkId = n;
          break;
        }
        default:
          break; // w:pPr, w:del, w:moveFrom, w:proofErr, w:bookmarkEnd, comments, permissions
      }
    }
  }

  function readParagraph(p: XmlNode, block: BlockContext) {
    const saved = { para, parts, offset, paraRun };
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
    const label = numPr ? numbering.next(numPr.numId, numPr.ilvl) : null;
    const byName = headingLevelFromName(styleName);
    const headingLevel = byName ?? (outlineLevel !== null && outlineLevel >= 0 && outlineLevel < 9 ? outlineLevel + 1 : null);

    para = {
      part: partName,
      index: paragraphs.length,
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
    paragraphs.push(para);
    parts = [];
    offset = 0;
    paraRun = styles.paragraphRun(styleId);

    walkInline(kids, { containers: [] }, block);

    for (const frame of fieldStack) {
      if (frame.phase === 'result') { closeFieldRange(frame, offset); frame.para = null; }
    }
    para.text = parts.join('');
    ({ para, parts, offset, paraRun } = saved);
  }

  function walkBlock(nodes: XmlNode[], block: BlockContext) {
    for (const node of nodes) {
      const t = tagOf(node);
      if (t === undefined) continue;
      switch (t) {
        case 'w:p':
          readParagraph(node, block);
          break;
        case 'w:tbl':
          walkBlock(childrenOf(node), { ...block, inTable: true });
          break;
        case 'w:footnote':
        case 'w:endnote':
          walkBlock(childrenOf(node), { ...block, noteId: attr(node, 'w:id') });
          break;
        case 'w:sdt': {
          const content = findChild(node, 'w:sdtContent');
          if (content) walkBlock(childrenOf(content), block);
          break;
        }
        case 'mc:AlternateContent': {
          const choice = childrenOf(node).find((c) => tagOf(c) === 'mc:Choice');
          if (choice) walkBlock(childrenOf(choice), block);
          break;
        }
        case 'mc:Fallback':
        case 'w:sectPr':
        case 'w:tblPr':
        case 'w:tblGrid':
        case 'w:trPr':
        case 'w:tcPr':
        case 'w:del':
        case 'w:moveFrom':
          break;
        default:
          walkBlock(childrenOf(node), block); // w:body, w:tr, w:tc, w:customXml, w:ins, ...
      }
    }
  }

  walkBlock([root], { inTable: false, inTextBox: false });
  return { paragraphs, bookmarkNames, maxBookmarkId };
}
