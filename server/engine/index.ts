// The engine's only doors: scan() reads a DOCX and proposes links; apply() writes decided links.
// Pure and synchronous: bytes in, bytes and plain objects out. No I/O, no HTTP, no database.
export { scan, DEFAULT_MAX_MATCHES } from './scan.ts';
export type { EngineLimits } from './scan.ts';
export { apply, applyInPieces, direct, directInPieces, type PhaseHooks, type ScanExpectation } from './apply.ts';
export type { LinkedDocument } from './link/apply-core.ts';
export type { ZipPieces } from './package/zip.ts';
export { graphHash, metadataHash, sha256Hex } from './review/hashes.ts';
export { DocxRejectedError, DecisionError, ScanMismatchError, TooManyMatchesError } from './errors.ts';
export type { DocxRejectReason, DecisionRejectReason } from './errors.ts';
export type { ScanHooks, StyleDetector, ReferenceListInput, StyleDetectionOutcome, BibliographyRenderer, RewriteEntryInput, RewriteSegment, BibliographyRendering } from './citation-style-hooks.ts';
export { previewRewrite, segmentsHtml, type RewritePreview, type PreviewEntry } from './preview.ts';
