// Schemas of the documentation routes (POST /docs-events, GET /admin-docs-insights) and GET /healthz.
import { z } from 'zod';
import { dateTime, named, openObject } from './common.ts';

const path = z.string().max(2000).startsWith('/', 'must be a site path starting with /');
const sessionId = z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, 'must be 8 to 128 letters, digits, - or _').optional();

/** What POST /docs-events accepts (texts are sanitised before they are stored). */
export const docsEventSchema = named(
  'DocsEvent',
  z.discriminatedUnion('event_type', [
    z.looseObject({ event_type: z.literal('page_view'), path, session_id: sessionId }),
    z.looseObject({
      event_type: z.literal('search'),
      path,
      session_id: sessionId,
      query: z.string().trim().min(1, 'is required for search events'),
      result_count: z.int().min(0).max(1_000_000),
    }),
    z.looseObject({
      event_type: z.literal('playground_response'),
      path,
      session_id: sessionId,
      status: z.int('must be an HTTP status code').min(100, 'must be an HTTP status code').max(599, 'must be an HTTP status code'),
      error: z.string().nullable().optional(),
      route: z.string().optional(),
    }),
    z.looseObject({ event_type: z.literal('feedback'), path, session_id: sessionId, helpful: z.enum(['yes', 'no']) }),
  ]),
);

export const docsInsightCountSchema = named('DocsInsightCount', z.strictObject({ key: z.string(), count: z.int() }));

export const docsInsightsSummarySchema = named(
  'DocsInsightsSummary',
  z.strictObject({
    generated_at: dateTime,
    total_events: z.int(),
    unique_sessions: z.int(),
    by_type: z.record(z.string(), z.int()),
    top_pages: z.array(docsInsightCountSchema),
    top_searches: z.array(docsInsightCountSchema),
    zero_result_searches: z.array(docsInsightCountSchema),
    playground: z.strictObject({ responses_by_status: z.record(z.string(), z.int()), top_errors: z.array(docsInsightCountSchema) }),
    feedback: z.strictObject({ yes: z.int(), no: z.int() }),
    recent: z.array(z.strictObject({ event_type: z.string(), path: z.string(), detail: openObject, created_at: dateTime.nullable() })),
  }),
);

export const docsInsightsResponseSchema = named(
  'DocsInsightsResponse',
  z.strictObject({ window_days: z.int(), limit: z.int(), insights: docsInsightsSummarySchema }),
);

/** GET /healthz. @public registered for the OpenAPI document. */
export const healthSchema = named('Health', z.strictObject({ ok: z.boolean() }));
