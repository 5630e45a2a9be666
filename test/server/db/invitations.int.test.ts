// org_invitations on real MariaDB: an organisation has one live invitation per address (inviting again
// renews it); an invitation is answered once; expired and answered invitations are neither listed,
// counted nor lockable; an invitation is for its exact address only; an organisation cancels only its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  countLiveOrgInvitations, findInvitation, listLiveInvitationsFor, listLiveOrgInvitations, lockLiveInvitationFor,
  setInvitationStatus, upsertInvitation,
} from '../../../server/db/invitations.ts';
import { findOrgById } from '../../../server/db/organisations.ts';
import { backdate, seedOrg, seedUser, uniqueName, useTestDatabase } from '../../helpers/test-database.ts';

const db = useTestDatabase('invites');
const DAY = 86_400_000;

async function inviter() {
  const userId = await seedUser(db.pool);
  const orgId = await seedOrg(db.pool, { userId, role: 'owner' });
  return { userId, orgId, invite: (email: string, role: 'owner' | 'manager' | 'member' = 'member', ttlDays = 14) => upsertInvitation(db.pool, orgId, email, role, userId, ttlDays) };
}
const address = () => `${uniqueName('invitee')}@example.org`;
const expire = (id: string) => backdate(db.pool, 'org_invitations', 'expires_at', { column: 'id', value: id }, 1_000);

test('an invitation expires after its time to live; inviting the address again renews the live one', async () => {
  const o = await inviter();
  const email = address();
  const id = await o.invite(email, 'member', 14);
  const first = await findInvitation(db.pool, id);
  assert.equal(first?.status, 'pending');
  const ttl = first!.expires_at.getTime() - first!.created_at.getTime();
  assert.ok(Math.abs(ttl - 14 * DAY) < 1_000, `expires 14 days after creation (${ttl} ms)`);
  await backdate(db.pool, 'org_invitations', 'expires_at', { column: 'id', value: id }, -DAY); // one day left
  assert.equal(await o.invite(email, 'manager', 14), id, 'same invitation');
  const renewed = await findInvitation(db.pool, id);
  assert.equal(renewed?.role, 'manager');
  assert.ok(renewed!.expires_at.getTime() - Date.now() > 13 * DAY, 'the expiry starts again');
  assert.equal(await countLiveOrgInvitations(db.pool, o.orgId), 1);
});

test('an expired invitation is not live: not counted, listed nor lockable, and a new one replaces it', async () => {
  const o = await inviter();
  const email = address();
  const old = await o.invite(email);
  await expire(old);
  assert.equal(await countLiveOrgInvitations(db.pool, o.orgId), 0);
  assert.deepEqual(await listLiveOrgInvitations(db.pool, o.orgId), []);
  assert.deepEqual(await listLiveInvitationsFor(db.pool, email), []);
  assert.equal(await lockLiveInvitationFor(db.pool, old, email), null);
  const fresh = await o.invite(email);
  assert.notEqual(fresh, old);
  assert.deepEqual((await listLiveInvitationsFor(db.pool, email)).map((i) => i.id), [fresh]);
});

test('an invitation is accepted once, even by racing answers; afterwards it is no longer live', async () => {
  const o = await inviter();
  const email = address();
  const id = await o.invite(email);
  const answers = await Promise.all([setInvitationStatus(db.pool, id, 'accepted'), setInvitationStatus(db.pool, id, 'accepted'), setInvitationStatus(db.pool, id, 'declined')]);
  assert.equal(answers.filter(Boolean).length, 1);
  const answered = await findInvitation(db.pool, id);
  assert.notEqual(answered?.status, 'pending');
  assert.equal(await lockLiveInvitationFor(db.pool, id, email), null);
  assert.equal(await countLiveOrgInvitations(db.pool, o.orgId), 0);
  assert.notEqual(await o.invite(email), id, 'inviting again after an answer makes a new invitation');
});

test('an invitation is for its exact address: other bytes (an accent) neither see nor lock it', async () => {
  const o = await inviter();
  const email = address();
  const id = await o.invite(email);
  const lookalike = email.replace('i', '\u012b');
  assert.equal(await lockLiveInvitationFor(db.pool, id, lookalike), null);
  assert.deepEqual(await listLiveInvitationsFor(db.pool, lookalike), []);
  assert.equal((await lockLiveInvitationFor(db.pool, id, email))?.id, id);
});

test('an organisation cancels only its own invitations', async () => {
  const a = await inviter();
  const b = await inviter();
  const id = await a.invite(address());
  assert.equal(await setInvitationStatus(db.pool, id, 'cancelled', b.orgId), false);
  assert.equal((await findInvitation(db.pool, id))?.status, 'pending');
  assert.equal(await setInvitationStatus(db.pool, id, 'cancelled', a.orgId), true);
  assert.equal((await findInvitation(db.pool, id))?.status, 'cancelled');
});

test('an address invited by two organisations sees both, newest first, with each organisation named', async () => {
  const a = await inviter();
  const b = await inviter();
  const email = address();
  const fromA = await a.invite(email, 'manager');
  const fromB = await b.invite(email, 'member');
  await backdate(db.pool, 'org_invitations', 'created_at', { column: 'id', value: fromA }, 60_000);
  const received = await listLiveInvitationsFor(db.pool, email);
  const orgB = await findOrgById(db.pool, b.orgId);
  assert.deepEqual(received.map((i) => i.id), [fromB, fromA]);
  assert.deepEqual([received[0]?.org_name, received[0]?.org_slug, received[0]?.role], [orgB?.name, orgB?.slug, 'member']);
  assert.deepEqual((await listLiveOrgInvitations(db.pool, a.orgId)).map((i) => i.id), [fromA], "an organisation lists its own only");
});
