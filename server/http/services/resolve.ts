// /hyperlink-crossref: allowance, scan (for a fresh token and the references), then the resolver.
// The caller chooses how the answer travels (JSON or an event stream): this module reports progress
// through a callback and returns the report. Registry trouble never fails the request: the resolver
// holds the references it could not resolve. Cancellation (client gone) and the time-out come in as
// one AbortSignal, which stops every registry call.
import type { ResolverReport, ScanPacket } from '../../../shared/contract.ts';
import { creditBalance } from '../../db/credits.ts';
import { insertUsage } from '../../db/usage.ts';
import type { ResolveProgress } from '../../resolver/ports.ts';
import { referencesFromPacket } from '../../resolver/references.ts';
import type { AppContext } from '../context.ts';
import { HttpError, badRequest } from '../errors.ts';
import type { ResolverPort } from '../../resolver/ports.ts';
import { scanDocument, type DocumentRequest } from './documents.ts';

export interface ResolveHooks {
  signal: AbortSignal;
  /** Called once the scan is done and the number of references is known. */
  onStart?: (info: { total: number; scanFingerprint: string }) => void;
  onProgress?: (event: ResolveProgress) => void;
}

const noCredits = (): HttpError => new HttpError(402, 'No credits remaining', 'no_credits');

/** Status code recorded in usage when the client went away before the answer (nginx's convention). */
const CLIENT_CLOSED = 499;

/** Checks everything that can be refused before the (slow) resolution starts; returns the scan. */
export async function prepareResolve(ctx: AppContext, req: DocumentRequest, scanFingerprint: string | undefined): Promise<ScanPacket & { scanToken: string }> {
  if (!req.settings.doi || !req.settings.crossref) throw badRequest('Resolver requires settings doi and crossref set to true', 'resolver_settings');
  // Resolving spends no credit (apply does) but needs an allowance left to apply it with.
  if ((await creditBalance(ctx.pool, req.caller.account)) <= 0) throw noCredits();
  const packet = await scanDocument(ctx, req, 'hyperlink-crossref');
  if (scanFingerprint && scanFingerprint !== packet.scanFingerprint) {
    throw badRequest('scanFingerprint does not match this file and settings; scan again', 'fingerprint_mismatch');
  }
  return packet;
}

/** The report's counters from the references' outcomes (when the resolver did not give them). */
function countOutcomes(report: Pick<ResolverReport, 'references' | 'resolvedWorks'>): NonNullable<ResolverReport['resolverReport']> {
  const counts = { resolved: 0, reviewRequired: 0, unresolved: 0 };
  for (const ref of report.references) {
    const status = ref.status ?? report.resolvedWorks[ref.refId]?.status ?? (report.resolvedWorks[ref.refId] ? 'ready' : 'unmatched');
    if (status === 'ready') counts.resolved++;
    else if (status === 'low_confidence') counts.reviewRequired++;
    else counts.unresolved++;
  }
  return counts;
}

function isAbort(err: unknown, signal: AbortSignal): boolean {
  return signal.aborted && (err === signal.reason || (err as { name?: string })?.name === 'AbortError' || (err as { name?: string })?.name === 'TimeoutError');
}

export async function resolveReferences(ctx: AppContext, resolver: ResolverPort, req: DocumentRequest, packet: ScanPacket & { scanToken: string }, hooks: ResolveHooks): Promise<ResolverReport> {
  const record = (status: number, resolved: number) =>
    insertUsage(ctx.pool, {
      apiKeyId: req.caller.keyId, userId: req.caller.userId, orgId: req.caller.orgId, route: 'hyperlink-crossref', status,
      scanFingerprint: packet.scanFingerprint, linkCount: resolved, creditsUsed: 0, requestId: req.requestId,
    }).catch(() => undefined);
  const total = referencesFromPacket(packet).length;
  hooks.onStart?.({ total, scanFingerprint: packet.scanFingerprint });
  let parts: Awaited<ReturnType<ResolverPort['resolve']>>;
  try {
    parts = await resolver.resolve({
      bytes: req.bytes,
      settings: req.settings,
      packet,
      crossrefApiUrl: ctx.config.crossrefApiUrl,
      crossrefMailto: ctx.config.crossrefMailto,
      signal: hooks.signal,
      account: `${req.caller.account.kind}:${req.caller.account.id}`,
      ...(hooks.onProgress ? { onProgress: hooks.onProgress } : {}),
    });
  } catch (err) {
    if (isAbort(err, hooks.signal)) {
      const timedOut = (hooks.signal.reason as { name?: string } | undefined)?.name === 'TimeoutError';
      await record(timedOut ? 503 : CLIENT_CLOSED, 0);
      throw new HttpError(503, 'Service temporarily unavailable', timedOut ? 'resolver_timeout' : 'client_closed', {
        hint: timedOut ? 'Resolving took longer than the server allows; resolve again (answers found so far are cached).' : 'The request was cancelled.',
      });
    }
    ctx.logger.error({ requestId: req.requestId, errName: (err as { name?: string })?.name, errCode: (err as { code?: string })?.code }, 'resolver failed');
    await record(503, 0);
    throw new HttpError(503, 'Service temporarily unavailable', 'resolver_failed', { hint: 'The reference resolver failed; scan and apply work without it. Try again later.' });
  }
  const resolverReport = parts.resolverReport ?? countOutcomes(parts);
  await record(200, resolverReport.resolved);
  return {
    ...parts,
    scanFingerprint: packet.scanFingerprint,
    scanToken: packet.scanToken,
    detectedCslId: parts.detectedCslId ?? null,
    styleDetection: parts.styleDetection ?? null,
    resolverReport,
  };
}

