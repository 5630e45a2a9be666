// GET and POST /org-invitations (server/http/routes/org-invitations.ts), and the invitations of POST /org-members
// that lead to them. Members join by invitation (issue 11, item 9): inviting answers the same for every address (unknown,
// known, in another organisation, already a member), and nobody is enrolled without accepting.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expectError, expectSessionRequired, startTestService, type TestService, type TestUser } from '../../../helpers/http-harness.ts';

let t: TestService;
before(async () => {
  t = await startTestService('invite', { TRIAL_CREDITS: '0' });
});
after(async () => {
  await t.stop();
});

async function teamWithMembers(slug: string): Promise<{ owner: TestUser; manager: TestUser }> {
  const owner = await t.user({ org: slug, role: 'owner' });
  const manager = await t.user({ org: slug, role: 'manager' });
  await t.service.ctx.pool.query('UPDATE organisations SET members_enabled = 1 WHERE id = ?', [owner.orgId]);
  return { owner, manager };
}

/** The answer with what legitimately differs per call (ids, times, the address echoed) blanked. */
function shapeOf(res: { status: number; ok: boolean; data?: unknown; error?: unknown }): string {
  const body = (res.ok ? res.data : res.error) as Record<string, unknown>;
  return JSON.stringify({ status: res.status, body }, (key, value: unknown) => (['id', 'email', 'created_at', 'expires_at', 'requestId'].includes(key) ? '…' : value));
}

describe('inviting', () => {
  test('one answer for every address: unknown, free, in another organisation, already a member', async () => {
    const { owner, manager } = await teamWithMembers('inv-a');
    const free = await t.user({});
    const elsewhere = await t.user({ org: 'inv-b', role: 'owner' });
    const answers = [];
    for (const email of ['ghost.inv@example.org', free.email, elsewhere.email, owner.email]) {
      answers.push(shapeOf(await manager.session.changeMembers({ action: 'add', email })));
    }
    assert.equal(new Set(answers).size, 1, answers.join('\n'));
    assert.match(answers[0]!, /"status":202/);
    assert.match(answers[0]!, /"status":"pending"/);

    const listed = await manager.session.listMembers();
    assert.ok(listed.ok && listed.data.members.length === 2, 'nobody was enrolled');
    assert.equal(listed.data.invitations?.length, 4);
    const elsewhereMembership = await elsewhere.session.org();
    assert.ok(elsewhereMembership.ok && elsewhereMembership.data.org.slug === 'inv-b', 'the other organisation keeps its member');
  });

  test('the invited user sees the invitation, accepts it and joins with the invited role; decline and cancel end it', async () => {
    const { owner, manager } = await teamWithMembers('inv-c');
    const joiner = await t.user({});
    const decliner = await t.user({});
    const stranger = await t.user({});
    await manager.session.changeMembers({ action: 'invite', email: `  ${joiner.email.toUpperCase()} `, role: 'manager' });
    await manager.session.changeMembers({ action: 'invite', email: decliner.email });
    const cancelled = await manager.session.changeMembers({ action: 'invite', email: stranger.email });
    assert.ok(cancelled.ok && 'invitation' in cancelled.data);
    expectError(await manager.session.changeMembers({ action: 'invite', email: 'new@example.org', role: 'owner' }), 403);
    expectError(await manager.session.changeMembers({ action: 'invite', email: 'not-an-address' }), 400);

    const mine = await joiner.session.listInvitations();
    assert.ok(mine.ok && mine.data.invitations.length === 1);
    const invitation = mine.data.invitations[0]!;
    assert.deepEqual(invitation.org, { name: 'inv-c', slug: 'inv-c' });
    assert.equal(invitation.role, 'manager');
    expectError(await stranger.session.answerInvitation({ action: 'accept', invitation_id: invitation.id }), 404);
    const accepted = await joiner.session.answerInvitation({ action: 'accept', invitation_id: invitation.id });
    assert.ok(accepted.ok && 'org' in accepted.data && accepted.data.role === 'manager');
    expectError(await joiner.session.answerInvitation({ action: 'accept', invitation_id: invitation.id }), 404);
    const members = await owner.session.listMembers();
    assert.ok(members.ok && members.data.members.some((m) => m.user_id === joiner.userId && m.role === 'manager'));

    const declined = await decliner.session.listInvitations();
    assert.ok(declined.ok);
    assert.equal((await decliner.session.answerInvitation({ action: 'decline', invitation_id: declined.data.invitations[0]!.id })).status, 200);
    assert.ok((await decliner.session.org()).status === 403, 'declining joins nothing');

    assert.equal((await manager.session.changeMembers({ action: 'cancel_invitation', invitation_id: cancelled.data.invitation.id })).status, 200);
    const none = await stranger.session.listInvitations();
    assert.ok(none.ok && none.data.invitations.length === 0);
    expectError(await stranger.session.answerInvitation({ action: 'maybe', invitation_id: 'x' } as never), 400);
  });

  test('a manager re-inviting an address the owner invited as owner is 403 and the invitation stays an owner\'s; the owner may change it', async () => {
    const { owner, manager } = await teamWithMembers('inv-role');
    const heir = await t.user({});
    const first = await owner.session.changeMembers({ action: 'invite', email: heir.email, role: 'owner' });
    assert.ok(first.ok && 'invitation' in first.data && first.data.invitation.role === 'owner');
    assert.equal(expectError(await manager.session.changeMembers({ action: 'invite', email: heir.email }), 403).reason, 'owner_required');
    assert.equal(expectError(await manager.session.changeMembers({ action: 'add', email: heir.email, role: 'manager' }), 403).reason, 'owner_required');
    const seen = await heir.session.listInvitations();
    assert.ok(seen.ok);
    assert.deepEqual(seen.data.invitations.map((i) => i.role), ['owner']);
    const lowered = await owner.session.changeMembers({ action: 'invite', email: heir.email, role: 'member' });
    assert.ok(lowered.ok && 'invitation' in lowered.data && lowered.data.invitation.role === 'member' && lowered.data.invitation.id === first.data.invitation.id);
    // A member invitation the manager may renew and change again.
    const raised = await manager.session.changeMembers({ action: 'invite', email: heir.email, role: 'manager' });
    assert.ok(raised.ok && 'invitation' in raised.data && raised.data.invitation.role === 'manager');
  });

  test('a member of another organisation cannot accept into a second one (409); the accent-folded address is someone else', async () => {
    const { manager } = await teamWithMembers('inv-d');
    const taken = await t.user({ org: 'inv-e', role: 'member' });
    await manager.session.changeMembers({ action: 'invite', email: taken.email });
    const mine = await taken.session.listInvitations();
    assert.ok(mine.ok && mine.data.invitations.length === 1);
    const body = expectError(await taken.session.answerInvitation({ action: 'accept', invitation_id: mine.data.invitations[0]!.id }), 409);
    assert.equal(body.reason, 'already_in_organisation');

    const plain = await t.user({ email: 'zoe.invite@example.org' });
    await manager.session.changeMembers({ action: 'invite', email: 'zoë.invite@example.org' });
    const forPlain = await plain.session.listInvitations();
    assert.ok(forPlain.ok && forPlain.data.invitations.length === 0, 'zoë@ is not zoe@');
  });

  test('an answer names what is wrong with it; both methods need a session', async () => {
    const u = await t.user({});
    const reasonOf = async (answer: unknown) => expectError(await u.session.answerInvitation(answer as never), 400).reason;
    assert.equal(await reasonOf({ invitation_id: 'x' }), 'invalid_action');
    assert.equal(await reasonOf({ action: 'accept' }), 'missing_invitation_id');
    expectError(await u.session.answerInvitation({ action: 'decline', invitation_id: 'no-such-invitation' }), 404);
    for (const method of ['GET', 'POST'] as const) await expectSessionRequired(t, method, '/org-invitations');
  });
});
