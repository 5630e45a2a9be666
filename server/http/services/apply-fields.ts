// Parsing and shape checks of the apply form fields (decisions, resolvedWorks, bibliography options).
import type { ResolvedWork, ReviewDecision } from '../../../shared/contract.ts';
import { applyBibRewriteFieldSchema, decisionsSchema, MAX_DECISIONS, resolvedWorksFieldSchema } from '../../../shared/schemas/documents.ts';
import { parseRequest } from '../validate.ts';
import { HttpError, badRequest } from '../errors.ts';
import { CslFileError, parseCslFile } from '../../csl/csl-file.ts';
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

/**
 * The bibliography options of apply: applyBibRewrite ('true' or 'false'), the style (an uploaded cslFile,
 * checked safely, wins over detectedCslId, which must name a bundled, renamed or dependent style to
 * rewrite in, and a style known to the catalog otherwise). The style is returned only when the rewrite is
 * asked for.
 */
export function bibliographyOptions(applyBibRewrite: string | undefined, cslFile?: Uint8Array, detectedCslId?: string): { style: CslStyle | null } {
  parseRequest(applyBibRewriteFieldSchema, applyBibRewrite, { field: 'applyBibRewrite', reason: 'invalid_apply_bib_rewrite' });
  if (applyBibRewrite !== 'true') {
    // Without a rewrite the id is only what detection answered: a known style need not be bundled
    // (detection may answer one it recognises by a former layout); the file is still checked.
    if (cslFile && cslFile.length > 0) bibliographyStyle(cslFile, undefined);
    else if (detectedCslId !== undefined && detectedCslId.trim() !== '' && !knownStyleId(detectedCslId)) bibliographyStyle(undefined, detectedCslId);
    return { style: null };
  }
  const style = bibliographyStyle(cslFile, detectedCslId);
  if (!style) throw badRequest('applyBibRewrite=true needs a style: send cslFile or detectedCslId', 'missing_csl_style');
  return { style };
}

/** The style apply would use: the uploaded file, or the bundled style detectedCslId resolves to; 400 naming the
 * problem (`idField` names the id's form field in the message: detectedCslId at apply, styleId at preview). */
export function bibliographyStyle(cslFile: Uint8Array | undefined, detectedCslId: string | undefined, idField = 'detectedCslId'): CslStyle | null {
  if (cslFile && cslFile.length > 0) {
    try {
      return parseCslFile(cslFile);
    } catch (err) {
      if (err instanceof CslFileError) throw new HttpError(400, err.message, err.reason, { hint: 'Send a CSL 1.0 style file (XML, root <style> in the CSL namespace, no DOCTYPE).' });
      throw err;
    }
  }
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
