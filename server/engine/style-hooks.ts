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
