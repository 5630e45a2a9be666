// ErrorResponse: the body of every 4xx/5xx answer (extra properties allowed).
import { z } from 'zod';
import { named } from './common.ts';

/**
 * The `reason` of a `400 DOCX rejected (<reason>)` answer (and of the command line's message): why the
 * uploaded file is not a DOCX package the engine will read. docs/service.md says what each means.
 * @public the contract's list of reasons, named in docs/service.md for clients.
 */
export const DOCX_REJECT_REASONS = [
  'empty-file',
  'not-a-zip',
  'truncated-zip',
  'encrypted',
  'legacy-doc',
  'unsupported-compression',
  'corrupt-entry',
  'too-many-entries',
  'entry-too-large',
  'total-size-too-large',
  'compression-ratio-too-high',
  'path-traversal',
  'duplicate-entry',
  'missing-content-types',
  'missing-document-xml',
  'doctype-forbidden',
  'malformed-xml',
  'invalid-encoding',
  'macro-enabled',
] as const;
export type DocxRejectReason = (typeof DOCX_REJECT_REASONS)[number];

export const errorResponseSchema = named(
  'ErrorResponse',
  z.looseObject({
    error: z.string(),
    /** Machine-readable detail. */
    reason: z.string().nullable().optional(),
    hint: z.string().optional(),
    status: z.string().optional(),
    /** Support correlation id when available. */
    requestId: z.string().optional(),
    /** Seconds to wait when rate limited. */
    retry_after: z.int().optional(),
    retryAfter: z.int().optional(),
    /** 422 too-many-matches / response-too-large: what was counted and the limit it passed. */
    count: z.int().optional(),
    limit: z.int().optional(),
  }),
);

/**
 * The reasons of a refused uploaded CSL style (cslFile at /hyperlink-apply and /hyperlink-style-preview; 400,
 * except `csl_check_busy`, 503). The limits named: size, element depth, macro count, macro recursion,
 * macro expansion per entry, macro calls × elements (citeproc's build cost) (checked before any engine is built), and the time and memory of the trial
 * render in an isolated worker.
 * @public the contract's list of reasons, named in docs/service.md for clients.
 */
export const CSL_FILE_REASONS = [
  'csl_empty',
  'csl_too_large',
  'csl_not_utf8',
  'csl_dtd_forbidden',
  'csl_too_deep',
  'csl_too_many_macros',
  'csl_macro_recursion',
  'csl_macro_expansion',
  'csl_macro_calls',
  'csl_not_xml',
  'csl_not_a_style',
  'csl_no_bibliography',
  'csl_rejected_by_processor',
  'csl_render_timeout',
  'csl_render_memory',
  'csl_check_busy',
] as const;

export const cslFileReasonSchema = z.enum(CSL_FILE_REASONS);
