// The document pipeline: scan (signs the token), apply (verifies it, then spends a credit) and direct.
// A credit is reserved before the engine writes output and settled only when the output is ready to send
// (credit-reservation.ts).
import type { ResolvedWork, ReviewDecision, ScanPacket } from '../../../shared/contract.ts';
import type { ReasonCode } from '../../../shared/reasons.ts';
import { canonicalSettings, type HyperlinkSettings } from '../../../shared/settings.ts';
import { recordKeyUse } from '../../db/api-keys.ts';
import type { Queryable } from '../../db/connection.ts';
import { insertUsage } from '../../db/usage.ts';
import type { ApplyJsonOutcome } from '../../worker/protocol.ts';
import type { KeyCaller } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { bibliographyStyleOf, type BibliographyPlan } from './apply-fields.ts';
import { signScanToken, verifyScanToken } from '../scan-token.ts';
import { sha256Hex } from '../../common/hash.ts';
import { engineHttpError, statusOf } from './engine-errors.ts';
import { withReservedCredit } from './credit-reservation.ts';
import type { IdempotencyClaim } from './idempotency.ts';
import { sha256OfBytes } from '../upload-buffer.ts';
import { resolveForDirect } from './resolve-direct.ts';

export type DocumentRoute = 'hyperlink-scan' | 'hyperlink-apply' | 'hyperlink' | 'hyperlink-crossref';

export interface DocumentRequest {
  caller: KeyCaller;
  requestId: string;
  bytes: Buffer;
  settings: HyperlinkSettings;
  /** True once the client has closed the connection: a document it can no longer receive is not charged. */
  clientGone?: () => boolean;
  /** The Idempotency-Key this request holds: its answer is kept in the transaction that charges it. */
  idempotency?: IdempotencyClaim;
  /** The retry of a delivered request whose answer was too large to keep: recomputed, not charged again. */
  alreadyCharged?: boolean;
}

export interface ApplyRequest extends DocumentRequest {
  scanToken: string | undefined;
  scanFingerprint: string;
  decisions: ReviewDecision[];
  resolvedWorks?: Record<string, ResolvedWork>;
  warnings: ReasonCode[];
  /** The bibliography options (apply-fields.ts): an uploaded style is checked only after the scan token is
   * verified and a credit reserved, so a forged token or an empty account costs no CSL work. */
  bibliography?: BibliographyPlan;
}

/** sha256 of the upload: computed while it arrived (multipart), not in one piece on the event loop. */
const fileHash = sha256OfBytes;

async function record(ctx: AppContext, req: DocumentRequest, route: DocumentRoute, status: number, fingerprint: string | null, linkCount: number, credits: number): Promise<void> {
  const { caller } = req;
  await Promise.all([
    insertUsage(ctx.pool, { apiKeyId: caller.keyId, userId: caller.userId, orgId: caller.orgId, route, status, scanFingerprint: fingerprint, linkCount, creditsUsed: credits, requestId: req.requestId }),
    recordKeyUse(ctx.pool, caller.keyId, status === 200 ? 1 : 0),
  ]);
}

/** Runs an engine step; on failure writes a usage row with the failure's status and throws the contract error. */
async function engineStep<T>(ctx: AppContext, req: DocumentRequest, route: DocumentRoute, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    await record(ctx, req, route, statusOf(err), null, 0, 0).catch(() => undefined);
    throw engineHttpError(err);
  }
}

function tokenFor(ctx: AppContext, req: DocumentRequest, scanned: { scanFingerprint: string; graphHash: string; metadataHash: string }): string {
  return signScanToken(
    {
      fingerprint: scanned.scanFingerprint,
      fileHash: fileHash(req.bytes),
      settingsHash: sha256Hex(canonicalSettings(req.settings)),
      metadataHash: scanned.metadataHash,
      graphHash: scanned.graphHash,
      caller: req.caller.tokenSubject,
    },
    ctx.config.tokenSecret,
    ctx.config.scanTokenTtlHours,
  );
}

/** /hyperlink-scan's answer as JSON bytes: the worker serialises the packet, so a large manuscript's packet is
 * neither cloned into this thread nor stringified on its event loop; the token is spliced in front. */
export async function scanDocumentBody(ctx: AppContext, req: DocumentRequest): Promise<Buffer> {
  const route: DocumentRoute = 'hyperlink-scan';
  const outcome = await engineStep(ctx, req, route, () => ctx.engine.scanJson(req.bytes, req.settings));
  const scanToken = tokenFor(ctx, req, outcome);
  await record(ctx, req, route, 200, outcome.scanFingerprint, outcome.estimatedLinkCount, 0);
  const json = Buffer.from(outcome.json.buffer, outcome.json.byteOffset, outcome.json.byteLength);
  if (json[0] !== 0x7b) throw new Error('scan packet JSON is not an object');
  const rest = json.subarray(1);
  return Buffer.concat([Buffer.from(`{"scanToken":${JSON.stringify(scanToken)}${rest[0] === 0x7d ? '' : ','}`), rest]);
}

export async function scanDocument(ctx: AppContext, req: DocumentRequest, route: DocumentRoute = 'hyperlink-scan'): Promise<ScanPacket & { scanToken: string }> {
  const outcome = await engineStep(ctx, req, route, () => ctx.engine.scan(req.bytes, req.settings));
  const scanToken = tokenFor(ctx, req, { ...outcome, scanFingerprint: outcome.packet.scanFingerprint });
  if (route === 'hyperlink-scan') await record(ctx, req, route, 200, outcome.packet.scanFingerprint, outcome.packet.summary?.estimatedLinkCount ?? 0, 0);
  return { ...outcome.packet, scanToken };
}

/** Reserves one credit, runs the engine, settles the credit with the usage row only when output is ready to send. */
async function withCredit(ctx: AppContext, req: DocumentRequest, route: DocumentRoute, fingerprint: string | null, produce: () => Promise<ApplyJsonOutcome>): Promise<ApplyJsonOutcome> {
  const { caller } = req;
  if (req.alreadyCharged) return engineStep(ctx, req, route, produce);
  const claim = req.idempotency;
  let produced: ApplyJsonOutcome | null = null;
  return withReservedCredit(
    ctx,
    {
      account: caller.account,
      apiKeyId: caller.keyId,
      route,
      requestId: req.requestId,
      ...(req.clientGone ? { clientGone: req.clientGone } : {}),
      ...(claim
        ? {
            onReserved: (conn: Queryable, id: string) => claim.reserved(conn, id),
            onSettle: (conn: Queryable) => (produced ? claim.complete(conn, body(produced)) : Promise.reject(new Error('settled before the output'))),
          }
        : {}),
    },
    async () => (produced = await produce()),
    (output) => ({ apiKeyId: caller.keyId, userId: caller.userId, orgId: caller.orgId, route, status: 200, scanFingerprint: fingerprint, linkCount: output.linkCount, creditsUsed: 1, requestId: req.requestId }),
    async (err) => {
      await record(ctx, req, route, statusOf(err), fingerprint, 0, 0).catch(() => undefined);
      throw engineHttpError(err);
    },
  );
}

/** The answer's bytes as the worker made them (server/worker/apply-json.ts): sent as they are. */
function body(outcome: ApplyJsonOutcome): Buffer {
  return Buffer.from(outcome.json.buffer, outcome.json.byteOffset, outcome.json.byteLength);
}

/** /hyperlink-apply's answer (an ApplyResult) as JSON bytes, base64 and all made in the engine worker, off the event loop. */
export async function applyDocument(ctx: AppContext, req: ApplyRequest): Promise<Buffer> {
  const binding = verifyScanToken(req.scanToken, ctx.config.tokenSecret, {
    fingerprint: req.scanFingerprint,
    fileHash: fileHash(req.bytes),
    settingsHash: sha256Hex(canonicalSettings(req.settings)),
    caller: req.caller.tokenSubject,
  });
  // One worker call: the engine checks the token's graph, metadata and fingerprint on the analysis it links
  // (a mismatch is a 401 graph_mismatch and the credit goes back). The bytes are handed to the worker.
  const expect = { fingerprint: binding.fingerprint, graphHash: binding.graphHash, metadataHash: binding.metadataHash };
  const output = await withCredit(ctx, req, 'hyperlink-apply', binding.fingerprint, async () => {
    const bibliographyStyle = req.bibliography ? await bibliographyStyleOf(ctx.csl, req.bibliography) : null;
    return ctx.engine.apply(req.bytes, req.settings, req.decisions, {
      expect,
      extraWarnings: req.warnings,
      ...(req.resolvedWorks ? { resolvedWorks: req.resolvedWorks } : {}),
      ...(bibliographyStyle ? { bibliographyStyle } : {}),
    });
  });
  return body(output);
}

/** /hyperlink's answer (an ApplyResult) as JSON bytes, made in the engine worker as for apply. */
export async function directDocument(ctx: AppContext, req: DocumentRequest, signal: AbortSignal = AbortSignal.timeout(ctx.config.resolverTimeoutMs)): Promise<Buffer> {
  // settings.crossref: references are resolved first (services/resolve-direct.ts) and ready works linked too.
  const resolved = await resolveForDirect(ctx, req, signal);
  const output = await withCredit(ctx, req, 'hyperlink', null, () =>
    ctx.engine.direct(req.bytes, req.settings, { extraWarnings: resolved.warnings, ...(resolved.resolvedWorks ? { resolvedWorks: resolved.resolvedWorks } : {}) }),
  );
  return body(output);
}
