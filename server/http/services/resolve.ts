// /hyperlink-crossref once a resolver is plugged in: scan (for a fresh token), then resolve references.
import type { ResolverReport } from '../../../shared/contract.ts';
import type { AppContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import type { ResolverPort } from '../resolver-port.ts';
import { scanDocument, type DocumentRequest } from './documents.ts';

export async function resolveReferences(ctx: AppContext, resolver: ResolverPort, req: DocumentRequest, scanFingerprint: string | undefined): Promise<ResolverReport> {
  if (!req.settings.doi || !req.settings.crossref) throw badRequest('Resolver requires settings doi and crossref set to true', 'resolver_settings');
  const packet = await scanDocument(ctx, req, 'hyperlink-crossref');
  if (scanFingerprint && scanFingerprint !== packet.scanFingerprint) {
    throw badRequest('scanFingerprint does not match this file and settings; scan again', 'fingerprint_mismatch');
  }
  const report = await resolver.resolve({
    bytes: req.bytes,
    settings: req.settings,
    packet,
    crossrefApiUrl: ctx.config.crossrefApiUrl,
    crossrefMailto: ctx.config.crossrefMailto,
    signal: AbortSignal.timeout(ctx.config.engineTimeoutMs),
  });
  return { ...report, scanFingerprint: packet.scanFingerprint, scanToken: packet.scanToken };
}
