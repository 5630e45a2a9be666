// `hyperlinker user add` and `hyperlinker org set` against a real MariaDB ($DATABASE_URL): one JSON line of ids,
// re-runs update rather than duplicate (the same password keeps the stored hash), and bad input exits 2 with a
// message naming the flag, before the database is touched.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Pool } from 'mysql2/promise';
import { dropDatabase, openDatabase, selectRows } from '../../../server/db/connection.ts';
import { findMembership, findOrgBySlug } from '../../../server/db/organisations.ts';
import { findUserByEmail } from '../../../server/db/users.ts';
import { runCli } from '../../helpers/cli-capture.ts';
import { freshDatabaseUrl } from '../../helpers/http-harness.ts';

const url = freshDatabaseUrl('cli_accounts');
const savedUrl = process.env.DATABASE_URL;
let pool: Pool;
before(async () => {
  process.env.DATABASE_URL = url;
  pool = await openDatabase(url, 2);
});
after(async () => {
  if (savedUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = savedUrl;
  await pool.end();
  await dropDatabase(url);
});

/** Runs the command and parses its one JSON line. */
async function ok<T>(argv: string[]): Promise<T> {
  const r = await runCli(argv);
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out.trimEnd().split('\n').length, 1);
  return JSON.parse(r.out) as T;
}

test('user add creates the user, its organisation and membership, and prints their ids', async () => {
  const out = await ok<{ userId: string; orgId: string }>(['user', 'add', '--email', 'Cli@Example.org', '--password', 'long-password', '--name', 'Cli', '--org', 'cli-org', '--role', 'owner', '--credits', '5', '--plan', 'pro']);
  assert.match(out.userId, /^[0-9a-f-]{36}$/);
  const user = await findUserByEmail(pool, 'cli@example.org');
  assert.deepEqual([user?.id, user?.name, user?.plan, user?.credits, user?.is_admin], [out.userId, 'Cli', 'pro', 5, 0]);
  assert.equal((await findOrgBySlug(pool, 'cli-org'))?.id, out.orgId);
  assert.deepEqual([(await findMembership(pool, out.userId))?.org_id, (await findMembership(pool, out.userId))?.role], [out.orgId, 'owner']);
  const solo = await ok<{ orgId: null }>(['user', 'add', '--email', 'solo@example.org', '--password', 'long-password']);
  assert.equal(solo.orgId, null);
});

test('user add again updates the same user: the same password keeps its hash, a new one replaces it', async () => {
  const before = (await findUserByEmail(pool, 'cli@example.org'))!;
  const again = await ok<{ userId: string; orgId: string }>(['user', 'add', '--email', 'cli@example.org', '--password', 'long-password', '--org', 'cli-org', '--role', 'manager', '--admin']);
  assert.equal(again.userId, before.id);
  const same = (await findUserByEmail(pool, 'cli@example.org'))!;
  assert.equal(same.password_hash, before.password_hash);
  assert.deepEqual([same.is_admin, same.plan, same.credits], [1, 'pro', 5], 'flags not given keep their values');
  assert.equal((await findMembership(pool, before.id))?.role, 'manager');
  await ok(['user', 'add', '--email', 'cli@example.org', '--password', 'another-password']);
  assert.notEqual((await findUserByEmail(pool, 'cli@example.org'))!.password_hash, before.password_hash);
  const rows = await selectRows<{ n: number }>(pool, 'SELECT COUNT(*) AS n FROM users WHERE email = ?', ['cli@example.org']);
  assert.equal(Number(rows[0]!.n), 1);
});

test('org set changes an organisation (creating it when new) and prints its id', async () => {
  const existing = (await findOrgBySlug(pool, 'cli-org'))!;
  assert.deepEqual(await ok(['org', 'set', '--org', 'cli-org', '--credits', '9', '--plan', 'team', '--members-enabled', 'false']), { orgId: existing.id });
  const changed = (await findOrgBySlug(pool, 'cli-org'))!;
  assert.deepEqual([changed.credits, changed.plan, changed.members_enabled], [9, 'team', 0]);
  const created = await ok<{ orgId: string }>(['org', 'set', '--org', 'new-org']);
  assert.equal((await findOrgBySlug(pool, 'new-org'))?.id, created.orgId);
});

test('bad input: exit 2 and one line naming the problem, nothing written', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['user', 'add', '--email', 'x', '--password', 'long-password'], /--email must be an e-mail address/],
    [['user', 'add', '--email', 'a@b.co', '--password', 'short'], /--password must have at least 8 characters/],
    [['user', 'add', '--email', 'a@b.co', '--password', 'long-password', '--plan', 'gold'], /--plan must be one of free, pro, team/],
    [['user', 'add', '--email', 'a@b.co', '--password', 'long-password', '--credits', '2.5'], /--credits must be a non-negative integer/],
    [['user', 'add', '--email', 'a@b.co', '--password', 'long-password', '--org', 'o', '--role', 'king'], /--role must be one of owner, manager, member/],
    [['user', 'add', '--email', 'a@b.co', '--password', 'long-password', '--role', 'owner'], /--role needs --org/],
    [['user', 'add', '--email', 'a@b.co', '--password', 'long-password', '--org', 'Bad Slug'], /--org must be a slug/],
    [['org', 'set', '--org', 'cli-org', '--members-enabled', 'maybe'], /--members-enabled must be true or false/],
    [['org', 'set'], /--org SLUG is required/],
    [['user', 'remove'], /usage: hyperlinker user add/],
  ];
  for (const [argv, message] of cases) {
    const r = await runCli(argv);
    assert.equal(r.code, 2, argv.join(' '));
    assert.match(r.err, message, argv.join(' '));
    assert.equal(r.out, '');
  }
  assert.equal(await findUserByEmail(pool, 'a@b.co'), null);
});
