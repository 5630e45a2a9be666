// Query-string schemas: integer parameters with bounds (absent or empty gives the default, anything else
// outside the bounds is refused), used by /org-usage, /org-presets and /admin-docs-insights.
import { z } from 'zod';

function intQuerySchema(min: number, max: number, fallback: number) {
  const message = `must be an integer between ${min} and ${max}`;
  return z.unknown().optional().transform((value, ctx): number => {
    if (value === undefined || value === '') return fallback;
    const n = typeof value === 'string' && /^-?\d{1,9}$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    }
    return n;
  });
}

/** Bounds and defaults of an integer query parameter (also the OpenAPI parameter's schema). */
export interface IntQuery {
  minimum: number;
  maximum: number;
  default: number;
}

export const ORG_USAGE_QUERY = { page: { minimum: 1, maximum: 1_000_000, default: 1 }, limit: { minimum: 1, maximum: 100, default: 25 } } satisfies Record<string, IntQuery>;
/** GET /org-presets: the default page holds MAX_ORG_PRESETS' default, so clients that read one page see every preset. */
export const ORG_PRESETS_QUERY = { page: { minimum: 1, maximum: 1_000_000, default: 1 }, limit: { minimum: 1, maximum: 100, default: 100 } } satisfies Record<string, IntQuery>;
export const DOCS_INSIGHTS_QUERY = { days: { minimum: 1, maximum: 365, default: 30 }, limit: { minimum: 1, maximum: 5000, default: 1000 } } satisfies Record<string, IntQuery>;

const fromBounds = (q: IntQuery) => intQuerySchema(q.minimum, q.maximum, q.default);

export const orgUsageQuerySchema = z.looseObject({ page: fromBounds(ORG_USAGE_QUERY.page), limit: fromBounds(ORG_USAGE_QUERY.limit) });
export const orgPresetsQuerySchema = z.looseObject({ page: fromBounds(ORG_PRESETS_QUERY.page), limit: fromBounds(ORG_PRESETS_QUERY.limit) });
export const docsInsightsQuerySchema = z.looseObject({ days: fromBounds(DOCS_INSIGHTS_QUERY.days), limit: fromBounds(DOCS_INSIGHTS_QUERY.limit) });
