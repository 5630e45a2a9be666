// Messages between the service and the engine worker threads. Errors cross the thread boundary as
// plain data because structured cloning drops custom error fields such as reason.
import type { HyperlinkSettings } from '../../shared/settings.ts';
import type { ReasonCode } from '../../shared/reasons.ts';
import type { ResolvedWork, ReviewDecision, ScanPacket } from '../../shared/contract.ts';
import type { ScanExpectation } from '../engine/apply.ts';
import type { RewritePreview } from '../engine/preview.ts';
import type { CslStyle } from '../csl/catalog.ts';
import type { CslItem } from '../csl/render.ts';
import type { ReferenceListInput, StyleDetectionOutcome } from '../engine/citation-style-hooks.ts';

/** Bounds every task carries (issue 11, item 3). */
export interface TaskLimits {
  maxMatches: number;
  /** Largest scan packet, in JSON bytes. */
  maxAnswerBytes: number;
}

export type EngineTask =
  | { op: 'scan'; bytes: Uint8Array; settings: HyperlinkSettings; limits: TaskLimits }
  | { op: 'scan-json'; bytes: Uint8Array; settings: HyperlinkSettings; limits: TaskLimits }
  /** With `expect` (the scan token's hashes), the worker checks them on the analysis it links: one parse per apply. */
  | { op: 'apply'; bytes: Uint8Array; settings: HyperlinkSettings; limits: TaskLimits; decisions: ReviewDecision[]; resolvedWorks?: Record<string, ResolvedWork>; expect?: ScanExpectation; bibliographyStyle?: CslStyle; extraWarnings?: ReasonCode[] }
  | { op: 'direct'; bytes: Uint8Array; settings: HyperlinkSettings; limits: TaskLimits; resolvedWorks?: Record<string, ResolvedWork>; extraWarnings?: ReasonCode[] }
  /** The first `count` reference entries as the bibliography rewrite would write them in `style` (nothing written). */
  | { op: 'preview'; bytes: Uint8Array; settings: HyperlinkSettings; limits: TaskLimits; style: CslStyle; count: number; resolvedWorks?: Record<string, ResolvedWork> }
  /** The resolver's style detection refined with registry metadata (server/citation-style refineStyleDetection); bytes empty. */
  | { op: 'style-refine'; bytes: Uint8Array; list: ReferenceListInput; metadata: Array<CslItem | null> };

/** A scan with the hashes the service binds into the scan token, computed in the worker too. */
export interface ScanOutcome {
  packet: ScanPacket;
  graphHash: string;
  metadataHash: string;
}

type EngineFailureKind = 'docx-rejected' | 'decision-rejected' | 'scan-mismatch' | 'too-much-output' | 'engine-busy' | 'engine-unavailable' | 'engine-failed';

export interface EngineFailure {
  kind: EngineFailureKind;
  reason: string;
  message: string;
  /** too-much-output: what was counted (matches, or answer bytes) and the limit it passed. */
  count?: number;
  limit?: number;
}

export type EngineReply<T> = { ok: true; value: T } | { ok: false; failure: EngineFailure };

/** A scan for the /hyperlink-scan answer: the packet as UTF-8 JSON (made in the worker), and what the service needs of it. */
export interface ScanJsonOutcome {
  json: Uint8Array;
  scanFingerprint: string;
  estimatedLinkCount: number;
  graphHash: string;
  metadataHash: string;
}

/** A linked document for the /hyperlink and /hyperlink-apply answer: the ApplyResult as UTF-8 JSON bytes (made in the
 * worker, server/worker/apply-json.ts, with the task's extraWarnings), and what the service needs of it. */
export interface ApplyJsonOutcome {
  json: Uint8Array;
  linkCount: number;
}

export type EngineValue = ScanOutcome | ScanJsonOutcome | ApplyJsonOutcome | RewritePreview | StyleDetectionOutcome;
