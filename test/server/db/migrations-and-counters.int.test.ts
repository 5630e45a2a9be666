// Migrations (idempotent, safe when two processes start together), atomic credits, rate-limit counting
// and the accounts CLI, against a real MariaDB.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, test } from 'node:test';
import type { Pool } from 'mysql2/promise';
import { dropDatabase, openDatabase, selectRows } from '../../../server/db/connection.ts';
import { creditBalance } from '../../../server/db/credits.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { MIGRATIONS } from '../../../server/db/migrations.ts';
import { hit } from '../../../server/db/rate-limits.ts';
import { refundExpiredReservations, reserveCredit } from '../../../server/db/reservations.ts';
import { findUserByEmail } from '../../../server/db/users.ts';
import { freshDatabaseUrl } from '../../helpers/http-harness.ts';

const url = freshDatabaseUrl('db');
let pool: Pool;
before(async () => {
  pool = await openDatabase(url, 12);
});
after(async () => {
  await pool.end();
  await dropDatabase(url);
});

test('migrations run once even when started concurrently, and record their versions', async () => {
  const second = await openDatabase(url, 2);
  const [a, b] = await Promise.all([migrate(pool), migrate(second)]);
  await second.end();
  assert.deepEqual([...a, ...b].sort(), MIGRATIONS.map((m) => m.version));
  assert.deepEqual(await migrate(pool), []);
  const rows = await selectRows<{ version: number }>(pool, 'SELECT version FROM schema_migrations');
  assert.deepEqual(rows.map((r) => r.version), MIGRATIONS.map((m) => m.version));
});

test('CLI: user add and org set print ids; bad input exits non-zero with a message', () => {
  const env = { ...process.env, DATABASE_URL: url };
  const run = (args: string[]) => spawnSync(process.execPath, ['bin/hyperlinker.mjs', ...args], { env, encoding: 'utf8' });
  const added = run(['user', 'add', '--email', 'Cli@Example.org', '--password', 'long-password', '--org', 'cli-org', '--role', 'owner', '--credits', '5', '--plan', 'pro']);
  assert.equal(added.status, 0, added.stderr);
  const out = JSON.parse(added.stdout) as { userId: string; orgId: string };
  assert.match(out.userId, /^[0-9a-f-]{36}$/);
  assert.match(out.orgId, /^[0-9a-f-]{36}$/);
  const set = run(['org', 'set', '--org', 'cli-org', '--credits', '9', '--members-enabled', 'true']);
  assert.equal(set.status, 0, set.stderr);
  assert.deepEqual(JSON.parse(set.stdout), { orgId: out.orgId });
  const noOrg = run(['user', 'add', '--email', 'solo@example.org', '--password', 'long-password']);
  assert.equal((JSON.parse(noOrg.stdout) as { orgId: null }).orgId, null);
  for (const bad of [
    ['user', 'add', '--email', 'x', '--password', 'long-password'],
    ['user', 'add', '--email', 'a@b.co', '--password', 'long-password', '--plan', 'gold'],
    ['user', 'add', '--email', 'a@b.co', '--password', 'long-password', '--org', 'o', '--role', 'king'],
    ['org', 'set', '--org', 'cli-org', '--members-enabled', 'maybe'],
    ['org', 'set'],
    ['user', 'remove'],
  ]) {
    const r = run(bad);
    assert.notEqual(r.status, 0, bad.join(' '));
    assert.match(r.stderr, /hyperlinker/);
  }
});

test('reserveCredit never overspends under concurrency; every reservation refunds exactly once', async () => {
  const user = await findUserByEmail(pool, 'cli@example.org');
  assert.ok(user);
  const account = { kind: 'user', id: user.id } as const;
  const results = await Promise.all(Array.from({ length: 12 }, (_, i) => reserveCredit(pool, { account, apiKeyId: 'k', route: 'hyperlink', requestId: `r${i}` })));
  assert.equal(results.filter(Boolean).length, 5);
  assert.equal(await creditBalance(pool, account), 0);
  const refunded = await Promise.all([refundExpiredReservations(pool, -60_000), refundExpiredReservations(pool, -60_000)]);
  assert.equal(refunded[0] + refunded[1], 5, 'two sweepers at once refund each reservation once');
  assert.equal(await creditBalance(pool, account), 5);
});

test('rate-limit hits count atomically per bucket and window', async () => {
  const counts = await Promise.all(Array.from({ length: 10 }, () => hit(pool, 'test-bucket', 60_000)));
  assert.deepEqual(counts.sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assert.equal(await hit(pool, 'test-bucket', 120_000), 1);
});
