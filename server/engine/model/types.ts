// The document model: each paragraph's visible text with a map from character offsets back to
// the runs and text nodes that hold them. Detectors read it; the linker edits the XML through it.

import type { XmlDocument, XmlNode } from '../package/xml.ts';

export type PieceKind = 'text' | 'tab' | 'break' | 'symbol' | 'hyphen' | 'math';

/** A stretch of visible text produced by one node inside a run (a w:t, a w:tab, ...). */
export interface Piece {
  /** Offsets into the paragraph's text (UTF-16 code units). */
  start: number;
  end: number;
  kind: PieceKind;
  /** The w:r (or m:r) element holding the piece. */
  run: XmlNode;
  /** The array that holds `run` (its parent's children), for wrapping and splitting. */
  runSiblings: XmlNode[];
  /** The node inside the run producing the text (w:t, w:tab, ...). */
  node: XmlNode;
  /** Inline containers between the paragraph and the run, outermost first (w:ins, w:sdt, w:hyperlink, ...). */
  containers: string[];
  superscript: boolean;
  subscript: boolean;
  bold: boolean;
  /** Set when the text cannot be linked: inside an existing link, a field result, math, a citation-manager control. */
  hold?: HoldReason;
}

export type HoldReason =
  | 'existing-hyperlink'
  | 'existing-cross-reference'
  | 'citation-manager-field'
  | 'field-result'
  | 'math';

/** A field (complex or simple) whose result text lies in this paragraph. */
export interface FieldRange {
  start: number;
  end: number;
  /** Field instruction, trimmed, e.g. `REF _Ref123 \h`, `SEQ Figure \* ARABIC`, `ADDIN ZOTERO_ITEM ...`. */
  instruction: string;
  /** First word of the instruction, upper case: REF, SEQ, HYPERLINK, ADDIN, PAGEREF... */
  type: string;
}

interface LinkRange {
  start: number;
  end: number;
  /** Internal anchor (bookmark name) or external relationship id. */
  anchor?: string;
  relId?: string;
}

interface BookmarkMark {
  name: string;
  id: string;
  /** Offset in the paragraph where the bookmark starts. */
  start: number;
}

interface NumberingLabel {
  numId: string;
  ilvl: number;
  /** The label Word would print, e.g. "1." or "[12]" or "A.". Empty for bullets. */
  text: string;
  format: string;
}

export interface ModelParagraph {
  part: string;
  /** 0-based index among all w:p of the part in document order (mc:Fallback excluded). */
  index: number;
  /** Visible text: deleted text and field instructions excluded, a tab or break is one character. */
  text: string;
  pieces: Piece[];
  /** The w:p element. */
  node: XmlNode;
  styleId: string | null;
  styleName: string | null;
  /** 0-based outline level from the paragraph or its style chain (9 = body text), null when none. */
  outlineLevel: number | null;
  /** Heading level 1..9 when the paragraph is a heading by style or outline level. */
  headingLevel: number | null;
  numbering: NumberingLabel | null;
  inTable: boolean;
  inTextBox: boolean;
  /** Footnote or endnote id for paragraphs in notes parts. */
  noteId?: string;
  fields: FieldRange[];
  links: LinkRange[];
  bookmarks: BookmarkMark[];
}

export interface ModelPart {
  name: string;
  doc: XmlDocument;
  paragraphs: ModelParagraph[];
}

export interface DocumentModel {
  parts: ModelPart[];
  /** All paragraphs of all parts: main document first, then footnotes, then endnotes. */
  paragraphs: ModelParagraph[];
  /** Names of every bookmark in the main document and notes. */
  bookmarkNames: Set<string>;
  /** Largest numeric bookmark id seen, so new ids stay unique. */
  maxBookmarkId: number;
  /** The language the styles give text by default (docDefaults w:lang: "pt-BR"), when they name one. */
  defaultLanguage?: string;
}
