// The admin documentation insights (docsInsights, behind GET /admin-docs-insights) are aggregates over the event
// rows the database returns (a scripted pool answers them; the SELECT runs against MariaDB in
// test/server/db/docs-events.int.test.ts): counts by type, top pages and searches (ties by key), searches with no
// result, playground statuses and errors, feedback, the recent events.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DocsEventRow } from '../../../../server/db/docs-events.ts';
import type { DocsInsightsSummary } from '../../../../shared/contract.ts';
import { docsInsights } from '../../../../server/http/services/insights.ts';
import { scriptedPool } from '../../../helpers/service-context.ts';

let id = 0;
const at = new Date('2026-01-02T03:04:05Z');
const row = (event_type: string, path: string, detail: unknown, session_hash: string | null = 's1'): DocsEventRow => ({
  id: ++id, event_type, path, session_hash, created_at: at, detail_json: typeof detail === 'string' ? detail : JSON.stringify(detail),
});

/** The summary docsInsights makes of rows (as the last 30 days' 500 most recent events). */
async function insightsOf(rows: DocsEventRow[]): Promise<DocsInsightsSummary> {
  const pool = scriptedPool([rows]);
  const answer = await docsInsights(pool, 30, 500);
  assert.deepEqual(pool.queries[0]!.params, [30, 500]);
  assert.equal(answer.window_days, 30);
  assert.equal(answer.limit, 500);
  return answer.insights;
}

test('counts by type and sessions; pages and searches ranked by count, then by key', async () => {
  const rows = [
    row('page_view', '/b', {}), row('page_view', '/a', {}), row('page_view', '/b', {}, 's2'),
    row('search', '/search', { query: 'doi', result_count: 3 }), row('search', '/search', { query: 'csl', result_count: 0 }),
    row('search', '/search', { query: 'csl', result_count: 0 }, null),
  ];
  const before = Date.now();
  const s = await insightsOf(rows);
  const generated = Date.parse(s.generated_at);
  assert.ok(generated >= before && generated <= Date.now(), s.generated_at);
  assert.equal(s.total_events, 6);
  assert.equal(s.unique_sessions, 2);
  assert.deepEqual(s.by_type, { page_view: 3, search: 3 });
  assert.deepEqual(s.top_pages, [{ key: '/b', count: 2 }, { key: '/a', count: 1 }]);
  assert.deepEqual(s.top_searches, [{ key: 'csl', count: 2 }, { key: 'doi', count: 1 }]);
  assert.deepEqual(s.zero_result_searches, [{ key: 'csl', count: 2 }]);
});

test('playground statuses and errors, feedback yes and no; details of the wrong shape are ignored', async () => {
  const rows = [
    row('playground_response', '/p', { status: 200 }), row('playground_response', '/p', { status: 402, error: 'no_credits' }),
    row('playground_response', '/p', { status: '500', error: '' }), row('feedback', '/f', { helpful: 'yes' }),
    row('feedback', '/f', { helpful: 'no' }), row('feedback', '/f', { helpful: 'maybe' }),
    row('search', '/s', { query: 42 }), row('feedback', '/f', 'not json'), row('feedback', '/f', '[1,2]'),
  ];
  const s = await insightsOf(rows);
  assert.deepEqual(s.playground, { responses_by_status: { '200': 1, '402': 1 }, top_errors: [{ key: 'no_credits', count: 1 }] });
  assert.deepEqual(s.feedback, { yes: 1, no: 1 });
  assert.deepEqual(s.top_searches, []);
  assert.deepEqual(s.recent.at(-1), { event_type: 'feedback', path: '/f', detail: {}, created_at: '2026-01-02T03:04:05.000Z' });
});

test('top lists hold ten keys and recent the first twenty rows', async () => {
  const rows = Array.from({ length: 25 }, (_, i) => row('page_view', `/p${String(i).padStart(2, '0')}`, {}));
  const s = await insightsOf(rows);
  assert.equal(s.top_pages.length, 10);
  assert.equal(s.top_pages[0]!.key, '/p00');
  assert.equal(s.recent.length, 20);
  assert.equal(s.recent[0]!.path, '/p00');
});
