// `hyperlinker user add` and `hyperlinker org set`: operator commands over $DATABASE_URL.
// Both migrate first and print one JSON line; bad input exits non-zero with a clear message.
import type { Pool } from 'mysql2/promise';
import type { CliCommand } from './command.ts';
import { DEFAULT_DATABASE_URL, inTransaction, openDatabase } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { findOrgBySlug, insertOrg, ROLES, updateOrg, upsertMembership, type Role } from '../db/organisations.ts';
import { findUserByEmail, insertUser, PLANS, updateUser, type Plan } from '../db/users.ts';
import { hashPassword, verifyPassword } from '../accounts/secrets.ts';
import { parseCommandArgs, UsageError } from './args.ts';

const SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function plan(value: string | undefined): Plan | undefined {
  if (value === undefined) return undefined;
  if (!PLANS.includes(value as Plan)) throw new UsageError(`--plan must be one of ${PLANS.join(', ')}`);
  return value as Plan;
}

function credits(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value)) throw new UsageError('--credits must be a non-negative integer');
  return Number(value);
}

function slug(value: string | undefined, required: boolean): string | undefined {
  if (value === undefined) {
    if (required) throw new UsageError('--org SLUG is required');
    return undefined;
  }
  if (!SLUG.test(value)) throw new UsageError('--org must be a slug: lower-case letters, digits and -, at most 64 characters');
  return value;
}

async function withDatabase<T>(fn: (pool: Pool) => Promise<T>): Promise<T> {
  const pool = await openDatabase(process.env.DATABASE_URL || DEFAULT_DATABASE_URL, 2);
  try {
    await migrate(pool);
    return await fn(pool);
  } finally {
    await pool.end();
  }
}

async function run(fn: () => Promise<unknown>): Promise<number> {
  console.log(JSON.stringify(await fn()));
  return 0;
}

export interface UserAddOptions {
  email: string;
  password: string;
  name?: string;
  org?: string;
  role?: Role;
  admin?: boolean;
  credits?: number;
  plan?: Plan;
}

/** Creates the user (or updates the one with this email), and adds it to the organisation when --org is given. */
export async function addUser(pool: Pool, o: UserAddOptions): Promise<{ userId: string; orgId: string | null }> {
  const passwordHash = await hashPassword(o.password);
  return inTransaction(pool, async (conn) => {
    const existing = await findUserByEmail(conn, o.email);
    let userId: string;
    if (existing) {
      userId = existing.id;
      // Re-running with the same password keeps the stored hash (and the user's sessions); a new one ends them.
      const samePassword = await verifyPassword(o.password, existing.password_hash);
      await updateUser(conn, userId, { passwordHash: samePassword ? undefined : passwordHash, name: o.name, isAdmin: o.admin ? true : undefined, plan: o.plan, credits: o.credits });
    } else {
      userId = await insertUser(conn, { email: o.email, name: o.name ?? '', passwordHash, isAdmin: o.admin ?? false, plan: o.plan ?? 'free', credits: o.credits ?? 0 });
    }
    let orgId: string | null = null;
    if (o.org) {
      orgId = (await findOrgBySlug(conn, o.org))?.id ?? (await insertOrg(conn, o.org, o.org));
      await upsertMembership(conn, userId, orgId, o.role ?? 'member');
    }
    return { userId, orgId };
  });
}

export const userCommand: CliCommand = {
  summary: 'user add --email E --password P [--name N] [--org SLUG] [--role owner|manager|member] [--admin] [--credits N] [--plan free|pro|team]',
  run: (args) =>
    run(async () => {
      const [sub, ...rest] = args;
      if (sub !== 'add') throw new UsageError(`usage: hyperlinker ${userCommand.summary}`);
      const { positional, values } = parseCommandArgs(rest, {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        org: { type: 'string' },
        role: { type: 'string' },
        admin: { type: 'boolean' },
        credits: { type: 'string' },
        plan: { type: 'string' },
      });
      if (positional.length) throw new UsageError(`unexpected argument '${positional[0]}' (usage: hyperlinker ${userCommand.summary})`);
      if (!values.email || !EMAIL.test(values.email)) throw new UsageError('--email must be an e-mail address');
      if (!values.password || values.password.length < 8) throw new UsageError('--password must have at least 8 characters');
      if (values.role !== undefined && !ROLES.includes(values.role as Role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
      if (values.role !== undefined && values.org === undefined) throw new UsageError('--role needs --org');
      const options: UserAddOptions = {
        email: values.email,
        password: values.password,
        name: values.name,
        org: slug(values.org, false),
        role: values.role as Role | undefined,
        admin: values.admin,
        credits: credits(values.credits),
        plan: plan(values.plan),
      };
      return withDatabase((pool) => addUser(pool, options));
    }),
};

export const orgCommand: CliCommand = {
  summary: 'org set --org SLUG [--credits N] [--plan free|pro|team] [--members-enabled true|false]',
  run: (args) =>
    run(async () => {
      const [sub, ...rest] = args;
      if (sub !== 'set') throw new UsageError(`usage: hyperlinker ${orgCommand.summary}`);
      const { positional, values } = parseCommandArgs(rest, { org: { type: 'string' }, credits: { type: 'string' }, plan: { type: 'string' }, 'members-enabled': { type: 'string' } });
      if (positional.length) throw new UsageError(`unexpected argument '${positional[0]}' (usage: hyperlinker ${orgCommand.summary})`);
      const orgSlug = slug(values.org, true)!;
      const enabled = values['members-enabled'];
      if (enabled !== undefined && enabled !== 'true' && enabled !== 'false') throw new UsageError('--members-enabled must be true or false');
      const changes = { credits: credits(values.credits), plan: plan(values.plan), membersEnabled: enabled === undefined ? undefined : enabled === 'true' };
      return withDatabase(async (pool) => {
        const orgId = (await findOrgBySlug(pool, orgSlug))?.id ?? (await insertOrg(pool, orgSlug, orgSlug));
        await updateOrg(pool, orgId, changes);
        return { orgId };
      });
    }),
};
