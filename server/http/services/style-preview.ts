// POST /hyperlink-style-preview: the first entries of the reference list as apply's bibliography rewrite
// would write them in a chosen style (the add-in shows them before the user approves the rewrite).
// Runs in the engine worker pool like scan; consumes no credit.
import type { BibRewriteResult, StylePreview } from '../../../shared/contract.ts';
import { reasonOf, warningFields, type ReasonCode } from '../../../shared/reasons.ts';
import { stylePreviewCountFieldSchema } from '../../../shared/schemas/documents.ts';
import type { AppContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { parseRequest } from '../validate.ts';
import { bundledStyle, checkedCslFile, parseResolvedWorks } from './apply-fields.ts';
import type { DocumentRequest } from './documents.ts';
import { engineHttpError } from './engine-errors.ts';

export interface StylePreviewFields {
  cslFile?: Uint8Array;
  styleId?: string;
  count?: string;
  /** The resolvedWorks field, as apply takes it (the works the author approved are rendered from the registry). */
  resolvedWorks?: string;
}

/** The preview's warning of a refused rewrite: the refusal's reason as its part (the English alone for an older plan). */
function refusal(r: BibRewriteResult): ReasonCode {
  return r.reasonCode ? reasonOf('previewRefused', {}, { why: [r.reasonCode] }) : reasonOf('previewRefused', { why: r.reason ?? '' });
}

export async function previewStyle(ctx: AppContext, req: DocumentRequest, fields: StylePreviewFields): Promise<StylePreview> {
  const count = parseRequest(stylePreviewCountFieldSchema, fields.count, { field: 'count', reason: 'invalid_count' });
  const resolvedWorks = parseResolvedWorks(fields.resolvedWorks);
  // an uploaded style is checked in the CSL check pool (bounded, off this thread) before the engine sees it
  const style = fields.cslFile && fields.cslFile.length > 0 ? await checkedCslFile(ctx.csl, fields.cslFile) : bundledStyle(fields.styleId, 'styleId');
  if (!style) throw badRequest('A style is needed: send cslFile or styleId', 'missing_csl_style');
  try {
    const preview = await ctx.engine.previewRewrite(req.bytes, req.settings, style, count, resolvedWorks);
    return {
      cslId: preview.cslId,
      family: preview.family,
      total: preview.total,
      entries: preview.entries.map((e) => ({ ...e })),
      bibRewrite: preview.bibRewrite,
      ...(preview.bibRewrite.outcome === 'refused' ? warningFields([refusal(preview.bibRewrite)]) : {}),
    };
  } catch (err) {
    throw engineHttpError(err);
  }
}
