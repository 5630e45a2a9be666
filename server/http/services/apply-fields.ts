// Parsing and shape checks of the apply form fields (decisions, resolvedWorks, bibliography options).
import type { ResolvedWork, ReviewDecision } from '../../../shared/contract.ts';
import { applyBibRewriteFieldSchema, decisionsSchema, MAX_DECISIONS, resolvedWorksFieldSchema } from '../../../shared/schemas/documents.ts';
import { parseRequest } from '../validate.ts';
import { HttpError, badRequest } from '../errors.ts';
import { CslFileError } from '../../csl/csl-file.ts';
import type { CslChecker } from '../../worker/csl-check-pool.ts';
import { knownStyleId, loadBundledStyle, type CslStyle } from '../../csl/catalog.ts';
import { parseJsonField } from './settings.ts';

export function parseDecisions(text: string | undefined): ReviewDecision[] {
  if (text === undefined || text.trim() === '') throw badRequest('decisions is required (a JSON array of ReviewDecision)', 'missing_decisions');
  return parseRequest(decisionsSchema, parseJsonField(text, 'decisions'), { field: 'decisions', reason: 'invalid_decisions' });
}

/**
 * The resolvedWorks field: the ResolverReport's works sent back by the caller, possibly trimmed. Apply
 * reads only doi and approved of each work, which the field schema checks; the rest is passed through.
 */
export function parseResolvedWorks(text: string | undefined): Record<string, ResolvedWork> | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const works = parseRequest(resolvedWorksFieldSchema, parseJsonField(text, 'resolvedWorks'), { field: 'resolvedWorks', reason: 'invalid_resolved_works' });
  if (Object.keys(works).length > MAX_DECISIONS) throw badRequest(`resolvedWorks may hold at most ${MAX_DECISIONS} works`, 'invalid_resolved_works');
  return works as Record<string, ResolvedWork>;
}

/** The bibliography part of an apply, read from its fields; an uploaded file is checked later (bibliographyStyleOf). */
export interface BibliographyPlan {
  /** applyBibRewrite=true. */
  rewrite: boolean;
  /** An uploaded style: checked off the service thread once the scan token and a credit are established. */
  cslFile?: Uint8Array;
  /** The bundled style detectedCslId resolves to, when the rewrite is asked for without a file. */
  bundled?: CslStyle;
}

/**
 * The bibliography options of apply, checked at once where that is cheap: applyBibRewrite ('true' or 'false'),
 * and the style, an uploaded cslFile (which wins; checked whenever sent, by bibliographyStyleOf) or
 * detectedCslId, which must name a bundled, renamed or dependent style to rewrite in, and a style known to
 * the catalog otherwise.
 */
export function bibliographyPlan(applyBibRewrite: string | undefined, cslFile?: Uint8Array, detectedCslId?: string): BibliographyPlan {
  parseRequest(applyBibRewriteFieldSchema, applyBibRewrite, { field: 'applyBibRewrite', reason: 'invalid_apply_bib_rewrite' });
  const rewrite = applyBibRewrite === 'true';
  if (cslFile && cslFile.length > 0) return { rewrite, cslFile };
  if (!rewrite) {
    // Without a rewrite the id is only what detection answered: a known style need not be bundled
    // (detection may answer one it recognises by a former layout).
    if (detectedCslId !== undefined && detectedCslId.trim() !== '' && !knownStyleId(detectedCslId)) bundledStyle(detectedCslId);
    return { rewrite };
  }
  const bundled = bundledStyle(detectedCslId);
  if (!bundled) throw badRequest('applyBibRewrite=true needs a style: send cslFile or detectedCslId', 'missing_csl_style');
  return { rewrite, bundled };
}

/** The style the rewrite uses (null without a rewrite); an uploaded file is checked here, even without a rewrite. */
export async function bibliographyStyleOf(csl: CslChecker, plan: BibliographyPlan): Promise<CslStyle | null> {
  const uploaded = plan.cslFile ? await checkedCslFile(csl, plan.cslFile) : null;
  if (!plan.rewrite) return null;
  return uploaded ?? plan.bundled ?? null;
}

/** An uploaded style checked by the CSL check pool (static bounds, then a capped trial render in its worker);
 * 400 naming the problem, 503 `csl_check_busy` when no check can start now. */
export async function checkedCslFile(csl: CslChecker, bytes: Uint8Array): Promise<CslStyle> {
  try {
    return await csl.check(bytes);
  } catch (err) {
    if (!(err instanceof CslFileError)) throw err;
    if (err.reason === 'csl_check_busy') {
      throw new HttpError(503, 'Service temporarily unavailable', err.reason, { retry_after: CSL_BUSY_RETRY_AFTER, retryAfter: CSL_BUSY_RETRY_AFTER, hint: err.message }, { 'Retry-After': String(CSL_BUSY_RETRY_AFTER) });
    }
    throw new HttpError(400, err.message, err.reason, { hint: 'Send a CSL 1.0 style file (XML, root <style> in the CSL namespace, no DOCTYPE, at most 256 KB).' });
  }
}

const CSL_BUSY_RETRY_AFTER = 5;

/** The bundled style an id resolves to, or null for no id; 400 naming the problem (`idField` names the id's form
 * field in the message: detectedCslId at apply, styleId at preview). */
export function bundledStyle(detectedCslId: string | undefined, idField = 'detectedCslId'): CslStyle | null {
  if (detectedCslId !== undefined && detectedCslId.trim() !== '') {
    const style = loadBundledStyle(detectedCslId);
    if (!style && knownStyleId(detectedCslId)) {
      throw new HttpError(400, `${idField} '${detectedCslId.slice(0, 100)}' is a CSL style Hyperlinker recognises but does not bundle, so it cannot rewrite the reference list in it`, 'csl_style_not_bundled', { hint: 'Choose a bundled style (e.g. harvard-cite-them-right), or send the style file as cslFile.' });
    }
    if (!style) throw new HttpError(400, `${idField} '${detectedCslId.slice(0, 100)}' names no known CSL style`, 'unknown_csl_style', { hint: 'Use a current, renamed or dependent id of the CSL styles repository, e.g. apa.' });
    return style;
  }
  return null;
}
