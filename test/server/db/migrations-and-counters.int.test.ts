// Migrations (idempotent, safe when two processes start together), atomic credits and rate-limit counting,
// against a real MariaDB. (The accounts CLI: test/server/cli/accounts.int.test.ts.)
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Pool } from 'mysql2/promise';
import { selectRows } from '../../../server/db/connection.ts';
import { creditBalance } from '../../../server/db/credits.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { MIGRATIONS } from '../../../server/db/migrations.ts';
import { mysqlLimiterStore } from '../../../server/db/rate-limits.ts';
import { refundExpiredReservations, reserveCredit } from '../../../server/db/reservations.ts';
import { insertUser } from '../../../server/db/users.ts';
import { useTestDatabase } from '../../helpers/test-database.ts';

// Not migrated beforehand: the first test migrates it from two pools at once.
const db = useTestDatabase('db', { connectionLimit: 12, migrated: false });
let pool: Pool;
before(async () => {
  pool = await db.ready();
});

test('migrations run once even when started concurrently, and record their versions', async () => {
  const second = await db.otherPool();
  const [a, b] = await Promise.all([migrate(pool), migrate(second)]);
  assert.deepEqual([...a, ...b].sort((x, y) => x - y), MIGRATIONS.map((m) => m.version));
  assert.deepEqual(await migrate(pool), []);
  const rows = await selectRows<{ version: number }>(pool, 'SELECT version FROM schema_migrations');
  assert.deepEqual(rows.map((r) => r.version), MIGRATIONS.map((m) => m.version));
});

test('reserveCredit never overspends under concurrency; every reservation refunds exactly once', async () => {
  const id = await insertUser(pool, { email: 'credits@example.org', name: '', passwordHash: 'x', isAdmin: false, plan: 'free', credits: 5 });
  const account = { kind: 'user', id } as const;
  const results = await Promise.all(Array.from({ length: 12 }, (_, i) => reserveCredit(pool, { account, apiKeyId: 'k', route: 'hyperlink', requestId: `r${i}` })));
  assert.equal(results.filter(Boolean).length, 5);
  assert.equal(await creditBalance(pool, account), 0);
  const refunded = await Promise.all([refundExpiredReservations(pool, -60_000), refundExpiredReservations(pool, -60_000)]);
  assert.equal(refunded[0] + refunded[1], 5, 'two sweepers at once refund each reservation once');
  assert.equal(await creditBalance(pool, account), 5);
});

test('rate-limit hits count atomically per bucket and window', async () => {
  const store = mysqlLimiterStore(pool);
  const counts = await Promise.all(Array.from({ length: 10 }, () => store.hit('test-bucket', 60_000)));
  assert.deepEqual(counts.sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assert.equal(await store.hit('test-bucket', 120_000), 1);
});
