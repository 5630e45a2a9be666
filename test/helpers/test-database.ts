// A fresh MariaDB database for the tests of one file (test/server/db/*.int.test.ts): created and migrated
// before the file's tests, dropped after them; plus the rows most tests start from (a user, an
// organisation, a key), written with the db modules themselves. Not a test file itself.
import { randomBytes } from 'node:crypto';
import { after, before } from 'node:test';
import type { Pool } from 'mysql2/promise';
import { insertApiKey } from '../../server/db/api-keys.ts';
import { dropDatabase, execute, openDatabase, selectRows, type Queryable } from '../../server/db/connection.ts';
import { migrate } from '../../server/db/migrate.ts';
import { insertOrg, insertMembership, type Role } from '../../server/db/organisations.ts';
import type { UsageEvent } from '../../server/db/usage.ts';
import { insertUser, type NewUser } from '../../server/db/users.ts';
import { sha256Hex } from '../../server/common/hash.ts';

/** A database URL no other test file or run uses (127.0.0.1:3306, root, no password). */
export function freshDatabaseUrl(tag: string): string {
  return `mysql://root@127.0.0.1:3306/hl_test_${tag}_${process.pid}_${randomBytes(3).toString('hex')}`;
}

export interface TestDatabase {
  readonly url: string;
  /** The migrated pool (valid inside the tests of the file). */
  readonly pool: Pool;
  /** The pool once opened (and migrated): for a file's own before() hooks, whatever order they run in. */
  ready(): Promise<Pool>;
  /** Another pool on the same database, as a second server process would hold. */
  otherPool(): Promise<Pool>;
}

/** Registers before/after hooks: a new database, migrated unless `migrated: false`, dropped at the end. */
export function useTestDatabase(tag: string, options: { connectionLimit?: number; migrated?: boolean } = {}): TestDatabase {
  const url = freshDatabaseUrl(tag);
  const limit = options.connectionLimit ?? 8;
  const pools: Pool[] = [];
  let main: Pool | null = null;
  let opening: Promise<Pool> | null = null;
  const ready = (): Promise<Pool> => {
    opening ??= (async () => {
      const pool = await openDatabase(url, limit);
      pools.push(pool);
      if (options.migrated !== false) await migrate(pool);
      main = pool;
      return pool;
    })();
    return opening;
  };
  before(ready);
  after(async () => {
    for (const p of pools) await p.end();
    await dropDatabase(url);
  });
  return {
    url,
    get pool(): Pool {
      if (!main) throw new Error('the test database is opened in before()');
      return main;
    },
    ready,
    async otherPool() {
      await ready();
      const p = await openDatabase(url, limit);
      pools.push(p);
      return p;
    },
  };
}

let serial = 0;
/** A short name no other row of this run uses. */
export function uniqueName(prefix: string): string {
  serial += 1;
  return `${prefix}-${serial}-${randomBytes(3).toString('hex')}`;
}

/** Inserts a user (the password hash is a placeholder: no test here signs in) and returns its id. */
export async function seedUser(db: Queryable, overrides: Partial<NewUser> = {}): Promise<string> {
  return insertUser(db, { email: `${uniqueName('user')}@example.org`, name: '', passwordHash: 'scrypt$placeholder', isAdmin: false, plan: 'free', credits: 0, ...overrides });
}

/** Inserts an organisation (and, when given, its first member with a role) and returns its id. */
export async function seedOrg(db: Queryable, member?: { userId: string; role: Role }): Promise<string> {
  const slug = uniqueName('org');
  const orgId = await insertOrg(db, slug, `Organisation ${slug}`);
  if (member) await insertMembership(db, member.userId, orgId, member.role);
  return orgId;
}

/** Inserts an API key row for a secret the way the service stores it (prefix and sha256 only); returns its id. */
export async function seedKey(db: Queryable, userId: string, orgId: string | null = null, secret = `sk_service_live_${randomBytes(16).toString('hex')}`): Promise<string> {
  const { id } = await insertApiKey(db, { userId, orgId, name: uniqueName('key'), keyPrefix: secret.slice(0, 24), keyHash: sha256Hex(secret), expiresAt: null });
  return id;
}

/** The single number a `SELECT COUNT(*) AS n ...` (or any one-column, one-row query named n) answers. */
export async function countOf(db: Queryable, sql: string, params: unknown[] = []): Promise<number> {
  const rows = await selectRows<{ n: number | string }>(db, sql, params);
  return Number(rows[0]?.n ?? 0);
}

/** Moves a row's DATETIME column `ms` milliseconds into the past by the database clock (ageing a row without sleeping). */
export async function backdate(db: Queryable, table: string, column: string, where: { column: string; value: string }, ms: number): Promise<void> {
  await execute(db, `UPDATE \`${table}\` SET \`${column}\` = TIMESTAMPADD(MICROSECOND, ?, UTC_TIMESTAMP(3)) WHERE \`${where.column}\` = ?`, [-ms * 1000, where.value]);
}

/** A usage row of one processed document by the key (the fields settle and insertUsage write). */
export function usageEvent(key: { apiKeyId: string; userId: string; orgId?: string | null }, overrides: Partial<UsageEvent> = {}): UsageEvent {
  return { apiKeyId: key.apiKeyId, userId: key.userId, orgId: key.orgId ?? null, route: 'hyperlink', status: 200, scanFingerprint: null, linkCount: 3, creditsUsed: 1, requestId: uniqueName('req'), ...overrides };
}
