// The add-in's steps without React: export → scan (→ resolve); and at apply: export again, rescan and
// carry decisions over if the document changed, apply, replace, export once more and verify; restore.
import type { ApplyResult, ResolverReport, ReviewDecision, ScanPacket } from '../../shared/contract.ts';
import { worksToApply, type WorkChoices } from '../review/resolver-choices.ts';
import type { HyperlinkSettings } from '../../shared/settings.ts';
import type { DocumentHost, ReplaceOutcome } from '../host/host.ts';
import { ServiceError, type ServiceClient } from '../service-client.ts';
import { summarizeDocx, type DocxSummary } from '../docx/docx-summary.ts';
import { compareSummaries, editsSince, type Verification } from '../docx/verify.ts';
import { carryOver, type CarryResult } from '../review/carry-over.ts';
import type { ReviewState } from '../review/review-state.ts';
import { buildDecisions } from '../review/decisions.ts';
import { base64ToBytes, bytesToBase64 } from '../util/base64.ts';
import { stripReviewPart } from '../docx/review-part.ts';
import { revisionPlan, type Unplannable } from '../docx/revision-plan.ts';
import { S } from '../strings.ts';
import { errorInWords } from './error-text.ts';

export type Phase = 'idle' | 'exporting' | 'scanning' | 'resolving' | 'rescanning' | 'review' | 'applying' | 'replacing' | 'verifying' | 'restoring' | 'done';

/** A step and, where the size is known, how far it is. */
export interface Progress {
  phase: Phase;
  done?: number;
  total?: number;
}

export type OnProgress = (p: Progress) => void;

/** Everything apply needs that scan produced: the exact bytes and settings scanned, and the token. */
export interface ScanSession {
  file: Uint8Array;
  settings: HyperlinkSettings;
  packet: ScanPacket;
  resolver: ResolverReport | null;
  /** Why Crossref resolution did not run or failed (scan results are still usable). */
  resolverWarning: string | null;
  /** The scanned document's summary (paragraph map for locating matches). */
  summary: DocxSummary | null;
}

export interface ApplySession {
  result: ApplyResult;
  outcome: ReplaceOutcome;
  /** The document as it was just before the replace, for "Restore original". */
  original: Uint8Array;
  /** What Word kept, checked by exporting again (null when the output went to a new document). */
  verification: Verification | null;
  /** The document as Word had it right after apply (null when not read): restore names the edits made since. */
  after: DocxSummary | null;
  /** Set when the document had changed and decisions were carried over to a new scan. */
  carried: CarryResult | null;
}

export type ApplyStep =
  | { kind: 'applied'; applied: ApplySession; session: ScanSession }
  /** The document changed: some decisions could not be carried, or new text has new mentions; the user reviews the new scan. */
  | { kind: 'rescanned'; session: ScanSession; carry: CarryResult }
  /** Asked to apply as tracked revisions, but the output is more than links (nothing was written). */
  | { kind: 'untrackable'; why: Unplannable; session: ScanSession };

export class CancelledError extends Error {
  constructor() {
    super(S.phase.cancelled);
    this.name = 'CancelledError';
  }
}

function check(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new CancelledError();
}

async function summaryOrNull(bytes: Uint8Array): Promise<DocxSummary | null> {
  try {
    return await summarizeDocx(bytes);
  } catch {
    return null;
  }
}

async function scanBytes(
  file: Uint8Array,
  client: ServiceClient,
  settings: HyperlinkSettings,
  onProgress: OnProgress,
  signal?: AbortSignal,
  phase: Phase = 'scanning',
): Promise<ScanSession> {
  onProgress({ phase });
  const [packet, summary] = await Promise.all([client.scan(file, settings), summaryOrNull(file)]);
  check(signal);
  let resolver: ResolverReport | null = null;
  let resolverWarning: string | null = null;
  if (settings.crossref) {
    if (!settings.doi) {
      resolverWarning = S.resolver.skippedNeedsDoi;
    } else {
      onProgress({ phase: 'resolving' });
      try {
        // The stream's events drive the bar: one per reference resolved. Cancel closes the stream, which stops the registry calls.
        resolver = await client.crossref(file, settings, packet.scanFingerprint, (done, total) => onProgress({ phase: 'resolving', done, total }));
      } catch (e) {
        if (!(e instanceof ServiceError) || e.status === 0 || e.body?.reason === 'service_unreachable') throw e;
        const plan = e.status === 403 && e.body?.reason === 'hyperlinker_requires_paid_plan';
        resolverWarning = plan ? S.resolver.paidPlan : S.resolver.unavailable(errorInWords(e, ''));
      }
      check(signal);
    }
  }
  return { file, settings, packet, resolver, resolverWarning, summary };
}

/** The document as the author wrote it: exported, without the pane's own review record (docx/review-part.ts). */
async function exportDocument(host: DocumentHost, onProgress: OnProgress, phase: Phase = 'exporting'): Promise<Uint8Array> {
  onProgress({ phase });
  return stripReviewPart(await host.getDocx((done, total) => onProgress({ phase, done, total })));
}

export async function runScan(host: DocumentHost, client: ServiceClient, settings: HyperlinkSettings, onProgress: OnProgress, signal?: AbortSignal): Promise<ScanSession> {
  const file = await exportDocument(host, onProgress);
  check(signal);
  return scanBytes(file, client, settings, onProgress, signal);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Exports the document again and compares it with what it should be (and returns what Word has, when read). */
async function exportAndCheck(host: DocumentHost, expected: Uint8Array | string, onProgress: OnProgress): Promise<{ verification: Verification; now: DocxSummary | null }> {
  onProgress({ phase: 'verifying' });
  try {
    const want = await summarizeDocx(typeof expected === 'string' ? base64ToBytes(expected) : expected);
    const now = await summarizeDocx(await exportDocument(host, onProgress, 'verifying'));
    return { verification: compareSummaries(want, now), now };
  } catch (e) {
    return { verification: { ok: false, problems: [S.verify.couldNotCheck(e instanceof Error ? e.message : String(e))] }, now: null };
  }
}

/** Exports the document again and compares it with what it should be. */
async function verifyDocument(host: DocumentHost, expected: Uint8Array | string, onProgress: OnProgress): Promise<Verification> {
  return (await exportAndCheck(host, expected, onProgress)).verification;
}

/**
 * What "Restore original" would throw away: the author's edits since apply (the document now against
 * the document as apply left it), in words; empty when nothing changed or the document cannot be read.
 */
export async function editsSinceApply(host: DocumentHost, applied: ApplySession, onProgress: OnProgress): Promise<string[]> {
  const before = applied.after ?? (await summaryOrNull(base64ToBytes(applied.result.docx)));
  if (!before) return [];
  try {
    const now = await summarizeDocx(await exportDocument(host, onProgress));
    return editsSince(before, now);
  } catch {
    return [];
  }
}

export interface ApplyInput {
  session: ScanSession;
  review: ReviewState;
  /** The Resolve step's choices per reference (review/resolver-choices.ts). */
  approvedWorks: WorkChoices;
  /** The bibliography style step (components/StylePicker.tsx): rewrite in this style when approved. */
  bibliography?: { styleId: string | null; rewrite: boolean };
  /** Make the links one by one, each a tracked change (Track Changes on), instead of replacing the document. */
  asRevisions?: boolean;
}

/**
 * Apply without losing the author's work: the document is exported again; if it is not the scanned
 * one, it is scanned again and the decisions carried over (stopping for review when some could not
 * be); the output replaces the document, which is then exported once more and checked.
 */
export async function runApply(host: DocumentHost, client: ServiceClient, input: ApplyInput, onProgress: OnProgress, signal?: AbortSignal): Promise<ApplyStep> {
  let { session } = input;
  let decisions: ReviewDecision[] = buildDecisions(input.review);
  let carried: CarryResult | null = null;
  const current = await exportDocument(host, onProgress);
  check(signal);
  /**
   * Scans the current bytes and carries the decisions over. True when the author must look first:
   * some decisions could not be carried, or text added or changed since the scan has new mentions
   * (nothing is written before they are reviewed).
   */
  const rescanStops = async (): Promise<boolean> => {
    session = await scanBytes(current, client, session.settings, onProgress, signal, 'rescanning');
    const c = carryOver(input.review, session.packet);
    carried = c;
    decisions = buildDecisions({ matches: session.packet.matches, targets: session.packet.targets, choices: c.choices, error: null });
    return c.notCarried.length > 0 || c.added.length > 0;
  };
  if (!sameBytes(current, session.file) && (await rescanStops())) return { kind: 'rescanned', session, carry: carried! };
  let result: ApplyResult;
  try {
    result = await applyOnce(client, session, decisions, input, onProgress);
  } catch (e) {
    // An expired or foreign scan token (24 h old, a service restarted with a new secret) ends nothing:
    // the same bytes are scanned again, the decisions carried over, and apply goes on. Only a refused key stops it.
    if (!isScanTokenRefusal(e)) throw e;
    check(signal);
    if (await rescanStops()) return { kind: 'rescanned', session, carry: carried! };
    result = await applyOnce(client, session, decisions, input, onProgress);
  }
  check(signal);
  if (input.asRevisions) return applyAsRevisions(host, session, result, { original: current, carried }, onProgress);
  onProgress({ phase: 'replacing' });
  const outcome = await host.replaceDocument(result.docx);
  const checked = outcome.mode === 'opened-new' ? null : await exportAndCheck(host, result.docx, onProgress);
  return { kind: 'applied', applied: { result, outcome, original: current, verification: checked?.verification ?? null, after: checked?.now ?? null, carried }, session };
}

/**
 * The output's links made one by one in the open document while Track Changes records each, then the
 * document exported and checked as after a replace (plus the edits that could not be placed).
 */
async function applyAsRevisions(
  host: DocumentHost,
  session: ScanSession,
  result: ApplyResult,
  kept: { original: Uint8Array; carried: CarryResult | null },
  onProgress: OnProgress,
): Promise<ApplyStep> {
  const planned = await revisionPlan(session.file, result.docx);
  if ('unplannable' in planned) return { kind: 'untrackable', why: planned.unplannable, session };
  onProgress({ phase: 'replacing' });
  const made = await host.applyAsRevisions(planned.plan, result.docx);
  const outcome: ReplaceOutcome = { mode: 'revisions', message: S.revisions.made(made.placed) };
  const checked = await exportAndCheck(host, result.docx, onProgress);
  const problems = [...made.missed, ...checked.verification.problems];
  const verification: Verification = { ok: problems.length === 0, problems };
  return { kind: 'applied', applied: { result, outcome, original: kept.original, verification, after: checked.now, carried: kept.carried }, session };
}

/** The service's 401 "scan token invalid" (any reason): the token, not the key, was refused. */
function isScanTokenRefusal(e: unknown): boolean {
  return e instanceof ServiceError && e.status === 401 && e.body?.error === 'scan token invalid';
}

async function applyOnce(client: ServiceClient, session: ScanSession, decisions: ReviewDecision[], input: ApplyInput, onProgress: OnProgress): Promise<ApplyResult> {
  const token = session.resolver?.scanToken || session.packet.scanToken;
  if (!token) throw new Error(S.errors.noScanToken);
  const resolvedWorks = worksToApply(session.resolver, input.approvedWorks);
  onProgress({ phase: 'applying' });
  return client.apply({
    file: session.file,
    settings: session.settings,
    scanToken: token,
    scanFingerprint: session.resolver?.scanFingerprint || session.packet.scanFingerprint,
    decisions,
    ...(resolvedWorks ? { resolvedWorks } : {}),
    ...styleFields(input.bibliography, session.resolver?.detectedCslId ?? session.packet.detectedCslId ?? null),
  });
}

/** detectedCslId and applyBibRewrite for apply: the author's approved choice, else the detected id alone (no rewrite). */
function styleFields(choice: ApplyInput['bibliography'], detected: string | null): { detectedCslId?: string; applyBibRewrite?: boolean } {
  if (choice?.rewrite && choice.styleId) return { detectedCslId: choice.styleId, applyBibRewrite: true };
  return detected ? { detectedCslId: detected } : {};
}

/** Puts the kept original back and checks it. */
export async function runRestore(host: DocumentHost, original: Uint8Array, onProgress: OnProgress): Promise<Verification> {
  onProgress({ phase: 'restoring' });
  await host.replaceDocument(bytesToBase64(original));
  return verifyDocument(host, original, onProgress);
}
