// The scan pipeline for linker tests on real documents: scan.ts's analyse() when every detector it
// imports has landed, else the same steps with the detectors available (bibliography, citations, DOIs).

import type { ReviewDecision } from '../../../../shared/contract.ts';
import { parseSettings, type HyperlinkSettings } from '../../../../shared/settings.ts';
import { detectBibliography } from '../../../../server/engine/detect/bibliography.ts';
import { detectCitations } from '../../../../server/engine/detect/citations.ts';
import { detectDois } from '../../../../server/engine/detect/dois.ts';
import type { MatchCandidate, TargetCandidate } from '../../../../server/engine/detect/types.ts';
import type { LinkInput } from '../../../../server/engine/link/apply-core.ts';
import { markIdentityChanges, readPersistedMetadata } from '../../../../server/engine/link/persisted.ts';
import { buildModel } from '../../../../server/engine/model/document.ts';
import { openDocx } from '../../../../server/engine/package/docx.ts';
import { applyHolds } from '../../../../server/engine/review/holds.ts';
import { matchId, sortMatches } from '../../../../server/engine/review/packet.ts';

type Analyse = (bytes: Uint8Array, settings: HyperlinkSettings) => LinkInput;
let full: Analyse | null | undefined;

export async function loadAnalyse(): Promise<Analyse> {
  if (full === undefined) {
    try { full = (await import('../../../../server/engine/scan.ts')).analyse as Analyse; } catch { full = null; }
  }
  return full ?? partialAnalyse;
}

export function partialAnalyse(bytes: Uint8Array, settings: HyperlinkSettings): LinkInput {
  const pkg = openDocx(bytes);
  const model = buildModel(pkg);
  const ctx = { model, settings };
  const bib = detectBibliography(ctx);
  const cites = detectCitations(ctx, bib);
  const matches: MatchCandidate[] = [...cites.matches, ...detectDois(ctx)];
  const targets: TargetCandidate[] = [...(bib?.entries ?? [])];
  applyHolds(matches, bib);
  const persisted = readPersistedMetadata(pkg);
  markIdentityChanges(matches, targets, persisted);
  sortMatches(matches);
  const matchById = new Map<string, MatchCandidate>();
  for (const m of matches) { let id = matchId(m); if (matchById.has(id)) id = `${id}-${m.end}`; matchById.set(id, m); }
  return { pkg, model, settings, targetById: new Map(targets.map((t) => [t.key, t])), matchById, packet: { persistedMetadata: persisted } };
}

export const SETTINGS = parseSettings({ doi: true, refTitleLink: false });

export function approveReady(input: LinkInput): ReviewDecision[] {
  const out: ReviewDecision[] = [];
  for (const [refId, m] of input.matchById) if (m.status === 'ready') out.push({ refId, status: 'approved' });
  return out;
}
