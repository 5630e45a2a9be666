// React glue for the pipeline: phase, scan session, review reducer, apply result, errors.
import { useCallback, useReducer, useState } from 'react';
import type { HyperlinkSettings } from '../../shared/settings.ts';
import type { DocumentHost } from '../host/host.ts';
import { emptyReviewState, reviewReducer } from '../review/review-state.ts';
import { buildDecisions } from '../review/decisions.ts';
import { createServiceClient, type ServiceConnection } from '../service-client.ts';
import { runApply, runScan, type ApplySession, type Phase, type ScanSession } from './pipeline.ts';

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export function useWorkflow(host: DocumentHost, connection: ServiceConnection, settings: HyperlinkSettings) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [session, setSession] = useState<ScanSession | null>(null);
  const [applied, setApplied] = useState<ApplySession | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [approvedWorks, setApprovedWorks] = useState<Record<string, boolean>>({});
  const [review, dispatch] = useReducer(reviewReducer, emptyReviewState);

  const scan = useCallback(async () => {
    setError(null);
    setApplied(null);
    try {
      const s = await runScan(host, createServiceClient(connection), settings, setPhase);
      setSession(s);
      dispatch({ type: 'load', packet: s.packet });
      const works: Record<string, boolean> = {};
      for (const [id, w] of Object.entries(s.resolver?.resolvedWorks ?? {})) works[id] = w.citationImpact === 'link-only-safe' && w.confidence >= 0.9;
      setApprovedWorks(works);
      setPhase('review');
    } catch (e) {
      setError(message(e));
      setPhase(session ? 'review' : 'idle');
    }
  }, [host, connection, settings, session]);

  const apply = useCallback(async () => {
    if (!session) return;
    setError(null);
    setPhase('applying');
    try {
      const done = await runApply(host, createServiceClient(connection), session, buildDecisions(review), approvedWorks);
      setApplied(done);
      setPhase('done');
    } catch (e) {
      setError(message(e));
      setPhase('review');
    }
  }, [host, connection, session, review, approvedWorks]);

  const reset = useCallback(() => {
    setSession(null);
    setApplied(null);
    setError(null);
    dispatch({ type: 'load', packet: { matches: [], targets: [] } });
    setPhase('idle');
  }, []);

  return { phase, session, applied, error, setError, review, dispatch, approvedWorks, setApprovedWorks, scan, apply, reset };
}

export type Workflow = ReturnType<typeof useWorkflow>;
