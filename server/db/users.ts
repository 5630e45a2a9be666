// users: accounts with a scrypt password hash, an admin flag, a plan and individual credits.
import { randomUUID } from 'node:crypto';
import { execute, selectRows, type Queryable } from './connection.ts';
import { MAX_CREDIT_BALANCE } from './credits.ts';

export type Plan = 'free' | 'pro' | 'team';
export const PLANS: readonly Plan[] = ['free', 'pro', 'team'];

export interface UserRow {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  is_admin: number;
  plan: Plan;
  credits: number;
  trial_granted: number;
  /** 0 when the API access policy refuses this user keys: no new ones, and existing individual keys stop working. */
  api_access: number;
  created_at: Date;
}

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string;
  isAdmin: boolean;
  plan: Plan;
  credits: number;
}

/**
 * The identity form of an e-mail address: surrounding spaces removed, Unicode NFC (one encoding for one
 * written form) and lower case. Nothing else is folded: `ālice@` and `alice@` are different addresses
 * (the column compares bytes, utf8mb4_bin, since migration 5).
 */
export function normaliseEmail(email: string): string {
  return email.trim().normalize('NFC').toLowerCase();
}

export async function insertUser(db: Queryable, user: NewUser): Promise<string> {
  const id = randomUUID();
  await execute(db, 'INSERT INTO users (id, email, name, password_hash, is_admin, plan, credits) VALUES (?, ?, ?, ?, ?, ?, ?)', [
    id,
    normaliseEmail(user.email),
    user.name,
    user.passwordHash,
    user.isAdmin ? 1 : 0,
    user.plan,
    user.credits,
  ]);
  return id;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const rows = await selectRows<UserRow>(db, 'SELECT * FROM users WHERE email = ?', [normaliseEmail(email)]);
  return rows[0] ?? null;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const rows = await selectRows<UserRow>(db, 'SELECT * FROM users WHERE id = ?', [id]);
  return rows[0] ?? null;
}

/** Locks the user's row for the rest of the transaction (serialises key creation per user). */
export async function lockUser(db: Queryable, id: string): Promise<UserRow | null> {
  const rows = await selectRows<UserRow>(db, 'SELECT * FROM users WHERE id = ? FOR UPDATE', [id]);
  return rows[0] ?? null;
}

export interface UserChanges {
  name?: string;
  passwordHash?: string;
  isAdmin?: boolean;
  plan?: Plan;
  credits?: number;
  apiAccess?: boolean;
}

/** Updates the user; a new password also ends every session of the user (in the caller's transaction when db is one). */
export async function updateUser(db: Queryable, id: string, changes: UserChanges): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [];
  if (changes.name !== undefined) { sets.push('name = ?'); params.push(changes.name); }
  if (changes.passwordHash !== undefined) { sets.push('password_hash = ?'); params.push(changes.passwordHash); }
  if (changes.isAdmin !== undefined) { sets.push('is_admin = ?'); params.push(changes.isAdmin ? 1 : 0); }
  if (changes.plan !== undefined) { sets.push('plan = ?'); params.push(changes.plan); }
  if (changes.credits !== undefined) { sets.push('credits = ?'); params.push(changes.credits); }
  if (changes.apiAccess !== undefined) { sets.push('api_access = ?'); params.push(changes.apiAccess ? 1 : 0); }
  if (sets.length === 0) return;
  await execute(db, `UPDATE users SET ${sets.join(', ')} WHERE id = ?`, [...params, id]);
  if (changes.passwordHash !== undefined) {
    await execute(db, 'UPDATE sessions SET revoked_at = UTC_TIMESTAMP(3) WHERE user_id = ? AND revoked_at IS NULL', [id]);
  }
}

/** Grants the trial credits once per user (with the first API key). Returns the credits granted. The balance stops
 * at MAX_CREDIT_BALANCE (the column's limit) instead of failing the key's creation with an out-of-range error. */
export async function grantTrialOnce(db: Queryable, id: string, credits: number): Promise<number> {
  const result = await execute(db, 'UPDATE users SET credits = LEAST(credits + ?, ?), trial_granted = 1 WHERE id = ? AND trial_granted = 0', [credits, MAX_CREDIT_BALANCE, id]);
  return result.affectedRows === 1 ? credits : 0;
}
