// GET /org (server/http/routes/org.ts): the caller's organisation account state, against the real service
// and MariaDB.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expectError, expectSessionRequired, startTestService, type TestService } from '../../../helpers/http-harness.ts';

let t: TestService;
before(async () => {
  t = await startTestService('route_org', { TRIAL_CREDITS: '0' });
});
after(async () => {
  await t.stop();
});

describe('GET /org', () => {
  test('every member sees the organisation and their own role', async () => {
    const owner = await t.user({ org: 'org-a', role: 'owner' });
    const member = await t.user({ org: 'org-a', role: 'member' });
    await t.service.ctx.pool.query('UPDATE organisations SET credits = 5, members_enabled = 1 WHERE id = ?', [owner.orgId]);
    const seen = await member.session.org();
    assert.ok(seen.ok);
    assert.equal(seen.data.role, 'member');
    const { created_at: createdAt, ...org } = seen.data.org;
    assert.deepEqual(org, { id: owner.orgId, slug: 'org-a', name: 'org-a', plan: org.plan, credits: 5, members_enabled: true });
    assert.ok(!Number.isNaN(Date.parse(createdAt)));
    const byOwner = await owner.session.org();
    assert.ok(byOwner.ok && byOwner.data.role === 'owner' && byOwner.data.org.id === owner.orgId);
  });

  test('no session 401; a user in no organisation 403 organisation_required', async () => {
    await expectSessionRequired(t, 'GET', '/org');
    const body = expectError(await (await t.user({})).session.org(), 403);
    assert.deepEqual([body.error, body.reason], ['Organisation membership required', 'organisation_required']);
  });
});
