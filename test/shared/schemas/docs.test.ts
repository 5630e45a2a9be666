import { test } from 'node:test';
import assert from 'node:assert/strict';
import { docsEventSchema, docsInsightsResponseSchema } from '../../../shared/schemas/docs.ts';

test('docs events: the fields of each event type', () => {
  assert.equal(docsEventSchema.safeParse({ event_type: 'search', path: '/docs', query: 'doi', result_count: 3 }).success, true);
  assert.equal(docsEventSchema.safeParse({ event_type: 'search', path: '/docs', query: 'doi' }).success, false);
  assert.equal(docsEventSchema.safeParse({ event_type: 'page_view', path: 'docs' }).success, false);
  assert.equal(docsEventSchema.safeParse({ event_type: 'click', path: '/docs' }).success, false);
});

test('DocsInsightsResponse allows no extra properties', () => {
  const insights = {
    generated_at: '2026-01-01T00:00:00.000Z', total_events: 0, unique_sessions: 0, by_type: {}, top_pages: [], top_searches: [], zero_result_searches: [],
    playground: { responses_by_status: {}, top_errors: [] }, feedback: { yes: 0, no: 0 }, recent: [],
  };
  assert.equal(docsInsightsResponseSchema.safeParse({ window_days: 30, limit: 10, insights }).success, true);
  assert.equal(docsInsightsResponseSchema.safeParse({ window_days: 30, limit: 10, insights: { ...insights, extra: 1 } }).success, false);
});
