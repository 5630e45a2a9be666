// Schemas of the account routes: login, API keys (individual and organisation), and their queries.
import { z } from 'zod';
import { dateTime, named } from './common.ts';

const MAX_KEY_NAME = 100;

export const apiKeySchema = named(
  'ApiKey',
  z.looseObject({
    id: z.string(),
    name: z.string(),
    key_prefix: z.string(),
    prefix: z.string(),
    is_active: z.boolean(),
    last_used_at: dateTime.nullable(),
    total_docs_processed: z.int(),
    created_at: dateTime,
    expires_at: dateTime.nullable(),
  }),
);

export const apiKeyListSchema = named('ApiKeyList', z.strictObject({ keys: z.array(apiKeySchema) }));

/** POST /api-keys and /org-keys: the key's name (optional for /api-keys). */
export const createKeyRequestSchema = named('CreateKeyRequest', z.looseObject({ name: z.string().trim().max(MAX_KEY_NAME).nullable().optional() }));

export const newApiKeySchema = named(
  'NewApiKey',
  z.strictObject({
    /** The full secret, returned once. */
    key: z.string(),
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    created_at: dateTime,
    trial_credits_granted: z.int(),
    api_credits: z.int(),
  }),
);

export const newOrgKeySchema = named(
  'NewOrgKey',
  z.strictObject({ key: z.string(), id: z.string(), name: z.string(), key_prefix: z.string(), created_at: dateTime }),
);

export const okResponseSchema = named('OkResponse', z.strictObject({ ok: z.boolean(), success: z.boolean() }));

export const loginRequestSchema = named('LoginRequest', z.looseObject({ email: z.string().min(1, 'is required'), password: z.string().min(1, 'is required') }));
export const loginResponseSchema = named('LoginResponse', z.looseObject({ token: z.string(), expires_at: dateTime }));

/** DELETE /org-keys body. */
export const deleteOrgKeyRequestSchema = named('DeleteOrgKeyRequest', z.looseObject({ key_id: z.string().trim().min(1, 'is required') }));

/** DELETE /api-keys?id= */
export const deleteApiKeyQuerySchema = z.looseObject({ id: z.string().trim().min(1, 'is required') });

/** GET /org-keys?include_inactive= */
export const orgKeysQuerySchema = z.looseObject({
  include_inactive: z
    .enum(['true', 'false'], 'must be true or false')
    .optional()
    .transform((v) => v === 'true'),
});
