// Document routes: /hyperlink-scan, /hyperlink-apply, /hyperlink (direct) and /hyperlink-crossref.
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { ErrorResponse } from '../../../shared/contract.ts';
import { requireApiKey, keyCallerOf, type KeyCaller } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { HttpError, badRequest, forbidden } from '../errors.ts';
import { holdAll, KeyConcurrency } from '../key-concurrency.ts';
import { parseMultipart, type UploadedForm } from '../multipart.ts';
import { applyDocument, directDocument, scanDocumentBody, type DocumentRequest } from '../services/documents.ts';
import { bibliographyPlan, parseDecisions, parseResolvedWorks } from '../services/apply-fields.ts';
import { resolveSettings } from '../services/settings.ts';
import { previewStyle } from '../services/style-preview.ts';
import { prepareResolve, resolveReferences } from '../services/resolve.ts';
import { EventStream, wantsEventStream } from '../sse.ts';
import { withEngineAccount } from '../../worker/engine-account.ts';
import { idempotencyKeyOf, requestHash, startIdempotent, type IdempotencyClaim } from '../services/idempotency.ts';

/** What an Idempotency-Key gives the request: the claim it holds, or the note that its answer was paid for already. */
type Idempotency = { idempotency?: IdempotencyClaim; alreadyCharged?: boolean };

/**
 * The Idempotency-Key of the request (services/idempotency.ts): {} without one; 'replayed' when the key's
 * first answer was kept and has now been sent again (Idempotent-Replayed: true).
 */
async function idempotent(ctx: AppContext, req: Request, res: Response, route: string, form: UploadedForm): Promise<Idempotency | 'replayed'> {
  const key = idempotencyKeyOf(req.headers['idempotency-key']);
  if (key === null) return {};
  const start = await startIdempotent(ctx, keyCallerOf(req).tokenSubject, key, route, requestHash(route, form));
  if (start.kind === 'proceed') return { idempotency: start.claim };
  ctx.metrics?.replayed(route);
  if (!start.answer) return { alreadyCharged: true };
  res.setHeader('Idempotent-Replayed', 'true');
  if (route === 'hyperlink-crossref' && wantsEventStream(req)) {
    const stream = new EventStream(res, req.requestId ?? '');
    stream.send('report', JSON.parse(start.answer.toString('utf8')) as unknown);
    stream.close();
  } else {
    res.type('application/json').send(start.answer);
  }
  return 'replayed';
}

/** One name per account that pays and is limited: the organisation of an organisation key, else the user. */
const accountKey = (caller: KeyCaller): string => `${caller.account.kind}:${caller.account.id}`;

/** Aborts when the client goes away before the answer is sent, or after `timeoutMs`: registry calls stop. */
function cancelledOnClose(res: Response, timeoutMs: number): AbortSignal {
  const cancel = new AbortController();
  res.once('close', () => { if (!res.writableFinished) cancel.abort(new DOMException('client closed the connection', 'AbortError')); });
  return AbortSignal.any([cancel.signal, AbortSignal.timeout(timeoutMs)]);
}

/** The error event of a stream: the contract's ErrorResponse with the status it would have had. */
function streamError(err: unknown, requestId: string): ErrorResponse {
  if (err instanceof HttpError) return { error: err.error, ...(err.reason !== undefined ? { reason: err.reason } : {}), ...err.extras, status: String(err.status), requestId };
  return { error: 'Processing failed', status: '500', requestId };
}

function requireFile(form: UploadedForm): Buffer {
  const file = form.files.file;
  if (!file) throw badRequest('Missing file: send the DOCX in the form field "file"', 'missing_file');
  if (file.length === 0) throw badRequest('DOCX rejected (empty-file)', 'empty-file');
  return file;
}

async function documentRequest(ctx: AppContext, req: Request, form: UploadedForm): Promise<DocumentRequest> {
  const caller = keyCallerOf(req);
  const bytes = requireFile(form);
  const settings = await resolveSettings(ctx.pool, caller, form.fields.settings);
  return { caller, requestId: req.requestId ?? '', bytes, settings, clientGone: () => req.socket.destroyed };
}

function pick(fields: Record<string, string>, ...names: Array<'styleId' | 'count' | 'resolvedWorks'>): { styleId?: string; count?: string; resolvedWorks?: string } {
  const out: { styleId?: string; count?: string; resolvedWorks?: string } = {};
  for (const n of names) if (fields[n] !== undefined) out[n] = fields[n];
  return out;
}

export function documentRoutes(ctx: AppContext): Router {
  const router = Router();
  const auth = requireApiKey(ctx);
  const concurrency = new KeyConcurrency(ctx.config.maxConcurrentPerKey);
  const accountConcurrency = new KeyConcurrency(ctx.config.maxConcurrentPerAccount, 'account');
  /** Rate limits, then a concurrency slot for the key and one for its account, held until the answer is sent
   * (429 when none is free).
   * Free scans are also counted per account (user or organisation), whatever the key (FREE_SCAN_RATE_LIMIT_PER_MINUTE). */
  const limit = async (req: Request, res: Response, options: { freeScan?: boolean } = {}): Promise<void> => {
    const caller = keyCallerOf(req);
    await ctx.rateLimiter.check([
      { bucket: `key:${caller.keyId}`, limit: ctx.config.rateLimitPerMinute },
      ...(caller.orgId ? [{ bucket: `org:${caller.orgId}`, limit: ctx.config.orgRateLimitPerMinute }] : []),
      ...(options.freeScan ? [{ bucket: `scan:${accountKey(caller)}`, limit: ctx.config.freeScanRateLimitPerMinute }] : []),
    ]);
    holdAll(res, [
      [concurrency, caller.keyId],
      [accountConcurrency, accountKey(caller)],
    ]);
  };
  /** The rest of the request runs as its account's: the engine pool shares its workers per account (server/worker/fair-queue.ts). */
  const engineShare = (req: Request, _res: Response, next: NextFunction): void => withEngineAccount(accountKey(keyCallerOf(req)), next, req.requestId);

  router.post('/hyperlink-scan', auth, engineShare, async (req, res) => {
    await limit(req, res, { freeScan: true });
    const form = await parseMultipart(req, ['file']);
    res.type('application/json').send(await scanDocumentBody(ctx, await documentRequest(ctx, req, form)));
  });

  router.post('/hyperlink-apply', auth, engineShare, async (req, res) => {
    await limit(req, res);
    const form = await parseMultipart(req, ['file', 'cslFile']);
    const idem = await idempotent(ctx, req, res, 'hyperlink-apply', form);
    if (idem === 'replayed') return;
    try {
      await applyRoute(req, res, form, idem);
    } finally {
      await idem.idempotency?.end();
    }
  });

  const applyRoute = async (req: Request, res: Response, form: UploadedForm, idem: Idempotency): Promise<void> => {
    const base = { ...(await documentRequest(ctx, req, form)), ...idem };
    const decisions = parseDecisions(form.fields.decisions);
    const resolvedWorks = parseResolvedWorks(form.fields.resolvedWorks);
    const bibliography = bibliographyPlan(form.fields.applyBibRewrite, form.files.cslFile, form.fields.detectedCslId);
    const scanToken = form.fields.scanToken;
    if (scanToken && !form.fields.scanFingerprint) throw badRequest('scanFingerprint is required', 'missing_fingerprint');
    const result = await applyDocument(ctx, {
      ...base,
      scanToken,
      scanFingerprint: form.fields.scanFingerprint ?? '',
      decisions,
      ...(resolvedWorks ? { resolvedWorks } : {}),
      warnings: [],
      bibliography,
    });
    res.type('application/json').send(result);
  };

  router.post('/hyperlink-style-preview', auth, engineShare, async (req, res) => {
    await limit(req, res, { freeScan: true });
    const form = await parseMultipart(req, ['file', 'cslFile']);
    const docReq = await documentRequest(ctx, req, form);
    res.json(await previewStyle(ctx, docReq, { ...(form.files.cslFile ? { cslFile: form.files.cslFile } : {}), ...pick(form.fields, 'styleId', 'count', 'resolvedWorks') }));
  });

  router.post('/hyperlink', auth, engineShare, async (req, res) => {
    await limit(req, res);
    const form = await parseMultipart(req, ['file']);
    const idem = await idempotent(ctx, req, res, 'hyperlink', form);
    if (idem === 'replayed') return;
    try {
      const docReq = { ...(await documentRequest(ctx, req, form)), ...idem };
      res.type('application/json').send(await directDocument(ctx, docReq, cancelledOnClose(res, ctx.config.resolverTimeoutMs)));
    } finally {
      await idem.idempotency?.end();
    }
  });

  router.post('/hyperlink-crossref', auth, engineShare, async (req, res) => {
    await limit(req, res);
    const caller = keyCallerOf(req);
    if (caller.plan === 'free') throw forbidden('hyperlinker_requires_paid_plan', 'hyperlinker_requires_paid_plan');
    const form = await parseMultipart(req, ['file']);
    const idem = await idempotent(ctx, req, res, 'hyperlink-crossref', form);
    if (idem === 'replayed') return;
    try {
      await crossrefRoute(req, res, form, idem.idempotency);
    } finally {
      await idem.idempotency?.end();
    }
  });

  /** Resolving charges nothing: with an Idempotency-Key, the report is kept once it is made. */
  const crossrefRoute = async (req: Request, res: Response, form: UploadedForm, claim: IdempotencyClaim | undefined): Promise<void> => {
    const docReq = await documentRequest(ctx, req, form);
    const keep = async (report: unknown): Promise<void> => {
      if (claim) await claim.complete(ctx.pool, Buffer.from(JSON.stringify(report)));
    };
    const resolver = ctx.resolver;
    if (!resolver) {
      throw new HttpError(503, 'Service temporarily unavailable', 'resolver_unavailable', {
        hint: 'The reference resolver is not enabled on this server; scan and apply work without it.',
      });
    }
    const packet = await prepareResolve(ctx, docReq, form.fields.scanFingerprint);
    const signal = cancelledOnClose(res, ctx.config.resolverTimeoutMs);
    if (!wantsEventStream(req)) {
      const report = await resolveReferences(ctx, resolver, docReq, packet, { signal });
      await keep(report);
      res.json(report);
      return;
    }
    const stream = new EventStream(res, docReq.requestId);
    try {
      const report = await resolveReferences(ctx, resolver, docReq, packet, {
        signal,
        onStart: (info) => stream.send('start', info),
        onProgress: (event) => stream.send('progress', event),
      });
      await keep(report);
      stream.send('report', report);
    } catch (err) {
      stream.send('error', streamError(err, docReq.requestId));
      if (!(err instanceof HttpError)) ctx.logger.error({ requestId: docReq.requestId, errName: (err as { name?: string })?.name }, 'unexpected failure in resolver stream');
    } finally {
      stream.close();
    }
  };

  return router;
}
