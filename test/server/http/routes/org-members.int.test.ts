// GET and POST /org-members (server/http/routes/org-members.ts): team membership when the organisation has
// members enabled, against the real service and MariaDB. Answering invitations: routes/org-invitations.int.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expectError, expectSessionRequired, startTestService, type TestService } from '../../../helpers/http-harness.ts';

let t: TestService;
before(async () => {
  t = await startTestService('route_members', { TRIAL_CREDITS: '0' });
});
after(async () => {
  await t.stop();
});

describe('/org-members', () => {
  test('403 until members are enabled; invite and accept, change role, remove with owner rules', async () => {
    const owner = await t.user({ org: 'team-a', role: 'owner' });
    const manager = await t.user({ org: 'team-a', role: 'manager' });
    const newcomer = await t.user({});
    const elsewhere = await t.user({ org: 'team-b', role: 'member' });
    assert.equal(expectError(await owner.session.listMembers(), 403).reason, 'members_not_enabled');
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

  test('a removed manager\'s organisation keys stop working (revoked, listed as such); the other managers\' keep working', async () => {
    const owner = await t.user({ org: 'team-k', role: 'owner' });
    const leaving = await t.user({ org: 'team-k', role: 'manager' });
    const staying = await t.user({ org: 'team-k', role: 'manager' });
    await t.service.ctx.pool.query('UPDATE organisations SET members_enabled = 1 WHERE id = ?', [owner.orgId]);
    const made = await leaving.session.createOrgKey({ name: 'made by the leaver' });
    const kept = await staying.session.createOrgKey({ name: 'made by a stayer' });
    assert.ok(made.ok && kept.ok);
    // Not a document: the key is accepted (400 for the file) while valid, 401 once revoked.
    const tryKey = async (key: string) => (await t.client.withApiKey(key).scan({ file: new Uint8Array([1, 2, 3]) })).status;
    assert.equal(await tryKey(made.data.key), 400);
    assert.equal((await owner.session.changeMembers({ action: 'remove', user_id: leaving.userId })).status, 200);
    const refused = await t.client.withApiKey(made.data.key).scan({ file: new Uint8Array([1, 2, 3]) });
    assert.equal(expectError(refused, 401).reason, 'invalid_api_key');
    assert.equal(await tryKey(kept.data.key), 400, 'keys of members who stay keep working');
    const listed = await owner.session.listOrgKeys(true);
    assert.ok(listed.ok);
    assert.equal(listed.data.keys.find((k) => k.id === made.data.id)?.is_active, false);
    assert.equal(listed.data.keys.find((k) => k.id === kept.data.id)?.is_active, true);
  });

  test('an organisation key whose creator left some other way (membership gone, key still active) is refused', async () => {
    const owner = await t.user({ org: 'team-l', role: 'owner' });
    const manager = await t.user({ org: 'team-l', role: 'manager' });
    const made = await manager.session.createOrgKey({ name: 'orphan' });
    assert.ok(made.ok);
    await t.service.ctx.pool.query('DELETE FROM memberships WHERE user_id = ?', [manager.userId]);
    const refused = await t.client.withApiKey(made.data.key).scan({ file: new Uint8Array([1, 2, 3]) });
    assert.equal(expectError(refused, 401).reason, 'api_key_revoked');
    assert.ok(owner.orgId);
  });

  test('members see the member list only, managers the open invitations too', async () => {
    const owner = await t.user({ org: 'team-c', role: 'owner' });
    const member = await t.user({ org: 'team-c', role: 'member' });
    await t.service.ctx.pool.query('UPDATE organisations SET members_enabled = 1 WHERE id = ?', [owner.orgId]);
    await owner.session.changeMembers({ action: 'invite', email: 'invited.members@example.org' });
    const byMember = await member.session.listMembers();
    assert.ok(byMember.ok);
    assert.deepEqual(Object.keys(byMember.data), ['members']);
    assert.deepEqual(byMember.data.members.map((m) => [m.user_id, m.role]).sort(), [[owner.userId, 'owner'], [member.userId, 'member']].sort());
    const byOwner = await owner.session.listMembers();
    assert.ok(byOwner.ok && byOwner.data.invitations?.length === 1);
  });

  test('validation names the missing field; no session 401; no organisation 403; a member may not change members', async () => {
    const owner = await t.user({ org: 'team-d', role: 'owner' });
    await t.service.ctx.pool.query('UPDATE organisations SET members_enabled = 1 WHERE id = ?', [owner.orgId]);
    const reasonOf = async (action: unknown) => expectError(await owner.session.changeMembers(action as never), 400).reason;
    assert.equal(await reasonOf({ action: 'invite' }), 'missing_email');
    assert.equal(await reasonOf({ action: 'set_role', user_id: owner.userId, role: 'boss' }), 'invalid_role');
    assert.equal(await reasonOf({ action: 'remove' }), 'missing_user_id');
    assert.equal(await reasonOf({ action: 'cancel_invitation' }), 'missing_invitation_id');
    assert.equal(await reasonOf({}), 'invalid_action');
    for (const method of ['GET', 'POST'] as const) await expectSessionRequired(t, method, '/org-members');
    const loner = await t.user({});
    assert.equal(expectError(await loner.session.listMembers(), 403).reason, 'organisation_required');
    const member = await t.user({ org: 'team-d', role: 'member' });
    assert.equal(expectError(await member.session.changeMembers({ action: 'invite', email: 'x@example.org' }), 403).reason, 'manager_or_owner_required');
  });
});
