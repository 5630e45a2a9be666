// organisations and memberships on real MariaDB: slugs are unique; a user belongs to at most one
// organisation; roles change and members leave only within their own organisation; owners are counted
// per organisation; deleting an organisation or a user removes the memberships.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  countOwners, deleteMembership, findMembership, findOrgById, findOrgBySlug, insertMembership, insertOrg, listMembers,
  setMemberRole, updateOrg, upsertMembership,
} from '../../../server/db/organisations.ts';
import { findUserById } from '../../../server/db/users.ts';
import { countOf, seedOrg, seedUser, uniqueName, useTestDatabase } from '../../helpers/test-database.ts';

const db = useTestDatabase('orgs');

test('an organisation is found by slug and id; a slug names one organisation only', async () => {
  const slug = uniqueName('acme');
  const id = await insertOrg(db.pool, slug, 'Acme');
  const org = await findOrgBySlug(db.pool, slug);
  assert.deepEqual([org?.id, org?.name, org?.plan, org?.credits, org?.members_enabled], [id, 'Acme', 'free', 0, 0], 'a new organisation starts free, empty, members off');
  assert.equal((await findOrgById(db.pool, id))?.slug, slug);
  await assert.rejects(insertOrg(db.pool, slug, 'Another Acme'), { code: 'ER_DUP_ENTRY' });
  assert.equal(await findOrgBySlug(db.pool, `${slug}-x`), null);
});

test('organisation changes write only the named fields', async () => {
  const id = await seedOrg(db.pool);
  await updateOrg(db.pool, id, { plan: 'team', membersEnabled: true });
  await updateOrg(db.pool, id, { credits: 40 });
  await updateOrg(db.pool, id, {});
  const org = await findOrgById(db.pool, id);
  assert.deepEqual([org?.plan, org?.members_enabled, org?.credits], ['team', 1, 40]);
  await updateOrg(db.pool, id, { membersEnabled: false });
  assert.equal((await findOrgById(db.pool, id))?.members_enabled, 0);
});

test('a user belongs to one organisation at most: a second insert is refused, an upsert moves the user', async () => {
  const userId = await seedUser(db.pool);
  const first = await seedOrg(db.pool);
  const second = await seedOrg(db.pool);
  assert.equal(await insertMembership(db.pool, userId, first, 'member'), true);
  assert.equal(await insertMembership(db.pool, userId, second, 'owner'), false);
  assert.deepEqual([(await findMembership(db.pool, userId))?.org_id, (await findMembership(db.pool, userId))?.role], [first, 'member']);
  await upsertMembership(db.pool, userId, second, 'manager');
  const moved = await findMembership(db.pool, userId);
  assert.deepEqual([moved?.org_id, moved?.role], [second, 'manager']);
  assert.deepEqual(await listMembers(db.pool, first), [], 'the user left the first organisation');
});

test('role changes and removals reach only members of the organisation named', async () => {
  const owner = await seedUser(db.pool);
  const member = await seedUser(db.pool);
  const orgId = await seedOrg(db.pool, { userId: owner, role: 'owner' });
  await insertMembership(db.pool, member, orgId, 'member');
  const elsewhere = await seedOrg(db.pool);
  assert.equal(await setMemberRole(db.pool, elsewhere, member, 'owner'), false);
  assert.equal(await deleteMembership(db.pool, elsewhere, member), false);
  assert.equal((await findMembership(db.pool, member))?.role, 'member');
  assert.equal(await countOwners(db.pool, orgId), 1);
  assert.equal(await setMemberRole(db.pool, orgId, member, 'owner'), true);
  assert.equal(await countOwners(db.pool, orgId), 2);
  assert.equal(await countOwners(db.pool, elsewhere), 0);
  assert.equal(await deleteMembership(db.pool, orgId, member), true);
  assert.equal(await deleteMembership(db.pool, orgId, member), false);
  assert.equal(await findMembership(db.pool, member), null);
  assert.ok(await findUserById(db.pool, member), 'leaving the organisation keeps the account');
});

test('members are listed with their e-mail and role, in the order they joined', async () => {
  const orgId = await seedOrg(db.pool);
  const users = [await seedUser(db.pool, { name: 'First' }), await seedUser(db.pool, { name: 'Second' }), await seedUser(db.pool, { name: 'Third' })];
  const roles = ['owner', 'manager', 'member'] as const;
  for (const [i, userId] of users.entries()) {
    await insertMembership(db.pool, userId, orgId, roles[i]!);
    await db.pool.query('UPDATE memberships SET created_at = ? WHERE user_id = ?', [new Date(Date.UTC(2026, 0, 10 - i)), userId]);
  }
  const listed = await listMembers(db.pool, orgId);
  assert.deepEqual(listed.map((m) => [m.name, m.role]), [['Third', 'member'], ['Second', 'manager'], ['First', 'owner']]);
  const email = (await findUserById(db.pool, users[0]!))?.email;
  assert.equal(listed[2]?.email, email);
});

test('deleting an organisation removes its memberships; deleting a user removes theirs', async () => {
  const stays = await seedUser(db.pool);
  const goes = await seedUser(db.pool);
  const orgId = await seedOrg(db.pool, { userId: stays, role: 'owner' });
  await insertMembership(db.pool, goes, orgId, 'member');
  await db.pool.query('DELETE FROM users WHERE id = ?', [goes]);
  assert.deepEqual((await listMembers(db.pool, orgId)).map((m) => m.user_id), [stays]);
  await db.pool.query('DELETE FROM organisations WHERE id = ?', [orgId]);
  assert.equal(await countOf(db.pool, 'SELECT COUNT(*) AS n FROM memberships WHERE org_id = ?', [orgId]), 0);
  assert.equal(await findMembership(db.pool, stays), null, 'the owner may join another organisation now');
});
