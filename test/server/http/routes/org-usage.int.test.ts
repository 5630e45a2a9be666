// GET /org-usage (server/http/routes/org-usage.ts): the organisation's processed documents, newest first,
// for managers and owners, against the real service and MariaDB.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { creditBalance } from '../../../../server/db/credits.ts';
import { corpusDoc, expectError, expectSessionRequired, startTestService, type TestService } from '../../../helpers/http-harness.ts';

let t: TestService;
before(async () => {
  t = await startTestService('route_usage', { TRIAL_CREDITS: '0' });
});
after(async () => {
  await t.stop();
});

describe('GET /org-usage', () => {
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
    const row = page.data.usage[0]!;
    assert.deepEqual(
      { ...row, id: 'x', created_at: 'x', scan_fingerprint: 'x', request_id: 'x', link_count: 0 },
      { id: 'x', api_key_id: key.data.id, key_name: 'usage', key_prefix: key.data.key_prefix, user_id: owner.userId, route: 'hyperlink-scan', status: 200, scan_fingerprint: 'x', link_count: 0, credits_used: 0, request_id: 'x', created_at: 'x' },
    );
    assert.match(String(row.scan_fingerprint), /^sha256:/);
    assert.equal(await creditBalance(t.service.ctx.pool, { kind: 'org', id: owner.orgId! }), 5, 'scan consumes no credit');
  });

  test('each bad query names its parameter; no session 401; no organisation 403', async () => {
    const owner = await t.user({ org: 'usage-v', role: 'owner' });
    assert.equal(expectError(await owner.session.orgUsage({ page: 0 }), 400).reason, 'invalid_page');
    assert.equal(expectError(await owner.session.orgUsage({ limit: 101 }), 400).reason, 'invalid_limit');
    await expectSessionRequired(t, 'GET', '/org-usage');
    assert.equal(expectError(await (await t.user({})).session.orgUsage(), 403).reason, 'organisation_required');
  });
});
