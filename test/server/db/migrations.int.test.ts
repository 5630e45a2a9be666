// The migration list and the schema it builds on real MariaDB: versions only ever grow; every table a db
// module queries exists; the tables whose rows are locked and updated in transactions are InnoDB, the
// rate-limit counters MEMORY; e-mail columns compare bytes; deleting a user or an organisation leaves no
// orphan rows; the credit columns hold MAX_CREDIT_BALANCE.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { selectRows } from '../../../server/db/connection.ts';
import { MAX_CREDIT_BALANCE } from '../../../server/db/credits.ts';
import { MIGRATIONS } from '../../../server/db/migrations.ts';
import { REPO_ROOT } from '../../helpers/corpus.ts';
import { useTestDatabase } from '../../helpers/test-database.ts';

const db = useTestDatabase('migrations');

test('versions grow strictly in list order; names are unique; no migration is empty', () => {
  const versions = MIGRATIONS.map((m) => m.version);
  assert.ok(versions.every((v, i) => Number.isInteger(v) && v > 0 && (i === 0 || v > versions[i - 1]!)), versions.join(','));
  assert.equal(new Set(MIGRATIONS.map((m) => m.name)).size, MIGRATIONS.length);
  for (const m of MIGRATIONS) {
    assert.ok(m.name.trim().length > 0 && m.name.length <= 200, `migration ${m.version}: a name that fits schema_migrations.name`);
    assert.ok(m.statements.length > 0 && m.statements.every((s) => s.trim().length > 0), `migration ${m.version} has statements`);
  }
});

test('every table a db module queries is created by the migrations', async () => {
  const dir = join(REPO_ROOT, 'server/db');
  const used = new Map<string, string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'migrations.ts')) {
    const text = readFileSync(join(dir, file), 'utf8');
    for (const m of text.matchAll(/\b(?:FROM|INTO|JOIN)\s+`?([a-z_]+)`?|\bUPDATE\s+`?([a-z_]+)`?\s+SET\b/g)) used.set((m[1] ?? m[2])!, file);
  }
  const existing = new Set((await selectRows<{ t: string }>(db.pool, 'SELECT TABLE_NAME AS t FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()')).map((r) => r.t));
  assert.ok(used.size >= 14, `found ${used.size} tables in the modules' SQL`);
  for (const [table, file] of used) assert.ok(existing.has(table), `server/db/${file} uses ${table}, which no migration creates`);
});

test('transactional tables are InnoDB; the rate-limit counters live in memory', async () => {
  const engines = await selectRows<{ t: string; e: string }>(db.pool, 'SELECT TABLE_NAME AS t, ENGINE AS e FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()');
  for (const { t, e } of engines) assert.equal(e, t === 'rate_limit_counters' ? 'MEMORY' : 'InnoDB', t);
});

test('e-mail columns compare bytes: no case or accent folding by the collation', async () => {
  const rows = await selectRows<{ t: string; c: string }>(db.pool,
    "SELECT TABLE_NAME AS t, COLLATION_NAME AS c FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND COLUMN_NAME = 'email' ORDER BY TABLE_NAME");
  assert.deepEqual(rows, [{ t: 'org_invitations', c: 'utf8mb4_bin' }, { t: 'users', c: 'utf8mb4_bin' }]);
});

test('every foreign key cascades on delete, so removing a user or an organisation leaves no orphans', async () => {
  const fks = await selectRows<{ name: string; rule: string; parent: string }>(db.pool,
    'SELECT CONSTRAINT_NAME AS name, DELETE_RULE AS rule, REFERENCED_TABLE_NAME AS parent FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE()');
  assert.ok(fks.length >= 7, `${fks.length} foreign keys`);
  for (const fk of fks) {
    assert.equal(fk.rule, 'CASCADE', fk.name);
    assert.ok(['users', 'organisations'].includes(fk.parent), `${fk.name} refers to ${fk.parent}`);
  }
});

test('the credit columns hold exactly up to MAX_CREDIT_BALANCE', async () => {
  const cols = await selectRows<{ t: string; type: string }>(db.pool,
    "SELECT TABLE_NAME AS t, COLUMN_TYPE AS type FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND COLUMN_NAME = 'credits' AND TABLE_NAME IN ('users', 'organisations')");
  assert.equal(cols.length, 2);
  for (const c of cols) assert.match(c.type, /^int(\(11\))?$/, `${c.t}.credits is a signed INT`);
  assert.equal(MAX_CREDIT_BALANCE, 2 ** 31 - 1);
});
