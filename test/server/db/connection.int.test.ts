// The connection on real MariaDB: DATABASE_URL is parsed with defaults and clear refusals; opening
// creates the database (utf8mb4) when missing and gives a pool of the size asked; Dates are written and
// read as UTC instants; transactions commit or roll back whole and always give their connection back.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Pool } from 'mysql2/promise';
import {
  dropDatabase, execute, inTransaction, iso, isoOrNull, openDatabase, selectRows,
} from '../../../server/db/connection.ts';
import { countOf, freshDatabaseUrl, useTestDatabase } from '../../helpers/test-database.ts';

const db = useTestDatabase('conn', { connectionLimit: 2, migrated: false });

/** The database a URL names (what openDatabase creates and dropDatabase drops). */
const nameOf = (url: string) => new URL(url).pathname.slice(1);

test('DATABASE_URL: defaults (port 3306, root), mariadb:// and percent-encoded credentials', async () => {
  const plain = freshDatabaseUrl('conndefaults');
  const defaults = `mysql://127.0.0.1/${nameOf(plain)}`;
  const pool = await openDatabase(defaults, 1);
  try {
    const [who] = await selectRows<{ u: string; d: string; p: number }>(pool, 'SELECT CURRENT_USER() AS u, DATABASE() AS d, @@port AS p');
    assert.deepEqual([who!.u.split('@')[0], who!.d, Number(who!.p)], ['root', nameOf(plain), 3306]);
  } finally {
    await pool.end();
    await dropDatabase(defaults);
  }
  // a user whose name and password need percent-encoding in a URL
  const name = nameOf(freshDatabaseUrl('connencoded'));
  await execute(db.pool, "DROP USER IF EXISTS 'app@svc'@'127.0.0.1'");
  await execute(db.pool, "CREATE USER 'app@svc'@'127.0.0.1' IDENTIFIED BY 'p@ss/w:rd'");
  try {
    await execute(db.pool, `GRANT ALL ON \`${name}\`.* TO 'app@svc'@'127.0.0.1'`);
    const encoded = `mariadb://app%40svc:p%40ss%2Fw%3Ard@127.0.0.1:3306/${name}`;
    const app = await openDatabase(encoded, 1);
    try {
      const [who] = await selectRows<{ u: string; d: string }>(app, 'SELECT CURRENT_USER() AS u, DATABASE() AS d');
      assert.deepEqual([who!.u, who!.d], ['app@svc@127.0.0.1', name]);
    } finally {
      await app.end();
    }
  } finally {
    await dropDatabase(`mysql://root@127.0.0.1:3306/${name}`);
    await execute(db.pool, "DROP USER 'app@svc'@'127.0.0.1'");
  }
});

test('DATABASE_URL: what cannot be used is refused with a message naming the problem, before connecting', async () => {
  await assert.rejects(openDatabase('not a url'), /DATABASE_URL is not a valid URL/);
  await assert.rejects(openDatabase('postgres://127.0.0.1/hl'), /must start with mysql:\/\//);
  await assert.rejects(dropDatabase('mysql://127.0.0.1'), /must name a database/);
  // The name is put in CREATE DATABASE: nothing but letters, digits and underscore may pass.
  for (const name of ['hl-test', 'hl%60%3B%20DROP%20DATABASE%20mysql', 'a'.repeat(65), 'db/x']) {
    await assert.rejects(openDatabase(`mysql://127.0.0.1/${name}`), /must name a database/, name);
  }
});

test('opening creates the missing database with the utf8mb4 character set; dropping removes it', async () => {
  const [schema] = await selectRows<{ cs: string; co: string }>(db.pool, 'SELECT DEFAULT_CHARACTER_SET_NAME AS cs, DEFAULT_COLLATION_NAME AS co FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = DATABASE()');
  assert.deepEqual(schema, { cs: 'utf8mb4', co: 'utf8mb4_unicode_ci' });
  const url = freshDatabaseUrl('conndrop');
  const name = nameOf(url);
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
