// Parsing and shape checks of the apply form fields (decisions, resolvedWorks, bibliography options).
import type { DecisionStatus, ResolvedWork, ReviewDecision } from '../../../shared/contract.ts';
import { HttpError, badRequest } from '../errors.ts';
import { CslFileError, parseCslFile } from '../../csl/csl-file.ts';
import { loadBundledStyle, type CslStyle } from '../../csl/catalog.ts';
import { parseJsonField } from './settings.ts';

const DECISION_STATUSES: readonly DecisionStatus[] = ['approved', 'skipped', 'retargeted', 'link_only'];
const MAX_DECISIONS = 20_000;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseDecisions(text: string | undefined): ReviewDecision[] {
  if (text === undefined || text.trim() === '') throw badRequest('decisions is required (a JSON array of ReviewDecision)', 'missing_decisions');
  const value = parseJsonField(text, 'decisions');
  if (!Array.isArray(value)) throw badRequest('decisions must be a JSON array', 'invalid_decisions');
  if (value.length > MAX_DECISIONS) throw badRequest(`decisions may hold at most ${MAX_DECISIONS} entries`, 'invalid_decisions');
  value.forEach((d, i) => {
    if (!isObject(d) || typeof d.refId !== 'string' || d.refId === '') throw badRequest(`decisions[${i}].refId must be a non-empty string`, 'invalid_decisions');
    if (typeof d.status !== 'string' || !DECISION_STATUSES.includes(d.status as DecisionStatus)) {
      throw badRequest(`decisions[${i}].status must be one of ${DECISION_STATUSES.join(', ')}`, 'invalid_decisions');
    }
    for (const field of ['targetId', 'doi', 'reason', 'note'] as const) {
      if (d[field] !== undefined && typeof d[field] !== 'string') throw badRequest(`decisions[${i}].${field} must be a string`, 'invalid_decisions');
    }
  });
  return value as ReviewDecision[];
}

export function parseResolvedWorks(text: string | undefined): Record<string, ResolvedWork> | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = parseJsonField(text, 'resolvedWorks');
  if (!isObject(value)) throw badRequest('resolvedWorks must be a JSON object', 'invalid_resolved_works');
  const entries = Object.entries(value);
  if (entries.length > MAX_DECISIONS) throw badRequest(`resolvedWorks may hold at most ${MAX_DECISIONS} works`, 'invalid_resolved_works');
  for (const [id, work] of entries) {
    if (!isObject(work)) throw badRequest(`resolvedWorks.${id} must be an object`, 'invalid_resolved_works');
    if (work.doi !== undefined && work.doi !== null && typeof work.doi !== 'string') throw badRequest(`resolvedWorks.${id}.doi must be a string`, 'invalid_resolved_works');
    if (work.approved !== undefined && typeof work.approved !== 'boolean') throw badRequest(`resolvedWorks.${id}.approved must be a boolean`, 'invalid_resolved_works');
  }
  return value as Record<string, ResolvedWork>;
}

/**
 * The bibliography options of apply: applyBibRewrite ('true' or 'false'), the style (an uploaded cslFile,
 * checked safely, wins over detectedCslId, which must name a bundled, renamed or dependent style). The
 * style is returned only when the rewrite is asked for.
 */
export function bibliographyOptions(applyBibRewrite: string | undefined, cslFile?: Uint8Array, detectedCslId?: string): { style: CslStyle | null } {
  if (applyBibRewrite !== undefined && applyBibRewrite !== '' && applyBibRewrite !== 'true' && applyBibRewrite !== 'false') {
    throw badRequest("applyBibRewrite must be 'true' or 'false'", 'invalid_apply_bib_rewrite');
  }
  const style = bibliographyStyle(cslFile, detectedCslId);
  if (applyBibRewrite !== 'true') return { style: null };
  if (!style) throw badRequest('applyBibRewrite=true needs a style: send cslFile or detectedCslId', 'missing_csl_style');
  return { style };
}

/** The style apply would use: the uploaded file, or the bundled style detectedCslId resolves to; 400 naming the problem. */
function bibliographyStyle(cslFile: Uint8Array | undefined, detectedCslId: string | undefined): CslStyle | null {
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
    if (!style) throw new HttpError(400, `detectedCslId '${detectedCslId.slice(0, 100)}' names no known CSL style`, 'unknown_csl_style', { hint: 'Use a current, renamed or dependent id of the CSL styles repository, e.g. apa.' });
    return style;
  }
  return null;
}
