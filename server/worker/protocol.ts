// Messages between the service and the engine worker threads. Errors cross the thread boundary as
// plain data because structured cloning drops custom error fields such as reason.
import type { HyperlinkSettings } from '../../shared/settings.ts';
import type { ApplyOutput, ResolvedWork, ReviewDecision, ScanPacket } from '../../shared/contract.ts';
import type { ScanExpectation } from '../engine/apply.ts';

export type EngineTask =
  | { op: 'scan'; bytes: Uint8Array; settings: HyperlinkSettings }
  | { op: 'scan-json'; bytes: Uint8Array; settings: HyperlinkSettings }
  /** With `expect` (the scan token's hashes), the worker checks them on the analysis it links: one parse per apply. */
  | { op: 'apply'; bytes: Uint8Array; settings: HyperlinkSettings; decisions: ReviewDecision[]; resolvedWorks?: Record<string, ResolvedWork>; expect?: ScanExpectation }
  | { op: 'direct'; bytes: Uint8Array; settings: HyperlinkSettings; resolvedWorks?: Record<string, ResolvedWork> };

/** A scan with the hashes the service binds into the scan token, computed in the worker too. */
export interface ScanOutcome {
  packet: ScanPacket;
  graphHash: string;
  metadataHash: string;
}

export type EngineFailureKind = 'docx-rejected' | 'decision-rejected' | 'scan-mismatch' | 'engine-unavailable' | 'engine-failed';

export interface EngineFailure {
  kind: EngineFailureKind;
  reason: string;
  message: string;
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

export type EngineValue = ScanOutcome | ScanJsonOutcome | ApplyOutput;
