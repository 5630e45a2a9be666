// Organisation surfaces: presets, usage, account, billing, members; admin insights and docs events.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { awaitFreshWindow, corpusDoc, expectError, startTestService, type TestService } from '../../helpers/http-harness.ts';

let t: TestService;
before(async () => {
  t = await startTestService('org', { DOCS_EVENTS_RATE_LIMIT_PER_MINUTE: '40', TRIAL_CREDITS: '0' });
});
after(async () => {
  await t.stop();
});

describe('/org-presets', () => {
  test('members list, managers create (201), duplicate 409, bad settings 400, member 403, other org never sees', async () => {
    const owner = await t.user({ org: 'presets-a', role: 'owner' });
    const member = await t.user({ org: 'presets-a', role: 'member' });
    const outsider = await t.user({ org: 'presets-b', role: 'owner' });
    const created = await owner.session.createPreset({ name: 'Journal', settings: { figures: 'full', doi: true } });
    assert.equal(created.status, 201);
    assert.ok(created.ok);
    assert.equal(created.data.preset.settings.figures, 'full');
    assert.equal(created.data.preset.settings.tables, 'number', 'defaults filled in');
    expectError(await owner.session.createPreset({ name: 'Journal', settings: {} }), 409);
    const bad = expectError(await owner.session.createPreset({ name: 'Bad', settings: { citeStyle: 'roman' as never } }), 400);
    assert.match(bad.error, /citeStyle/);
    expectError(await owner.session.createPreset({ name: 'n'.repeat(101), settings: {} }), 400);
    expectError(await owner.session.createPreset({ name: '', settings: {} }), 400);
    assert.equal(expectError(await member.session.createPreset({ name: 'Mine', settings: {} }), 403).error, 'Manager or owner role required');
    const listed = await member.session.listPresets();
    assert.ok(listed.ok && listed.data.presets.length === 1);
    const other = await outsider.session.listPresets();
    assert.ok(other.ok && other.data.presets.length === 0);
    expectError(await t.client.listPresets(), 401);
    expectError(await (await t.user({})).session.listPresets(), 403);
  });

  test('preset_id in settings applies the preset of the caller organisation only', async () => {
    const owner = await t.user({ org: 'presets-c', role: 'owner' });
    const created = await owner.session.createPreset({ name: 'Off', settings: { figures: 'off' } });
    assert.ok(created.ok);
    const orgKey = await owner.session.createOrgKey({ name: 'p' });
    assert.ok(orgKey.ok);
    const scan = await t.client.withApiKey(orgKey.data.key).scan({ file: corpusDoc(), settings: { preset_id: created.data.preset.id } });
    assert.equal(scan.status, 200, JSON.stringify(scan.ok ? '' : scan.error));
    const stranger = await t.user({});
    const refused = expectError(await (await stranger.key()).client.scan({ file: corpusDoc(), settings: { preset_id: created.data.preset.id } }), 400);
    assert.equal(refused.reason, 'unknown_preset');
  });
});

describe('/org-usage and /org', () => {
  test('paging bounds and defaults; member 403; tenants see only their own usage', async () => {
    const owner = await t.user({ org: 'usage-a', role: 'owner' });
    const member = await t.user({ org: 'usage-a', role: 'member' });
    const ownerB = await t.user({ org: 'usage-b', role: 'owner' });
    await t.service.ctx.pool.query('UPDATE organisations SET credits = 5 WHERE id = ?', [owner.orgId]);
    const key = await owner.session.createOrgKey({ name: 'usage' });
    assert.ok(key.ok);
    const client = t.client.withApiKey(key.data.key);
    for (let i = 0; i < 3; i++) assert.equal((await client.scan({ file: corpusDoc() })).status, 200);
    const page = await owner.session.orgUsage();
    assert.ok(page.ok);
    assert.deepEqual({ total: page.data.total, page: page.data.page, limit: page.data.limit, rows: page.data.usage.length }, { total: 3, page: 1, limit: 25, rows: 3 });
    const second = await owner.session.orgUsage({ page: 2, limit: 2 });
    assert.ok(second.ok && second.data.usage.length === 1 && second.data.page === 2 && second.data.limit === 2);
    for (const q of [{ page: 0 }, { limit: 0 }, { limit: 101 }, { page: 'x' }, { limit: '2.5' }]) expectError(await owner.session.orgUsage(q), 400);
    assert.equal((await owner.session.orgUsage({ limit: 100 })).status, 200);
    expectError(await member.session.orgUsage(), 403);
    const other = await ownerB.session.orgUsage();
    assert.ok(other.ok && other.data.total === 0);
    expectError(await t.client.orgUsage(), 401);

    const org = await member.session.org();
    assert.ok(org.ok);
    assert.equal(org.data.org.slug, 'usage-a');
    assert.equal(org.data.role, 'member');
    assert.equal(org.data.org.credits, 5, 'scan consumes no credit');
    expectError(await (await t.user({})).session.org(), 403);
  });
});

describe('/org-billing', () => {
  test('owner creates (201), only an admin completes; retries are idempotent; manager 403; other org 404', async () => {
    const owner = await t.user({ org: 'billing-a', role: 'owner' });
    const manager = await t.user({ org: 'billing-a', role: 'manager' });
    const ownerB = await t.user({ org: 'billing-b', role: 'owner' });
    const admin = await t.user({ admin: true });
    const created = await owner.session.createPurchase(10, 'order-1');
    assert.equal(created.status, 201);
    assert.ok(created.ok);
    assert.equal(created.data.purchase.status, 'pending');
    assert.equal(created.data.purchase.provider, 'manual');
    const retry = await owner.session.createPurchase(10, 'order-1');
    assert.ok(retry.ok && retry.status === 200 && retry.data.purchase.id === created.data.purchase.id);
    expectError(await owner.session.createPurchase(11, 'order-1'), 409);
    expectError(await manager.session.createPurchase(10, 'order-2'), 403);
    expectError(await owner.session.createPurchase(0, 'order-3'), 400);
    expectError(await owner.session.createPurchase(5, ''), 400);
    expectError(await manager.session.completePurchase(created.data.purchase.id), 403);
    expectError(await ownerB.session.completePurchase(created.data.purchase.id), 404);

    // Without BILLING_SELF_COMPLETE an owner cannot mint credits by completing an unpaid purchase.
    const minted = expectError(await owner.session.completePurchase(created.data.purchase.id), 403);
    assert.equal(minted.reason, 'admin_required');
    const org = await owner.session.org();
    assert.ok(org.ok && org.data.org.credits === 0, 'nothing was added');

    const done = await admin.session.completePurchase(created.data.purchase.id);
    assert.ok(done.ok);
    assert.equal(done.data.purchase.status, 'completed');
    assert.equal(done.data.credits, 10);
    const again = await admin.session.completePurchase(created.data.purchase.id);
    assert.ok(again.ok && again.data.credits === 10, 'completing twice adds credits once');

    const second = await owner.session.createPurchase(4, 'order-4');
    assert.ok(second.ok);
    const byAdmin = await admin.session.completePurchase(second.data.purchase.id);
    assert.ok(byAdmin.ok && byAdmin.data.credits === 14);
    expectError(await admin.session.completePurchase('no-such-purchase'), 404);
  });
});

describe('/org-members', () => {
  test('403 until members are enabled; invite and accept, change role, remove with owner rules', async () => {
    const owner = await t.user({ org: 'team-a', role: 'owner' });
    const manager = await t.user({ org: 'team-a', role: 'manager' });
    const newcomer = await t.user({});
    const elsewhere = await t.user({ org: 'team-b', role: 'member' });
    expectError(await owner.session.listMembers(), 403);
    await t.service.ctx.pool.query('UPDATE organisations SET members_enabled = 1 WHERE id = ?', [owner.orgId]);
    const list = await manager.session.listMembers();
    assert.ok(list.ok && list.data.members.length === 2);

    const added = await manager.session.changeMembers({ action: 'add', email: newcomer.email });
    assert.ok(added.ok && added.status === 202 && 'invitation' in added.data);
    const invited = await newcomer.session.listInvitations();
    assert.ok(invited.ok && invited.data.invitations.length === 1);
    assert.equal((await newcomer.session.answerInvitation({ action: 'accept', invitation_id: invited.data.invitations[0]!.id })).status, 200);
    expectError(await manager.session.changeMembers({ action: 'add', email: newcomer.email, role: 'boss' as never }), 400);
    expectError(await manager.session.changeMembers({ action: 'set_role', user_id: newcomer.userId, role: 'owner' }), 403);
    expectError(await manager.session.changeMembers({ action: 'remove', user_id: owner.userId }), 403);
    expectError(await owner.session.changeMembers({ action: 'set_role', user_id: owner.userId, role: 'member' }), 409);
    expectError(await owner.session.changeMembers({ action: 'remove', user_id: elsewhere.userId }), 404);

    const promoted = await owner.session.changeMembers({ action: 'set_role', user_id: newcomer.userId, role: 'manager' });
    assert.ok(promoted.ok && 'member' in promoted.data && promoted.data.member.role === 'manager');
    const newcomerLogin = await t.client.login(newcomer.email, newcomer.password);
    assert.ok(newcomerLogin.ok);
    assert.equal((await t.client.withSession(newcomerLogin.data.token).listOrgKeys()).status, 200, 'a promoted manager manages org keys');
    assert.equal((await owner.session.changeMembers({ action: 'remove', user_id: newcomer.userId })).status, 200);
    const member = await t.user({ org: 'team-a', role: 'member' });
    expectError(await member.session.changeMembers({ action: 'remove', user_id: manager.userId }), 403);
    expectError(await owner.session.changeMembers({ action: 'dance' } as never), 400);
  });
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
    expectError(await send({ event_type: 'click' } as never), 400);
    expectError(await send({ event_type: 'search', path: '/docs', query: 'x', result_count: -1 }), 400);
    expectError(await send({ event_type: 'feedback', path: 'docs', helpful: 'yes' }), 400);

    const admin = await t.user({ admin: true });
    const plain = await t.user({});
    expectError(await plain.session.docsInsights(), 403);
    expectError(await t.client.docsInsights(), 401);
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

  test('POST /docs-events has its own per-address rate limit', async () => {
    await awaitFreshWindow(10_000);
    let last = 0;
    for (let i = 0; i < 45 && last !== 429; i++) last = (await t.client.sendDocsEvent({ event_type: 'page_view', path: '/x' })).status;
    assert.equal(last, 429);
  });
});
