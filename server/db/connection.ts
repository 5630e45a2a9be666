// The MySQL/MariaDB connection: parses DATABASE_URL, creates the database when missing and opens a pool.
// Every other module under server/db/ takes a Queryable (the pool or one connection of a transaction).
import mysql from 'mysql2/promise';
import type { Pool, PoolConnection, ResultSetHeader, RowDataPacket } from 'mysql2/promise';

export const DEFAULT_DATABASE_URL = 'mysql://root@127.0.0.1:3306/hyperlinker';

export type Queryable = Pool | PoolConnection;

interface DatabaseTarget {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

function parseDatabaseUrl(url: string): DatabaseTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('DATABASE_URL is not a valid URL');
  }
  if (parsed.protocol !== 'mysql:' && parsed.protocol !== 'mariadb:') {
    throw new Error('DATABASE_URL must start with mysql://');
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]{1,64}$/.test(database)) {
    throw new Error('DATABASE_URL must name a database (letters, digits and underscore)');
  }
  return {
    host: parsed.hostname || '127.0.0.1',
    port: parsed.port ? Number(parsed.port) : 3306,
    user: decodeURIComponent(parsed.username || 'root'),
    password: decodeURIComponent(parsed.password),
    database,
  };
}

/** Creates the database if it does not exist, then opens a pool on it. */
export async function openDatabase(url: string, connectionLimit = 10): Promise<Pool> {
  const target = parseDatabaseUrl(url);
  const admin = await mysql.createConnection({ host: target.host, port: target.port, user: target.user, password: target.password });
  try {
    await admin.query(`CREATE DATABASE IF NOT EXISTS \`${target.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await admin.end();
  }
  return mysql.createPool({
    ...target,
    connectionLimit,
    timezone: 'Z',
    supportBigNumbers: true,
    bigNumberStrings: false,
    charset: 'utf8mb4',
  });
}

/** Drops a database (tests clean up the per-run database with it). */
export async function dropDatabase(url: string): Promise<void> {
  const target = parseDatabaseUrl(url);
  const admin = await mysql.createConnection({ host: target.host, port: target.port, user: target.user, password: target.password });
  try {
    await admin.query(`DROP DATABASE IF EXISTS \`${target.database}\``);
  } finally {
    await admin.end();
  }
}

export async function selectRows<T>(db: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  const [rows] = await (db as Pool).query<RowDataPacket[]>(sql, params);
  return rows as unknown as T[];
}

export async function execute(db: Queryable, sql: string, params: unknown[] = []): Promise<ResultSetHeader> {
  const [result] = await (db as Pool).query<ResultSetHeader>(sql, params);
  return result;
}

/** Runs fn inside a transaction on one connection; commits on success, rolls back on any error. */
export async function inTransaction<T>(pool: Pool, fn: (conn: PoolConnection) => Promise<T>): Promise<T> {
  const conn = await pool.getConnection();
  try {
    await conn.beginTransaction();
    const value = await fn(conn);
    await conn.commit();
    return value;
  } catch (err) {
    await conn.rollback().catch(() => undefined);
    throw err;
  } finally {
    conn.release();
  }
}

/** ISO 8601 text of a DATETIME column (UTC), or null. */
export function isoOrNull(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return date.toISOString();
}

export function iso(value: Date | string): string {
  return isoOrNull(value) ?? new Date(0).toISOString();
}
