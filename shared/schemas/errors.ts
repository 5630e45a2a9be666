// ErrorResponse: the body of every 4xx/5xx answer (extra properties allowed).
import { z } from 'zod';
import { named } from './common.ts';

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
