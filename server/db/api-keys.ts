// api_keys: individual keys (org_id NULL) and organisation keys. Only a sha256 hash of the secret is stored.
import { randomUUID } from 'node:crypto';
import { execute, selectRows, type Queryable } from './connection.ts';

export interface ApiKeyRow {
  id: string;
  user_id: string;
  org_id: string | null;
  name: string;
  key_prefix: string;
  key_hash: string;
  is_active: number;
  last_used_at: Date | null;
  total_docs_processed: number;
  created_at: Date;
  expires_at: Date | null;
}

export interface NewKeyRow {
  userId: string;
  orgId: string | null;
  name: string;
  keyPrefix: string;
  keyHash: string;
  expiresAt: Date | null;
}

export async function insertApiKey(db: Queryable, key: NewKeyRow): Promise<{ id: string; createdAt: Date }> {
  const id = randomUUID();
  const createdAt = new Date();
  await execute(
    db,
    'INSERT INTO api_keys (id, user_id, org_id, name, key_prefix, key_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    [id, key.userId, key.orgId, key.name, key.keyPrefix, key.keyHash, createdAt, key.expiresAt],
  );
  return { id, createdAt };
}

/** Individual keys of a user (not the organisation keys the user created). */
export async function listUserKeys(db: Queryable, userId: string): Promise<ApiKeyRow[]> {
  return selectRows<ApiKeyRow>(db, 'SELECT * FROM api_keys WHERE user_id = ? AND org_id IS NULL ORDER BY created_at DESC, id', [userId]);
}

export async function countActiveUserKeys(db: Queryable, userId: string): Promise<number> {
  const rows = await selectRows<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM api_keys WHERE user_id = ? AND org_id IS NULL AND is_active = 1', [userId]);
  return Number(rows[0]?.n ?? 0);
}

export async function listOrgKeys(db: Queryable, orgId: string, includeInactive: boolean): Promise<ApiKeyRow[]> {
  const filter = includeInactive ? '' : ' AND is_active = 1';
  return selectRows<ApiKeyRow>(db, `SELECT * FROM api_keys WHERE org_id = ?${filter} ORDER BY created_at DESC, id`, [orgId]);
}

export async function countActiveOrgKeys(db: Queryable, orgId: string): Promise<number> {
  const rows = await selectRows<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM api_keys WHERE org_id = ? AND is_active = 1', [orgId]);
  return Number(rows[0]?.n ?? 0);
}

export async function activeOrgKeyNameExists(db: Queryable, orgId: string, name: string): Promise<boolean> {
  const rows = await selectRows<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM api_keys WHERE org_id = ? AND is_active = 1 AND name = ?', [orgId, name]);
  return Number(rows[0]?.n ?? 0) > 0;
}

/** Revokes a user's individual key. Returns false when no such active key belongs to the user. */
export async function revokeUserKey(db: Queryable, userId: string, keyId: string): Promise<boolean> {
  const result = await execute(
    db,
    'UPDATE api_keys SET is_active = 0, revoked_at = UTC_TIMESTAMP(3) WHERE id = ? AND user_id = ? AND org_id IS NULL AND is_active = 1',
    [keyId, userId],
  );
  return result.affectedRows === 1;
}

/** Revokes an organisation key. Returns false when no such active key belongs to the organisation. */
/** Revokes a key by its id alone: the caller proved it holds the key (DELETE /api-keys/self). */
export async function revokeKeyById(db: Queryable, keyId: string): Promise<boolean> {
  const result = await execute(db, 'UPDATE api_keys SET is_active = 0, revoked_at = UTC_TIMESTAMP(3) WHERE id = ? AND is_active = 1', [keyId]);
  return result.affectedRows === 1;
}

export async function revokeOrgKey(db: Queryable, orgId: string, keyId: string): Promise<boolean> {
  const result = await execute(db, 'UPDATE api_keys SET is_active = 0, revoked_at = UTC_TIMESTAMP(3) WHERE id = ? AND org_id = ? AND is_active = 1', [keyId, orgId]);
  return result.affectedRows === 1;
}

/**
 * Revokes the organisation keys a user created there (when the user leaves it). Returns how many.
 * Organisation keys belong to the organisation, but a removed member still holds the secrets of the
 * keys they made, so those stop working with their membership.
 */
export async function revokeOrgKeysCreatedBy(db: Queryable, orgId: string, userId: string): Promise<number> {
  const result = await execute(db, 'UPDATE api_keys SET is_active = 0, revoked_at = UTC_TIMESTAMP(3) WHERE org_id = ? AND user_id = ? AND is_active = 1', [orgId, userId]);
  return result.affectedRows;
}

/** Records a use of the key: last_used_at always, total_docs_processed when a document was processed. */
export async function recordKeyUse(db: Queryable, keyId: string, docsProcessed: number): Promise<void> {
  await execute(db, 'UPDATE api_keys SET last_used_at = UTC_TIMESTAMP(3), total_docs_processed = total_docs_processed + ? WHERE id = ?', [docsProcessed, keyId]);
}

export interface KeyAuthRow extends ApiKeyRow {
  user_plan: 'free' | 'pro' | 'team';
  /** The owner's users.api_access: 0 stops the user's individual keys. */
  user_api_access: number;
  org_plan: 'free' | 'pro' | 'team' | null;
  /** 1 when the key's creator still belongs to the key's organisation (always 1 for individual keys). */
  creator_is_member: number;
}

/** The key with the plans of its user and organisation, in one query (the hot path of every document route). */
export async function findKeyForAuth(db: Queryable, keyHash: string): Promise<KeyAuthRow | null> {
  const rows = await selectRows<KeyAuthRow>(
    db,
    `SELECT k.*, u.plan AS user_plan, u.api_access AS user_api_access, o.plan AS org_plan,
            (k.org_id IS NULL OR m.user_id IS NOT NULL) AS creator_is_member
       FROM api_keys k JOIN users u ON u.id = k.user_id LEFT JOIN organisations o ON o.id = k.org_id
       LEFT JOIN memberships m ON m.user_id = k.user_id AND m.org_id = k.org_id
      WHERE k.key_hash = ?`,
    [keyHash],
  );
  return rows[0] ?? null;
}
