// The admin documentation insights are aggregates over event rows: counts by type, top pages and searches
// (ties by key), searches with no result, playground statuses and errors, feedback, the recent events.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DocsEventRow } from '../../../../server/db/docs-events.ts';
import { summariseDocsEvents } from '../../../../server/http/services/insights.ts';

let id = 0;
const at = new Date('2026-01-02T03:04:05Z');
const row = (event_type: string, path: string, detail: unknown, session_hash: string | null = 's1'): DocsEventRow => ({
  id: ++id, event_type, path, session_hash, created_at: at, detail_json: typeof detail === 'string' ? detail : JSON.stringify(detail),
});

test('counts by type and sessions; pages and searches ranked by count, then by key', () => {
  const rows = [
    row('page_view', '/b', {}), row('page_view', '/a', {}), row('page_view', '/b', {}, 's2'),
    row('search', '/search', { query: 'doi', result_count: 3 }), row('search', '/search', { query: 'csl', result_count: 0 }),
    row('search', '/search', { query: 'csl', result_count: 0 }, null),
  ];
  const s = summariseDocsEvents(rows, at);
  assert.equal(s.generated_at, '2026-01-02T03:04:05.000Z');
  assert.equal(s.total_events, 6);
  assert.equal(s.unique_sessions, 2);
  assert.deepEqual(s.by_type, { page_view: 3, search: 3 });
  assert.deepEqual(s.top_pages, [{ key: '/b', count: 2 }, { key: '/a', count: 1 }]);
  assert.deepEqual(s.top_searches, [{ key: 'csl', count: 2 }, { key: 'doi', count: 1 }]);
  assert.deepEqual(s.zero_result_searches, [{ key: 'csl', count: 2 }]);
});

test('playground statuses and errors, feedback yes and no; details of the wrong shape are ignored', () => {
  const rows = [
    row('playground_response', '/p', { status: 200 }), row('playground_response', '/p', { status: 402, error: 'no_credits' }),
    row('playground_response', '/p', { status: '500', error: '' }), row('feedback', '/f', { helpful: 'yes' }),
    row('feedback', '/f', { helpful: 'no' }), row('feedback', '/f', { helpful: 'maybe' }),
    row('search', '/s', { query: 42 }), row('feedback', '/f', 'not json'), row('feedback', '/f', '[1,2]'),
  ];
  const s = summariseDocsEvents(rows, at);
  assert.deepEqual(s.playground, { responses_by_status: { '200': 1, '402': 1 }, top_errors: [{ key: 'no_credits', count: 1 }] });
  assert.deepEqual(s.feedback, { yes: 1, no: 1 });
  assert.deepEqual(s.top_searches, []);
  assert.deepEqual(s.recent.at(-1), { event_type: 'feedback', path: '/f', detail: {}, created_at: '2026-01-02T03:04:05.000Z' });
});

test('top lists hold ten keys and recent the first twenty rows', () => {
  const rows = Array.from({ length: 25 }, (_, i) => row('page_view', `/p${String(i).padStart(2, '0')}`, {}));
  const s = summariseDocsEvents(rows, at);
  assert.equal(s.top_pages.length, 10);
  assert.equal(s.top_pages[0]!.key, '/p00');
  assert.equal(s.recent.length, 20);
  assert.equal(s.recent[0]!.path, '/p00');
});
