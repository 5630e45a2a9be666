// Individual and organisation API keys: listing, creating (limits, names, trial credits) and revoking. The row lock on the
// user or organisation serialises concurrent creations so that limits and name checks hold.
import type { Pool } from 'mysql2/promise';
import type { ApiKey, NewApiKey, NewOrgKey } from '../../../shared/contract.ts';
import { activeOrgKeyNameExists, countActiveOrgKeys, countActiveUserKeys, insertApiKey, listOrgKeys, listUserKeys, revokeKeyById, revokeOrgKey, revokeUserKey } from '../../db/api-keys.ts';
import { inTransaction } from '../../db/connection.ts';
import { apiKeyView } from './contract-views.ts';
import { lockOrg } from '../../db/organisations.ts';
import { grantTrialOnce, lockUser } from '../../db/users.ts';
import type { ServiceConfig } from '../config.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { newApiKey } from '../../accounts/secrets.ts';
import { createKeyRequestSchema } from '../../../shared/schemas/accounts.ts';
import { parseRequest } from '../validate.ts';

/** The CreateKeyRequest body: { name?: string (at most 100 characters) }, required for organisation keys. */
export function parseKeyName(body: unknown, required: boolean): string | null {
  if (body === undefined || body === null || (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0)) {
    if (required) throw badRequest('A JSON body with the key name is required', 'missing_body');
    return null;
  }
  const { name } = parseRequest(createKeyRequestSchema, body, { reason: 'invalid_body', reasons: { name: 'invalid_name', 'name.too_big': 'name_too_long' } });
  return name === undefined || name === null || name === '' ? null : name;
}

export async function createUserKey(pool: Pool, config: ServiceConfig, userId: string, name: string | null): Promise<NewApiKey> {
  return inTransaction(pool, async (conn) => {
    const user = await lockUser(conn, userId);
    if (!user) throw notFound('User not found');
    if (user.api_access === 0) throw forbidden('API access is not enabled for this account', 'api_access_disabled');
    if ((await countActiveUserKeys(conn, userId)) >= config.maxKeysPerUser) {
      throw conflict(`API key limit reached (${config.maxKeysPerUser} active keys)`, 'key_limit_reached');
    }
    const generated = newApiKey();
    const keyName = name ?? `Key ${generated.prefix.slice(-8)}`;
    const { id, createdAt } = await insertApiKey(conn, { userId, orgId: null, name: keyName, keyPrefix: generated.prefix, keyHash: generated.hash, expiresAt: null });
    const granted = await grantTrialOnce(conn, userId, config.trialCredits);
    return {
      key: generated.key,
      id,
      name: keyName,
      prefix: generated.prefix,
      created_at: createdAt.toISOString(),
      trial_credits_granted: granted,
      api_credits: user.credits + granted,
    };
  });
}

export async function createOrgKey(pool: Pool, config: ServiceConfig, orgId: string, userId: string, name: string | null): Promise<NewOrgKey> {
  return inTransaction(pool, async (conn) => {
    if (!(await lockOrg(conn, orgId))) throw notFound('Organisation not found');
    if ((await countActiveOrgKeys(conn, orgId)) >= config.maxOrgKeys) {
      throw conflict(`Organisation key limit reached (${config.maxOrgKeys} active keys)`, 'key_limit_reached');
    }
    const generated = newApiKey();
    const keyName = name ?? `Organisation key ${generated.prefix.slice(-8)}`;
    if (await activeOrgKeyNameExists(conn, orgId, keyName)) throw conflict('An active organisation key with this name already exists', 'duplicate_name');
    const { id, createdAt } = await insertApiKey(conn, { userId, orgId, name: keyName, keyPrefix: generated.prefix, keyHash: generated.hash, expiresAt: null });
    return { key: generated.key, id, name: keyName, key_prefix: generated.prefix, created_at: createdAt.toISOString() };
  });
}

/** The user's own keys, newest first. */
export async function userKeys(pool: Pool, userId: string): Promise<ApiKey[]> {
  return (await listUserKeys(pool, userId)).map(apiKeyView);
}

/** The organisation's keys; revoked and expired ones too when asked. */
export async function orgKeys(pool: Pool, orgId: string, includeInactive: boolean): Promise<ApiKey[]> {
  return (await listOrgKeys(pool, orgId, includeInactive)).map(apiKeyView);
}

/** Revokes one of the user's own keys; another user's key, or none, is 404 key_not_found. */
export async function revokeOwnKey(pool: Pool, userId: string, keyId: string): Promise<void> {
  if (!(await revokeUserKey(pool, userId, keyId))) throw notFound('API key not found', 'key_not_found');
}

/** Revokes one of the organisation's keys; another organisation's key, or none, is 404 key_not_found. */
export async function revokeOrganisationKey(pool: Pool, orgId: string, keyId: string): Promise<void> {
  if (!(await revokeOrgKey(pool, orgId, keyId))) throw notFound('API key not found', 'key_not_found');
}

/**
 * Revokes the key that authenticated the request (individual or organisation key): holding a key is
 * enough to give it up, so a client whose session has expired can still revoke the key it holds.
 */
export async function revokeCallingKey(pool: Pool, keyId: string): Promise<void> {
  if (!(await revokeKeyById(pool, keyId))) throw notFound('API key not found', 'key_not_found');
}
