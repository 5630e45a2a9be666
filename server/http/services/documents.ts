// The document pipeline: scan (signs the token), apply (verifies it, then spends a credit) and direct.
// A credit is taken atomically before the engine writes output and given back if the engine fails.
import type { ApplyResult, ResolvedWork, ReviewDecision, ScanPacket } from '../../../shared/contract.ts';
import { canonicalSettings, type HyperlinkSettings } from '../../../shared/settings.ts';
import { recordKeyUse } from '../../db/api-keys.ts';
import { consumeCredit, refundCredit } from '../../db/credits.ts';
import { insertUsage } from '../../db/usage.ts';
import type { ApplyOutput } from '../../../shared/contract.ts';
import type { KeyCaller } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { HttpError } from '../errors.ts';
import { scanTokenInvalid, signScanToken, verifyScanToken } from '../scan-token.ts';
import { sha256 } from '../secrets.ts';
import { engineHttpError, statusOf } from './engine-errors.ts';
import { createHash } from 'node:crypto';

export type DocumentRoute = 'hyperlink-scan' | 'hyperlink-apply' | 'hyperlink' | 'hyperlink-crossref';

export interface DocumentRequest {
  caller: KeyCaller;
  requestId: string;
  bytes: Buffer;
  settings: HyperlinkSettings;
}

export interface ApplyRequest extends DocumentRequest {
  scanToken: string | undefined;
  scanFingerprint: string;
  decisions: ReviewDecision[];
  resolvedWorks?: Record<string, ResolvedWork>;
  warnings: string[];
}

const noCredits = (): HttpError => new HttpError(402, 'No credits remaining', 'no_credits');

function fileHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

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

export async function scanDocument(ctx: AppContext, req: DocumentRequest, route: DocumentRoute = 'hyperlink-scan'): Promise<ScanPacket & { scanToken: string }> {
  const outcome = await engineStep(ctx, req, route, () => ctx.engine.scan(req.bytes, req.settings));
  const scanToken = signScanToken(
    {
      fingerprint: outcome.packet.scanFingerprint,
      fileHash: fileHash(req.bytes),
      settingsHash: sha256(canonicalSettings(req.settings)),
      metadataHash: outcome.metadataHash,
      graphHash: outcome.graphHash,
      caller: req.caller.tokenSubject,
    },
    ctx.config.tokenSecret,
    ctx.config.scanTokenTtlHours,
  );
  if (route === 'hyperlink-scan') await record(ctx, req, route, 200, outcome.packet.scanFingerprint, outcome.packet.summary?.estimatedLinkCount ?? 0, 0);
  return { ...outcome.packet, scanToken };
}

/** Takes one credit, runs the engine, gives the credit back if no output comes out. */
async function withCredit(ctx: AppContext, req: DocumentRequest, route: DocumentRoute, fingerprint: string | null, produce: () => Promise<ApplyOutput>): Promise<ApplyOutput> {
  if (!(await consumeCredit(ctx.pool, req.caller.account))) throw noCredits();
  let output: ApplyOutput;
  try {
    output = await produce();
  } catch (err) {
    await refundCredit(ctx.pool, req.caller.account);
    await record(ctx, req, route, statusOf(err), fingerprint, 0, 0).catch(() => undefined);
    throw engineHttpError(err);
  }
  await record(ctx, req, route, 200, fingerprint, output.linkCount, 1);
  return output;
}

function toResult(output: ApplyOutput, extraWarnings: string[] = []): ApplyResult {
  const warnings = [...(output.warnings ?? []), ...extraWarnings];
  return { ...output, docx: Buffer.from(output.docx).toString('base64'), ...(warnings.length ? { warnings } : {}) };
}

export async function applyDocument(ctx: AppContext, req: ApplyRequest): Promise<ApplyResult> {
  const binding = verifyScanToken(req.scanToken, ctx.config.tokenSecret, {
    fingerprint: req.scanFingerprint,
    fileHash: fileHash(req.bytes),
    settingsHash: sha256(canonicalSettings(req.settings)),
    caller: req.caller.tokenSubject,
  });
  const rescan = await engineStep(ctx, req, 'hyperlink-apply', () => ctx.engine.scan(req.bytes, req.settings));
  if (rescan.graphHash !== binding.graphHash || rescan.metadataHash !== binding.metadataHash || rescan.packet.scanFingerprint !== binding.fingerprint) {
    throw scanTokenInvalid('graph_mismatch');
  }
  const output = await withCredit(ctx, req, 'hyperlink-apply', binding.fingerprint, () =>
    ctx.engine.apply(req.bytes, req.settings, req.decisions, req.resolvedWorks),
  );
  return toResult(output, req.warnings);
}

export async function directDocument(ctx: AppContext, req: DocumentRequest): Promise<ApplyResult> {
  const output = await withCredit(ctx, req, 'hyperlink', null, () => ctx.engine.direct(req.bytes, req.settings));
  return toResult(output);
}
