// The connection on real MariaDB: DATABASE_URL is parsed with defaults and clear refusals; opening
// creates the database (utf8mb4) when missing and gives a pool of the size asked; Dates are written and
// read as UTC instants; transactions commit or roll back whole and always give their connection back.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Pool } from 'mysql2/promise';
import {
  dropDatabase, execute, inTransaction, iso, isoOrNull, openDatabase, parseDatabaseUrl, selectRows,
} from '../../../server/db/connection.ts';
import { countOf, freshDatabaseUrl, useTestDatabase } from '../../helpers/test-database.ts';

const db = useTestDatabase('conn', { connectionLimit: 2, migrated: false });

test('DATABASE_URL: defaults, mariadb:// and percent-encoded credentials', () => {
  assert.deepEqual(parseDatabaseUrl('mysql://127.0.0.1/hyperlinker'), { host: '127.0.0.1', port: 3306, user: 'root', password: '', database: 'hyperlinker' });
  assert.deepEqual(parseDatabaseUrl('mariadb://app%40svc:p%40ss%2Fw%3Ard@db.internal:3307/hl_prod'), { host: 'db.internal', port: 3307, user: 'app@svc', password: 'p@ss/w:rd', database: 'hl_prod' });
});

test('DATABASE_URL: what cannot be used is refused with a message naming the problem', () => {
  assert.throws(() => parseDatabaseUrl('not a url'), /DATABASE_URL is not a valid URL/);
  assert.throws(() => parseDatabaseUrl('postgres://127.0.0.1/hl'), /must start with mysql:\/\//);
  assert.throws(() => parseDatabaseUrl('mysql://127.0.0.1'), /must name a database/);
  // The name is put in CREATE DATABASE: nothing but letters, digits and underscore may pass.
  for (const name of ['hl-test', 'hl%60%3B%20DROP%20DATABASE%20mysql', 'a'.repeat(65), 'db/x']) {
    assert.throws(() => parseDatabaseUrl(`mysql://127.0.0.1/${name}`), /must name a database/, name);
  }
});

test('opening creates the missing database with the utf8mb4 character set; dropping removes it', async () => {
  const [schema] = await selectRows<{ cs: string; co: string }>(db.pool, 'SELECT DEFAULT_CHARACTER_SET_NAME AS cs, DEFAULT_COLLATION_NAME AS co FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = DATABASE()');
  assert.deepEqual(schema, { cs: 'utf8mb4', co: 'utf8mb4_unicode_ci' });
  const url = freshDatabaseUrl('conndrop');
  const name = parseDatabaseUrl(url).database;
  const pool = await openDatabase(url, 1);
  await pool.end();
  const exists = () => countOf(db.pool, 'SELECT COUNT(*) AS n FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?', [name]);
  assert.equal(await exists(), 1);
  await dropDatabase(url);
  assert.equal(await exists(), 0);
  await dropDatabase(url); // dropping what is gone is not an error
});

test('the pool holds at most the connections asked for: a further one waits for a release', async () => {
  const [c1, c2] = [await db.pool.getConnection(), await db.pool.getConnection()];
  let third = false;
  const waiting = db.pool.getConnection().then((c) => { third = true; return c; });
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(third, false, 'a third connection waits while two are held');
  c1.release();
  const c3 = await waiting;
  c2.release();
  c3.release();
});

test('Dates are written and read as UTC instants; large integers come back as numbers', async () => {
  await execute(db.pool, 'CREATE TABLE IF NOT EXISTS conn_probe (id INT PRIMARY KEY, at DATETIME(3) NOT NULL, big BIGINT NOT NULL)');
  const at = new Date('2030-03-31T23:59:58.765Z');
  await execute(db.pool, 'REPLACE INTO conn_probe (id, at, big) VALUES (1, ?, ?)', [at, 1_893_456_000_000]);
  const [row] = await selectRows<{ at: Date; text: string; big: number; beforeNow: number }>(db.pool,
    "SELECT at, DATE_FORMAT(at, '%Y-%m-%dT%H:%i:%s.%f') AS text, big, at < UTC_TIMESTAMP(3) AS beforeNow FROM conn_probe WHERE id = 1");
  assert.equal(row?.text.slice(0, 23), '2030-03-31T23:59:58.765', 'stored as the UTC wall time');
  assert.equal(row?.at.toISOString(), at.toISOString());
  assert.equal(row?.big, 1_893_456_000_000);
  assert.equal(row?.beforeNow, 0, 'comparable with UTC_TIMESTAMP, the clock the db modules use');
  assert.equal(iso(row!.at), at.toISOString());
  assert.equal(isoOrNull('2030-03-31T23:59:58.765Z'), at.toISOString());
  assert.equal(isoOrNull(null), null);
});

test('a transaction commits whole on success, rolls back whole on error, and gives its connection back', async () => {
  await execute(db.pool, 'CREATE TABLE IF NOT EXISTS conn_tx (id INT PRIMARY KEY) ENGINE=InnoDB');
  await execute(db.pool, 'DELETE FROM conn_tx');
  const insertTwo = (pool: Pool, a: number, b: number) => inTransaction(pool, async (conn) => {
    await execute(conn, 'INSERT INTO conn_tx (id) VALUES (?)', [a]);
    await execute(conn, 'INSERT INTO conn_tx (id) VALUES (?)', [b]);
    return a + b;
  });
  assert.equal(await insertTwo(db.pool, 1, 2), 3);
  // The second insert fails (duplicate key): the first must not stay.
  for (let i = 0; i < 3; i++) await assert.rejects(insertTwo(db.pool, 10 + i, 1), { code: 'ER_DUP_ENTRY' });
  await assert.rejects(inTransaction(db.pool, async (conn) => {
    await execute(conn, 'INSERT INTO conn_tx (id) VALUES (20)');
    throw new Error('the caller changed its mind');
  }), /changed its mind/);
  const ids = (await selectRows<{ id: number }>(db.pool, 'SELECT id FROM conn_tx ORDER BY id')).map((r) => r.id);
  assert.deepEqual(ids, [1, 2]);
  // Four failed transactions on a pool of two: had one kept its connection, this would wait forever.
  assert.equal(await countOf(db.pool, 'SELECT COUNT(*) AS n FROM conn_tx'), 2);
});
