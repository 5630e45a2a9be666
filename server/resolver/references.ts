// The references to resolve, taken from a scan packet's bibliography targets (the engine's
// bibliography detector found and parsed them), and the ReferenceCandidate each becomes in the report.

import type { ReferenceCandidate, ReviewTarget, ScanPacket } from '../../shared/contract.ts';
import type { ResolveReference } from './ports.ts';
import { doiKey, normaliseDoi } from '../../shared/doi.ts';

/** The reference's written DOI in the form the resolver compares (shared/doi.ts), or null. */
function existingDoiKey(raw: string | null | undefined): string | null {
  const doi = normaliseDoi(raw);
  return doi === null ? null : doiKey(doi);
}


function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Bibliography targets of the packet, in reference-list order. */
export function referencesFromPacket(packet: Pick<ScanPacket, 'targets'>): ResolveReference[] {
  const bib = packet.targets.filter((t): t is ReviewTarget & { text: string } => t.type === 'bibliography' && typeof t.text === 'string' && t.text.trim() !== '');
  bib.sort((a, b) => (a.refIndex ?? 0) - (b.refIndex ?? 0));
  return bib.map((t, i) => ({
    refId: t.targetId,
    index: t.refIndex !== undefined ? t.refIndex - 1 : i,
    // The packet trims long entries to 297 characters plus "..."; the query does not need the tail.
    text: t.text.endsWith('...') && t.text.length >= 300 ? t.text.slice(0, -3) : t.text,
    existingDoi: existingDoiKey(t.doi),
    existingUrl: t.url ?? null,
  }));
}

/** The report's ReferenceCandidate for a reference (status and reasons are added by the resolver). */
export function referenceCandidate(ref: ResolveReference, parsed: { author: string | null; year: string | null; title: string | null }): ReferenceCandidate {
  return {
    refId: ref.refId,
    index: ref.index,
    refText: ref.text,
    refTextHtml: escapeHtml(ref.text),
    author: parsed.author,
    year: parsed.year,
    title: parsed.title,
    existingDoi: ref.existingDoi,
    existingUrl: ref.existingUrl,
  };
}
