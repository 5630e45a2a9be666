// Applies pending migrations under a named lock, so that two processes starting together migrate once.
import type { Pool } from 'mysql2/promise';
import { execute, selectRows, type Queryable } from './connection.ts';
import { MIGRATIONS, type Migration } from './migrations.ts';
import { sha256Hex } from '../common/hash.ts';

/**
 * The server-wide lock name that serialises migrations of one database. MySQL 8 refuses lock names over 64
 * characters (ER_USER_LOCK_WRONG_NAME) and database names may have 64 themselves, so the name carries a hash
 * of the database name, not the name: 52 characters whatever the database is called.
 */
function migrationLockName(database: string): string {
  return `hyperlinker_migrate_${sha256Hex(database).slice(0, 32)}`;
}

/**
 * The error of a failed statement, naming its migration and position: DDL commits at once, so the
 * statements before it stay applied (and the migration unrecorded) until an operator repairs the schema.
 */
function migrationFailed(migration: Migration, index: number, cause: unknown): Error {
  const reason = cause instanceof Error ? cause.message : String(cause);
  const err = new Error(
    `migration ${migration.version} (${migration.name}) failed at statement ${index + 1} of ${migration.statements.length}: ${reason}`
      + (index > 0 ? ' (the statements before it stay applied)' : ''),
    { cause },
  );
  const code = typeof cause === 'object' && cause !== null ? (cause as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? Object.assign(err, { code }) : err;
}

/** Versions of `migrations` not recorded in schema_migrations (none: the database is current). */
export async function pendingMigrations(db: Queryable, migrations: Migration[] = MIGRATIONS): Promise<number[]> {
  const done = new Set((await selectRows<{ version: number }>(db, 'SELECT version FROM schema_migrations')).map((r) => Number(r.version)));
  return migrations.map((m) => m.version).filter((v) => !done.has(v));
}

export async function migrate(pool: Pool, migrations: Migration[] = MIGRATIONS): Promise<number[]> {
  const conn = await pool.getConnection();
  try {
    const [dbRows] = await conn.query('SELECT DATABASE() AS db');
    const lockName = migrationLockName(String((dbRows as { db: string | null }[])[0]?.db ?? ''));
    const [lockRows] = await conn.query('SELECT GET_LOCK(?, 60) AS got', [lockName]);
    const got = (lockRows as { got: number | null }[])[0]?.got;
    if (got !== 1) throw new Error('could not take the migration lock within 60 seconds');
    try {
      await execute(
        conn,
        `CREATE TABLE IF NOT EXISTS schema_migrations (
          version INT NOT NULL PRIMARY KEY,
          name VARCHAR(200) NOT NULL,
          applied_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3)
        ) ENGINE=InnoDB`,
      );
      const done = new Set((await selectRows<{ version: number }>(conn, 'SELECT version FROM schema_migrations')).map((r) => r.version));
      const applied: number[] = [];
      for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
        if (done.has(migration.version)) continue;
        for (const [i, statement] of migration.statements.entries()) {
          try {
            await execute(conn, statement);
          } catch (err) {
            throw migrationFailed(migration, i, err);
          }
        }
        await execute(conn, 'INSERT INTO schema_migrations (version, name) VALUES (?, ?)', [migration.version, migration.name]);
        applied.push(migration.version);
      }
      return applied;
    } finally {
      await conn.query('SELECT RELEASE_LOCK(?)', [lockName]);
    }
  } finally {
    conn.release();
  }
}
