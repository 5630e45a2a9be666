// POST /docs-events (public, rate limited per client address) and GET /admin-docs-insights (admins only)
// (server/http/routes/docs.ts), against the real service and MariaDB.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { awaitFreshWindow, expectError, expectSessionRequired, startTestService, type TestService } from '../../../helpers/http-harness.ts';

let t: TestService;
before(async () => {
  t = await startTestService('route_docs', { DOCS_EVENTS_RATE_LIMIT_PER_MINUTE: '40', TRIAL_CREDITS: '0' });
});
after(async () => {
  await t.stop();
});

describe('/docs-events and /admin-docs-insights', () => {
  test('events are sanitised and summarised exactly in the contract shape; admin only; bounds', async () => {
    const send = t.client.sendDocsEvent.bind(t.client);
    assert.equal((await send({ event_type: 'page_view', path: '/docs/scan?token=secret', session_id: 'session-0001' })).status, 202);
    await send({ event_type: 'page_view', path: '/docs/scan', session_id: 'session-0002' });
    await send({ event_type: 'search', path: '/docs', query: 'Mail me at a@b.co', result_count: 0, session_id: 'session-0001' });
    await send({ event_type: 'search', path: '/docs', query: 'apply token', result_count: 3 });
    await send({ event_type: 'playground_response', path: '/playground', status: 401, error: 'scan token invalid sk_service_live_abcdef' });
    await send({ event_type: 'feedback', path: '/docs/scan', helpful: 'yes' });
    await send({ event_type: 'feedback', path: '/docs/scan', helpful: 'no' });
    assert.equal(expectError(await send({ event_type: 'click' } as never), 400).reason, 'invalid_event_type');
    assert.equal(expectError(await send({ event_type: 'search', path: '/docs', query: 'x', result_count: -1 }), 400).reason, 'invalid_result_count');
    assert.equal(expectError(await send({ event_type: 'feedback', path: 'docs', helpful: 'yes' }), 400).reason, 'invalid_path');

    const admin = await t.user({ admin: true });
    const plain = await t.user({});
    assert.equal(expectError(await plain.session.docsInsights(), 403).reason, 'admin_required');
    for (const q of [{ days: 0 }, { days: 366 }, { limit: 0 }, { limit: 5001 }]) expectError(await admin.session.docsInsights(q), 400);
    const r = await admin.session.docsInsights();
    assert.ok(r.ok);
    assert.deepEqual(Object.keys(r.data).sort(), ['insights', 'limit', 'window_days']);
    assert.equal(r.data.window_days, 30);
    assert.equal(r.data.limit, 1000);
    const i = r.data.insights;
    assert.deepEqual(Object.keys(i).sort(), ['by_type', 'feedback', 'generated_at', 'playground', 'recent', 'top_pages', 'top_searches', 'total_events', 'unique_sessions', 'zero_result_searches']);
    assert.equal(i.total_events, 7);
    assert.equal(i.unique_sessions, 2);
    assert.deepEqual(i.by_type, { page_view: 2, search: 2, playground_response: 1, feedback: 2 });
    assert.deepEqual(i.top_pages, [{ key: '/docs/scan', count: 2 }]);
    assert.deepEqual(i.zero_result_searches, [{ key: 'mail me at [email]', count: 1 }]);
    assert.deepEqual(i.playground, { responses_by_status: { '401': 1 }, top_errors: [{ key: 'scan token invalid [key]', count: 1 }] });
    assert.deepEqual(i.feedback, { yes: 1, no: 1 });
    assert.equal(i.recent.length, 7);
    for (const e of i.recent) assert.deepEqual(Object.keys(e).sort(), ['created_at', 'detail', 'event_type', 'path']);
    assert.ok(!JSON.stringify(r.data).includes('secret') && !JSON.stringify(r.data).includes('a@b.co'));
    const small = await admin.session.docsInsights({ days: 1, limit: 2 });
    assert.ok(small.ok && small.data.insights.total_events === 2 && small.data.window_days === 1);
  });

  test('insights queries name the bad parameter; no session 401', async () => {
    const admin = await t.user({ admin: true });
    assert.equal(expectError(await admin.session.docsInsights({ days: 366 }), 400).reason, 'invalid_days');
    assert.equal(expectError(await admin.session.docsInsights({ limit: 0 }), 400).reason, 'invalid_limit');
    await expectSessionRequired(t, 'GET', '/admin-docs-insights');
  });

  test('POST /docs-events has its own per-address rate limit', async () => {
    await awaitFreshWindow(10_000);
    let last = 0;
    for (let i = 0; i < 45 && last !== 429; i++) last = (await t.client.sendDocsEvent({ event_type: 'page_view', path: '/x' })).status;
    assert.equal(last, 429);
  });
});
