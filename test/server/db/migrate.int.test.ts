// The migration runner on real MariaDB: a fresh database is brought to the latest version and a second
// run changes nothing; an older database gets only the migrations it lacks, in version order; a failing
// migration stops the run with an error naming it, is not recorded, holds no lock, and runs once repaired.
// (Two processes migrating at once: test/server/db/migrations-and-counters.int.test.ts.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Pool } from 'mysql2/promise';
import { selectRows } from '../../../server/db/connection.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { sha256Hex } from '../../../server/common/hash.ts';
import { MIGRATIONS, type Migration } from '../../../server/db/migrations.ts';
import { useTestDatabase } from '../../helpers/test-database.ts';

/**
 * The lock every process takes to migrate a database: a name every version of the service must agree on, so it
 * is stated here (a hash of the database name, since MySQL 8 refuses lock names over 64 characters).
 */
const migrationLockName = (database: string) => `hyperlinker_migrate_${sha256Hex(database).slice(0, 32)}`;

const fresh = useTestDatabase('migfresh', { migrated: false });
const older = useTestDatabase('migolder', { migrated: false });
const broken = useTestDatabase('migbroken', { migrated: false });

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

test('a failing migration stops the run with an error naming it; it is not recorded and runs once repaired', async () => {
  const good: Migration = { version: 1, name: 'probe table', statements: ['CREATE TABLE probe (id INT PRIMARY KEY) ENGINE=InnoDB'] };
  const bad: Migration = { version: 2, name: 'probe column', statements: ['ALTER TABLE probe_typo ADD COLUMN label VARCHAR(20)'] };
  const after: Migration = { version: 3, name: 'probe index', statements: ['CREATE INDEX probe_label ON probe (label)'] };
  await assert.rejects(migrate(broken.pool, [good, bad, after]), (err: Error) => {
    assert.match(err.message, /migration 2 \(probe column\) failed at statement 1 of 1/);
    assert.match(err.message, /probe_typo/, 'the database error is kept');
    return true;
  });
  assert.deepEqual((await recorded(broken)).map((r) => r.version), [1], 'the migrations before it stay applied; it and those after it are not recorded');
  // The lock was released: a run right after takes it at once (it would wait 60 s otherwise) and fails the same way.
  await assert.rejects(migrate(broken.pool, [good, bad, after]), /migration 2 \(probe column\)/);
  const repaired: Migration = { ...bad, statements: ['ALTER TABLE probe ADD COLUMN label VARCHAR(20)'] };
  assert.deepEqual(await migrate(broken.pool, [good, repaired, after]), [2, 3]);
});

test('a migration failing after some of its statements names the statement, so the operator knows what stays applied', async () => {
  const twoSteps: Migration = { version: 4, name: 'two steps', statements: ['CREATE TABLE step_one (id INT) ENGINE=InnoDB', 'CREATE TABLE step_one (id INT) ENGINE=InnoDB'] };
  await assert.rejects(migrate(broken.pool, [twoSteps]), /migration 4 \(two steps\) failed at statement 2 of 2/);
  assert.ok((await tables(broken)).includes('step_one'), 'DDL is not transactional: statement 1 stays');
  assert.ok(!(await recorded(broken)).some((r) => r.version === 4));
});

test('the migration lock name (held by migrate: next test) fits MySQL 8\'s 64-character limit whatever the database is called, and differs per database', () => {
  const longest = 'd'.repeat(64);
  assert.ok(migrationLockName(longest).length <= 64, migrationLockName(longest));
  assert.equal(migrationLockName('hyperlinker').length, migrationLockName(longest).length);
  assert.notEqual(migrationLockName('a'), migrationLockName('b'));
});

test('while a migration runs its lock is held (seen from another connection), and released after', async () => {
  const [[{ db }]] = (await fresh.pool.query('SELECT DATABASE() AS db')) as unknown as [[{ db: string }]];
  const lockName = migrationLockName(db);
  let seenHeld: unknown = 'not checked';
  const other = await fresh.pool.getConnection();
  try {
    const running = migrate(fresh.pool, [...MIGRATIONS, { version: 900, name: 'probe the lock', statements: ['DO SLEEP(0.3)'] }]);
    await new Promise((r) => setTimeout(r, 150));
    const [rows] = await other.query('SELECT IS_USED_LOCK(?) AS holder', [lockName]);
    seenHeld = (rows as { holder: number | null }[])[0]?.holder;
    assert.deepEqual(await running, [900]);
    const [after] = await other.query('SELECT IS_FREE_LOCK(?) AS free', [lockName]);
    assert.equal((after as { free: number }[])[0]?.free, 1, 'released after the run');
  } finally {
    other.release();
  }
  assert.equal(typeof seenHeld, 'number', 'a connection held the lock during the run');
});
