// apply(): writes reviewed decisions into the DOCX; direct(): scan, approve every ready match, apply.
// The linker lives in ./link/ (see link/apply-core.ts for the flow).

import type { ApplyOutput, ResolvedWork, ReviewDecision } from '../../shared/contract.ts';
import type { HyperlinkSettings } from '../../shared/settings.ts';
import { ScanMismatchError } from './errors.ts';
import { linkAnalysis, type ApplyOptions as LinkOptions, type LinkedDocument } from './link/apply-core.ts';
import { joinPieces } from './package/zip.ts';
import { graphHash, metadataHash, scanFingerprint } from './review/hashes.ts';
import { graphOfCandidates } from './review/packet.ts';
import { detect, type Detection, type EngineLimits } from './scan.ts';
import { canonicalSettings } from '../../shared/settings-values.ts';
import type { BibliographyRenderer } from './citation-style-hooks.ts';

/** What a scan token says the scan found: apply links only a document that still analyses the same way. */
export interface ScanExpectation {
  fingerprint: string;
  graphHash: string;
  metadataHash: string;
}

/** The scan token's hashes against this analysis, read from the detector's candidates (the review packet, which
 * the check would make only to drop, is not made: on a 25 MB manuscript it held tens of MB at apply's peak). */
function checkExpectation(detection: Detection, expect: ScanExpectation): void {
  const graph = graphHash(graphOfCandidates({ matches: [...detection.matchById].map(([id, match]) => ({ id, match })), targets: detection.targets }));
  if (scanFingerprint(detection.fileHash, canonicalSettings(detection.settings), graph) !== expect.fingerprint) throw new ScanMismatchError('the document no longer scans to the token\'s fingerprint');
  if (graph !== expect.graphHash) throw new ScanMismatchError('the document\'s matches and targets differ from the scan');
  if (metadataHash(detection.persistedMetadata ?? null) !== expect.metadataHash) throw new ScanMismatchError('the document\'s persisted metadata differs from the scan');
}

/**
 * Called between detection and linking, when what detection made and dropped (and, with `expect`, the
 * packet checked against the token) is garbage: the CLI and the engine worker collect it there
 * (server/common/reclaim.ts), so linking reuses that memory instead of growing the heap past it.
 */
export interface PhaseHooks {
  afterDetect?: (detected: DetectedCounts) => void;
}

/** What detection found, for whoever reports it (the CLI's summary): every match, and those left for a person. */
interface DetectedCounts {
  matches: number;
  /** Matches the scan does not mark ready (low confidence, held, identity change): `link` leaves them unlinked. */
  needReview: number;
}

function detectedCounts(matchById: ReadonlyMap<string, { status: string }>): DetectedCounts {
  let needReview = 0;
  for (const m of matchById.values()) if (m.status !== 'ready' && m.status !== 'unmatched') needReview++;
  return { matches: matchById.size, needReview };
}

type ApplyOptions = { resolvedWorks?: Record<string, ResolvedWork>; expect?: ScanExpectation; bibliography?: BibliographyRenderer } & EngineLimits & PhaseHooks;
type DirectOptions = { resolvedWorks?: Record<string, ResolvedWork>; bibliography?: BibliographyRenderer; onRestylePlan?: LinkOptions['onRestylePlan'] } & EngineLimits & PhaseHooks;

/** Links the reviewed decisions. With `expect`, the same analysis is first checked against the scan token's
 * hashes, so one parse serves both (the service's /hyperlink-apply). */
export function apply(bytes: Uint8Array, settings: HyperlinkSettings, decisions: ReviewDecision[], options?: ApplyOptions): ApplyOutput {
  const out = applyInPieces(bytes, settings, decisions, options);
  return { ...out, docx: joinPieces(out.docx) };
}

/** apply() with the document as the pieces of its zip: whoever writes it out (the CLI's file, the service's
 * base64 answer) reads them in turn, and the package is never held twice. `bytes` must stay unchanged until then. */
export function applyInPieces(bytes: Uint8Array, settings: HyperlinkSettings, decisions: ReviewDecision[], options?: ApplyOptions): LinkedDocument {
  const detection = detect(bytes, settings, { forLinking: true, maxMatches: options?.maxMatches });
  if (options?.expect) checkExpectation(detection, options.expect);
  options?.afterDetect?.(detectedCounts(detection.matchById));
  return linkAnalysis(detection, bytes, decisions, options);
}

/** The one-step flow: every match the scan marks ready is approved, and every ready resolved work given (settings.crossref) is linked. */
export function direct(bytes: Uint8Array, settings: HyperlinkSettings, options?: DirectOptions): ApplyOutput {
  const out = directInPieces(bytes, settings, options);
  return { ...out, docx: joinPieces(out.docx) };
}

/** direct() with the document as the pieces of its zip (see applyInPieces). */
export function directInPieces(bytes: Uint8Array, settings: HyperlinkSettings, options?: DirectOptions): LinkedDocument {
  const analysis = detect(bytes, settings, { forLinking: true, maxMatches: options?.maxMatches });
  const decisions: ReviewDecision[] = [];
  for (const [refId, m] of analysis.matchById) if (m.status === 'ready') decisions.push({ refId, status: 'approved' });
  options?.afterDetect?.(detectedCounts(analysis.matchById));
  return linkAnalysis(analysis, bytes, decisions, options);
}
