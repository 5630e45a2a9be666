// The add-in's steps without React: export → scan (→ resolve) and apply → replace.
import type { ApplyResult, ResolvedWork, ResolverReport, ScanPacket } from '../../shared/contract.ts';
import type { HyperlinkSettings } from '../../shared/settings.ts';
import type { DocumentHost, ReplaceOutcome } from '../host/host.ts';
import { ServiceError, type ServiceClient } from '../service-client.ts';

export type Phase = 'idle' | 'exporting' | 'scanning' | 'resolving' | 'review' | 'applying' | 'done';

/** Everything apply needs that scan produced: the exact bytes and settings scanned, and the token. */
export interface ScanSession {
  file: Uint8Array;
  settings: HyperlinkSettings;
  packet: ScanPacket;
  resolver: ResolverReport | null;
  /** Why Crossref resolution did not run or failed (scan results are still usable). */
  resolverWarning: string | null;
}

export interface ApplySession {
  result: ApplyResult;
  outcome: ReplaceOutcome;
}

export async function runScan(
  host: DocumentHost,
  client: ServiceClient,
  settings: HyperlinkSettings,
  onPhase: (p: Phase) => void,
): Promise<ScanSession> {
  onPhase('exporting');
  const file = await host.getDocx();
  onPhase('scanning');
  const packet = await client.scan(file, settings);
  let resolver: ResolverReport | null = null;
  let resolverWarning: string | null = null;
  if (settings.crossref) {
    if (!settings.doi) {
      resolverWarning = 'Crossref resolution was skipped: turn on "Link DOIs to doi.org" too.';
    } else {
      onPhase('resolving');
      try {
        resolver = await client.crossref(file, settings, packet.scanFingerprint);
      } catch (e) {
        if (!(e instanceof ServiceError)) throw e;
        resolverWarning = `Crossref resolution is unavailable: ${e.message}`;
      }
    }
  }
  return { file, settings, packet, resolver, resolverWarning };
}

/** Resolved works with the user's approval recorded; only approved ones are applied. */
export function worksToApply(resolver: ResolverReport | null, approved: Record<string, boolean>): Record<string, ResolvedWork> | undefined {
  if (!resolver) return undefined;
  const out: Record<string, ResolvedWork> = {};
  for (const [id, work] of Object.entries(resolver.resolvedWorks)) out[id] = { ...work, approved: approved[id] === true };
  return Object.keys(out).length ? out : undefined;
}

export async function runApply(
  host: DocumentHost,
  client: ServiceClient,
  session: ScanSession,
  decisions: Parameters<ServiceClient['apply']>[0]['decisions'],
  approvedWorks: Record<string, boolean>,
): Promise<ApplySession> {
  const token = session.resolver?.scanToken || session.packet.scanToken;
  if (!token) throw new Error('The scan returned no scan token; scan again.');
  const resolvedWorks = worksToApply(session.resolver, approvedWorks);
  const result = await client.apply({
    file: session.file,
    settings: session.settings,
    scanToken: token,
    scanFingerprint: session.resolver?.scanFingerprint || session.packet.scanFingerprint,
    decisions,
    ...(resolvedWorks ? { resolvedWorks } : {}),
    ...(session.resolver?.detectedCslId ? { detectedCslId: session.resolver.detectedCslId } : {}),
  });
  const outcome = await host.replaceDocument(result.docx);
  return { result, outcome };
}
