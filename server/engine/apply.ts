// apply(): writes reviewed decisions into the DOCX; direct(): scan, approve every ready match, apply.
// The linker lives in ./link/ (see link/apply-core.ts for the flow).

import type { ApplyOutput, ResolvedWork, ReviewDecision } from '../../shared/contract.ts';
import type { HyperlinkSettings } from '../../shared/settings.ts';
import { applyAnalysis } from './link/apply-core.ts';
import { detect } from './scan.ts';

export function apply(
  bytes: Uint8Array,
  settings: HyperlinkSettings,
  decisions: ReviewDecision[],
  options?: { resolvedWorks?: Record<string, ResolvedWork> },
): ApplyOutput {
  return applyAnalysis(detect(bytes, settings, { forLinking: true }), bytes, decisions, options);
}

/** The one-step flow: every match the scan marks ready is approved, and every ready resolved work given (settings.crossref) is linked. */
export function direct(bytes: Uint8Array, settings: HyperlinkSettings, options?: { resolvedWorks?: Record<string, ResolvedWork> }): ApplyOutput {
  const analysis = detect(bytes, settings, { forLinking: true });
  const decisions: ReviewDecision[] = [];
  for (const [refId, m] of analysis.matchById) if (m.status === 'ready') decisions.push({ refId, status: 'approved' });
  return applyAnalysis(analysis, bytes, decisions, options);
}
