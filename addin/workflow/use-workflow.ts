// React glue for the pipeline: progress and cancel, scan session, review reducer, the Track Changes
// question before apply, apply result with verification, restore, and errors in words.
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { HyperlinkSettings } from '../../shared/settings.ts';
import type { DocumentHost } from '../host/host.ts';
import { emptyReviewState, reviewReducer } from '../review/review-state.ts';
import type { CarryResult } from '../review/carry-over.ts';
import type { Verification } from '../docx/verify.ts';
import { createServiceClient, ServiceError, type ServiceClient, type ServiceConnection } from '../service-client.ts';
import { CancelledError, editsSinceApply, runApply, runRestore, runScan, type ApplySession, type Phase, type Progress, type ScanSession } from './pipeline.ts';
import { errorInWords } from './error-text.ts';
import { S } from '../strings.ts';
import { initialChoices, type WorkChoices } from '../review/resolver-choices.ts';
import type { StyleChoice } from '../components/StylePicker.tsx';
import { useStylePreview } from './use-style-preview.ts';
import { preselectedStyle } from '../review/style-choice.ts';
import { memoryStore, type KeyValueStore } from '../settings/stores.ts';
import { resumeReview, snapshotReview, type SavedReview } from '../review/saved-review.ts';
import { clearReview, loadReview, reviewSaver, saveReview } from '../review/review-records.ts';
import type { Unplannable } from '../docx/revision-plan.ts';

const defaultStore = memoryStore();

/** How to apply: as-is (Track Changes off), or with it on: turned off for the apply, as one revision, each link tracked. */
export type TrackAnswer = 'as-is' | 'turn-off' | 'one-revision' | 'tracked';

const BUSY_PHASES: readonly Phase[] = ['exporting', 'scanning', 'resolving', 'rescanning', 'applying', 'replacing', 'verifying', 'restoring'];

/** The service client for one step: the browser's fetch, bound to the step's abort signal. */
function browserClient(connection: ServiceConnection, signal: AbortSignal): ServiceClient {
  return createServiceClient(connection, (input, init) => fetch(input, { ...init, signal }));
}

/** clientFor is the door to the service (tests pass a fake; the pane uses browserClient). */
/** Where a carry-over came from: apply found the document changed, or a saved review was resumed (on the same or a changed document). */
export type CarrySource = 'apply' | 'resume-same' | 'resume-changed';

/** store keeps the local copy of the saved review (default: memory, for tests that do not look at it). */
export function useWorkflow(
  host: DocumentHost,
  connection: ServiceConnection,
  settings: HyperlinkSettings,
  clientFor: (connection: ServiceConnection, signal: AbortSignal) => ServiceClient = browserClient,
  store: KeyValueStore = defaultStore,
) {
  const [progress, setProgress] = useState<Progress>({ phase: 'idle' });
  const [session, setSession] = useState<ScanSession | null>(null);
  const [applied, setApplied] = useState<ApplySession | null>(null);
  const [restored, setRestored] = useState<Verification | null>(null);
  const [carry, setCarry] = useState<CarryResult | null>(null);
  const [carrySource, setCarrySource] = useState<CarrySource>('apply');
  /** A review saved with the open document, offered for resuming while nothing is scanned. */
  const [saved, setSaved] = useState<SavedReview | null>(null);
  /** The last save could not go into the document (the local copy holds it). */
  const [savedLocallyOnly, setSavedLocallyOnly] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** A word about the last step that is no error (it was cancelled). */
  const [info, setInfo] = useState<string | null>(null);
  const [trackPrompt, setTrackPrompt] = useState(false);
  /** Why the last "apply as tracked changes" could not be done (the output is more than links). */
  const [untrackable, setUntrackable] = useState<Unplannable | null>(null);
  const [approvedWorks, setApprovedWorks] = useState<WorkChoices>({});
  const [bibliography, setBibliography] = useState<StyleChoice>({ styleId: null, rewrite: false });
  const [review, dispatch] = useReducer(reviewReducer, emptyReviewState);
  const abort = useRef<AbortController | null>(null);
  const phase = progress.phase;

  const client = useCallback((signal: AbortSignal) => clientFor(connection, signal), [clientFor, connection]);

  /** Runs one step with a fresh AbortController; errors become words, cancel is silent. */
  const guarded = useCallback(
    async (fallback: Phase | (() => Phase), step: (signal: AbortSignal) => Promise<void>) => {
      const controller = new AbortController();
      abort.current = controller;
      setError(null);
      setInfo(null);
      try {
        await step(controller.signal);
      } catch (e) {
        const cancelled = controller.signal.aborted || e instanceof CancelledError;
        setError(cancelled ? null : errorInWords(e, connection.baseUrl));
        // Cancel is said too: the step stopped before anything was written.
        setInfo(cancelled ? S.phase.cancelled : null);
        setProgress({ phase: typeof fallback === 'function' ? fallback() : fallback });
      } finally {
        if (abort.current === controller) abort.current = null;
      }
    },
    [connection.baseUrl],
  );

  const loadSession = useCallback((s: ScanSession, choices?: CarryResult['choices']) => {
    setSession(s);
    dispatch({ type: 'load', packet: s.packet, ...(choices ? { choices } : {}) });
    setApprovedWorks(initialChoices(s.resolver));
    // The detected style is preselected when it is bundled (a style recognised only by a former layout
    // cannot be rewritten in); the rewrite stays off until the author turns it on.
    setBibliography((b) => ({ styleId: b.styleId ?? preselectedStyle(s.resolver?.detectedCslId ?? s.packet.detectedCslId), rewrite: b.rewrite }));
  }, []);

  // Every decision, retarget and resolver choice is saved as it is made (in the document and locally).
  const saver = useMemo(
    () =>
      reviewSaver(async (snapshot) => {
        const out = await saveReview(host, store, snapshot);
        setSavedLocallyOnly(!out.inDocument);
      }),
    [host, store],
  );
  const reviewing = session !== null && phase === 'review';
  useEffect(() => {
    if (!session || !reviewing) return;
    if (Object.keys(review.choices).length === 0 && Object.keys(approvedWorks).length === 0) return;
    saver.push(
      snapshotReview({ fingerprint: session.packet.scanFingerprint, documentName: host.documentName(), review, resolver: session.resolver, works: approvedWorks }),
    );
  }, [saver, host, session, reviewing, review, approvedWorks]);

  // A saved review of the open document is offered while nothing is scanned (at start, and when the
  // demo opens another file).
  const hasSession = session !== null;
  useEffect(() => {
    let live = true;
    const look = () => {
      loadReview(host, store)
        .then((r) => (live ? setSaved(r && r.matches.length > 0 ? r : null) : undefined))
        .catch(() => undefined);
    };
    if (!hasSession) look();
    const off = host.onDocumentOpened(() => {
      setSession(null);
      setApplied(null);
      setCarry(null);
      dispatch({ type: 'load', packet: { matches: [], targets: [] } });
      setProgress({ phase: 'idle' });
      look();
    });
    return () => {
      live = false;
      off();
    };
  }, [host, store, hasSession]);

  /** Scans, then puts the saved decisions back: by identity, naming what a changed document could not keep. */
  const resume = useCallback(
    () =>
      guarded('idle', async (signal) => {
        if (!saved) return;
        const s = await runScan(host, client(signal), settings, setProgress, signal);
        const r = resumeReview(saved, s.packet, s.resolver, initialChoices(s.resolver));
        setApplied(null);
        setRestored(null);
        loadSession(s, r.carry.choices);
        setApprovedWorks(r.works);
        setCarrySource(r.sameDocument ? 'resume-same' : 'resume-changed');
        setCarry(r.carry);
        setSaved(null);
        setProgress({ phase: 'review' });
      }),
    [guarded, host, client, settings, saved, loadSession],
  );

  const startOver = useCallback(() => {
    setSaved(null);
    void clearReview(host, store);
  }, [host, store]);

  const scan = useCallback(() => {
    // A failed scan leaves the pane where it was (review, or the applied result), except a rejected
    // file (400, 413, 422): the review on screen belonged to a document that is no longer the one open.
    let rejected = false;
    const prior = session ? phase : 'idle';
    return guarded(
      () => (rejected ? 'idle' : prior),
      async (signal) => {
        let s: ScanSession;
        try {
          s = await runScan(host, client(signal), settings, setProgress, signal);
        } catch (e) {
          if (e instanceof ServiceError && [400, 413, 422].includes(e.status)) {
            rejected = true;
            setSession(null);
            setApplied(null);
            setRestored(null);
            setCarry(null);
            dispatch({ type: 'load', packet: { matches: [], targets: [] } });
          }
          throw e;
        }
        setApplied(null);
        setRestored(null);
        setCarry(null);
        setSaved(null);
        loadSession(s);
        setProgress({ phase: 'review' });
      },
    );
  }, [guarded, host, client, settings, session, phase, loadSession]);

  /** The answer to the Track Changes question: off for the apply, as one revision, or each link a tracked change. */
  const doApply = useCallback(
    (answer: TrackAnswer = 'as-is') =>
      guarded('review', async (signal) => {
        if (!session) return;
        setTrackPrompt(false);
        setUntrackable(null);
        // Track Changes comes back as the author had it, whatever the path (turned off, one revision, tracked
        // links, a new document) and whatever happens to the apply (done, failed, cancelled).
        const authorMode = await host.trackChangesMode().catch(() => null);
        if (answer === 'turn-off') await host.turnOffTrackChanges();
        let step: Awaited<ReturnType<typeof runApply>>;
        try {
          const input = { session, review, approvedWorks, bibliography, asRevisions: answer === 'tracked' };
          step = await runApply(host, client(signal), input, setProgress, signal);
        } finally {
          if (authorMode !== null) await host.restoreTrackChanges(authorMode).catch(() => undefined);
        }
        setCarrySource('apply');
        if (step.kind === 'untrackable') {
          // Nothing was written: the question again, saying why tracked links are not possible for this apply.
          setSession(step.session);
          setUntrackable(step.why);
          setTrackPrompt(true);
          setProgress({ phase: 'review' });
          return;
        }
        if (step.kind === 'rescanned') {
          loadSession(step.session, step.carry.choices);
          setCarry(step.carry);
          setProgress({ phase: 'review' });
          return;
        }
        setSession(step.session);
        setCarry(step.applied.carried);
        setApplied(step.applied);
        setProgress({ phase: 'done' });
        // The decisions are in the document now: the saved review has done its work.
        await saver.idle();
        await clearReview(host, store);
      }),
    [guarded, host, client, session, review, approvedWorks, bibliography, loadSession, saver, store],
  );

  /** Apply, first asking about Track Changes when it is on. */
  const apply = useCallback(async () => {
    if (!session) return;
    let tracking = 'unsupported';
    try {
      tracking = await host.trackChanges();
    } catch {
      tracking = 'unsupported';
    }
    setUntrackable(null);
    if (tracking === 'on') setTrackPrompt(true);
    else await doApply();
  }, [host, session, doApply]);

  /** Edits made since apply that "Restore original" would throw away: asked about before restoring. */
  const [restoreEdits, setRestoreEdits] = useState<string[] | null>(null);
  /** Restores the original; first, when the document changed since apply, names the edits and asks (anyway = answered yes). */
  const restore = useCallback(
    (anyway = false) =>
      guarded('done', async () => {
        if (!applied) return;
        setRestoreEdits(null);
        if (!anyway) {
          const edits = await editsSinceApply(host, applied, setProgress);
          if (edits.length > 0) {
            setRestoreEdits(edits);
            setProgress({ phase: 'done' });
            return;
          }
        }
        const authorMode = await host.trackChangesMode().catch(() => null);
        let v: Verification;
        try {
          v = await runRestore(host, applied.original, setProgress);
        } finally {
          if (authorMode !== null) await host.restoreTrackChanges(authorMode).catch(() => undefined);
        }
        setRestored(v);
        setProgress({ phase: 'done' });
      }),
    [guarded, host, applied],
  );

  const cancel = useCallback(() => abort.current?.abort(), []);
  // The pane going away (signing out, closing the task pane) cancels the step in flight: its upload and the
  // service's work stop, and nothing it would answer has a pane left to show it.
  useEffect(() => () => abort.current?.abort(), []);
  const stylePreview = useStylePreview(client, connection.baseUrl, session, bibliography.styleId, approvedWorks);

  return {
    phase,
    progress,
    busy: BUSY_PHASES.includes(phase),
    session,
    applied,
    restored,
    carry,
    carrySource,
    saved,
    savedLocallyOnly,
    resume,
    startOver,
    /** Resolves when every save made so far is written (tests, and before leaving). */
    savesWritten: () => saver.idle(),
    error,
    setError,
    info,
    review,
    dispatch,
    approvedWorks,
    setApprovedWorks,
    bibliography,
    setBibliography,
    stylePreview,
    scan,
    apply,
    applyAfterPrompt: doApply,
    trackPrompt,
    untrackable,
    /** Whether the host can make the links as tracked changes (asked only when Track Changes is on). */
    canApplyAsRevisions: host.canApplyAsRevisions(),
    dismissTrackPrompt: () => {
      setTrackPrompt(false);
      setUntrackable(null);
    },
    restore,
    restoreEdits,
    dismissRestore: () => setRestoreEdits(null),
    cancel,
  };
}

