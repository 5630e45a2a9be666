// Seams for citation-style work that lives outside the engine (server/citation-style, server/csl): the engine
// hands the reference list to an injected detector at scan, and to an injected renderer at apply.
// The engine itself reads no style files and does no I/O.

import type { StyleDetectionReport } from '../../shared/contract.ts';
import type { ReasonCode } from '../../shared/reasons.ts';

/** One reference entry as the detector sees it. */
export interface StyleEntryText {
  text: string;
  /** The label printed for the entry (typed "[3]" or Word numbering "3."), or null. */
  printedLabel: string | null;
}

export interface ReferenceListInput {
  entries: StyleEntryText[];
  /** In-text citation form the scan found (number, superscript, author-year, off). */
  citeStyle: string;
  /** Footnotes and endnotes that read like citations (a note style cites there); absent: not counted. */
  noteCitations?: number;
}

export interface StyleDetectionOutcome {
  detectedCslId: string | null;
  styleDetection: StyleDetectionReport;
}

export type StyleDetector = (input: ReferenceListInput) => StyleDetectionOutcome;

export interface ScanHooks {
  detectStyle?: StyleDetector;
}

/** One formatted piece of a rendered entry. */
export interface RewriteSegment {
  text: string;
  italic?: boolean;
  bold?: boolean;
  smallCaps?: boolean;
  superscript?: boolean;
  subscript?: boolean;
}

/** A reference entry handed to the renderer, in list order. */
export interface RewriteEntryInput {
  /** Target key (bib-N), the key of resolved works too. */
  key: string;
  text: string;
  printedLabel: string | null;
  /** The label typed at the start of the text (kept as typed), null when Word numbering prints it or there is none. */
  typedLabel: string | null;
  doi: string | null;
  url: string | null;
}

export interface BibliographyRendering {
  /** The entry body as the style writes it (without its label), in the order the style sorts the list; `label` is the
   * style's own label ("[3]", "3."), "" when it prints none; `title` the title it was rendered from (a resolved entry's
   * is the registry's), so that a link on the title as written lands on the new one. */
  rendered: Map<string, { segments: RewriteSegment[]; label: string; title?: string }>;
  /** Entries the renderer cannot write faithfully, with the reason (they stay as written). */
  skipped: Array<{ key: string; reason: ReasonCode }>;
  /** The in-text citations asked for (RenderOptions.clusters), as the style writes them, in the same order. */
  citations?: RewriteCitation[];
}

/** One in-text citation as the style writes it, with where each of its entries stands in the text (null: not found). */
export interface RewriteCitation {
  segments: RewriteSegment[];
  text: string;
  items: Array<{ key: string; start: number; end: number } | null>;
}

export interface RenderOptions {
  /** Entry keys in the order the text first cites them, uncited ones after: the order an unsorted (citation-number)
   * style numbers the list by; default the list order. */
  citedOrder?: string[];
  /** The in-text citations to render with the list, each a list of entry keys, in document order: numbers,
   * year suffixes and name forms come out as the style disambiguates them over the whole document. */
  clusters?: string[][];
}

/** Renders reference entries in one CSL style (built outside the engine: server/csl). */
export interface BibliographyRenderer {
  styleId: string;
  /** The style's citation format: numeric, author-date, note… */
  family: string;
  render(entries: RewriteEntryInput[], options?: RenderOptions): BibliographyRendering;
}
