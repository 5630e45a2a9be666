// Query-string schemas: integer parameters with bounds (absent or empty gives the default, anything else
// outside the bounds is refused), used by /org-usage and /admin-docs-insights.
import { z } from 'zod';

export function intQuerySchema(min: number, max: number, fallback: number) {
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

export const orgUsageQuerySchema = z.looseObject({ page: intQuerySchema(1, 1_000_000, 1), limit: intQuerySchema(1, 100, 25) });
export const docsInsightsQuerySchema = z.looseObject({ days: intQuerySchema(1, 365, 30), limit: intQuerySchema(1, 5000, 1000) });
