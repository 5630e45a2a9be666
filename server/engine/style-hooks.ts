// Seams for citation-style work that lives outside the engine (server/style, server/csl): the engine
// hands the reference list to an injected detector at scan, and to an injected renderer at apply.
// The engine itself reads no style files and does no I/O.

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
}

export interface StyleDetectionOutcome {
  detectedCslId: string | null;
  styleDetection: Record<string, unknown>;
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
  /** The entry body as the style writes it (without the style's own label), in the order the style sorts the list. */
  rendered: Map<string, { segments: RewriteSegment[] }>;
  /** Entries the renderer cannot write faithfully, with the reason (they stay as written). */
  skipped: Array<{ key: string; reason: string }>;
}

/** Renders reference entries in one CSL style (built outside the engine: server/csl). */
export interface BibliographyRenderer {
  styleId: string;
  /** The style's citation format: numeric, author-date, note… */
  family: string;
  /**
   * Renders the list. `citedOrder` (entry keys in the order the text first cites them, uncited ones after) is
   * the order a style numbers its list by when it does not sort it ("citation-number"); default: list order.
   */
  render(entries: RewriteEntryInput[], citedOrder?: string[]): BibliographyRendering;
}
