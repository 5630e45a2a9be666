// The migration runner on real MariaDB: a fresh database is brought to the latest version and a second
// run changes nothing; an older database gets only the migrations it lacks, in version order.
// (Two processes migrating at once: test/server/db/schema-and-cli.int.test.ts.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Pool } from 'mysql2/promise';
import { selectRows } from '../../../server/db/connection.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { MIGRATIONS } from '../../../server/db/migrations.ts';
import { useTestDatabase } from '../../helpers/test-database.ts';

const fresh = useTestDatabase('migfresh', { migrated: false });
const older = useTestDatabase('migolder', { migrated: false });

const recorded = async (db: { pool: Pool }) =>
  selectRows<{ version: number; name: string; applied_at: Date }>(db.pool, 'SELECT version, name, applied_at FROM schema_migrations ORDER BY version');
const tables = async (db: { pool: Pool }) =>
  (await selectRows<{ t: string }>(db.pool, 'SELECT TABLE_NAME AS t FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME')).map((r) => r.t);

test('a fresh database migrates to the latest version; the records match the migrations; a second run is a no-op', async () => {
  const applied = await migrate(fresh.pool);
  assert.deepEqual(applied, MIGRATIONS.map((m) => m.version));
  const rows = await recorded(fresh);
  assert.equal(rows.length, MIGRATIONS.length);
  assert.deepEqual(rows.map((r) => [r.version, r.name]), MIGRATIONS.map((m) => [m.version, m.name]));
  assert.equal(Math.max(...rows.map((r) => r.version)), MIGRATIONS.at(-1)!.version);
  const schemaBefore = await tables(fresh);
  assert.deepEqual(await migrate(fresh.pool), []);
  assert.deepEqual(await recorded(fresh), rows, 'nothing recorded again, no time changed');
  assert.deepEqual(await tables(fresh), schemaBefore);
});

test('an older database gets only the migrations it lacks, in version order whatever the list order', async () => {
  const firstTwo = MIGRATIONS.slice(0, 2);
  assert.deepEqual(await migrate(older.pool, [...firstTwo].reverse()), firstTwo.map((m) => m.version));
  const rest = MIGRATIONS.slice(2).map((m) => m.version);
  assert.deepEqual(await migrate(older.pool), rest);
  assert.deepEqual((await recorded(older)).map((r) => r.version), MIGRATIONS.map((m) => m.version));
  assert.deepEqual(await tables(older), await tables(fresh), 'upgraded and fresh databases have the same tables');
});
