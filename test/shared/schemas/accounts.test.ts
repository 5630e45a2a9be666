import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createKeyRequestSchema, deleteApiKeyQuerySchema, deleteOrgKeyRequestSchema, loginRequestSchema, okResponseSchema, orgKeysQuerySchema } from '../../../shared/schemas/accounts.ts';

test('login needs a non-empty email and password', () => {
  assert.equal(loginRequestSchema.safeParse({ email: 'a@b.c', password: 'pw' }).success, true);
  assert.equal(loginRequestSchema.safeParse({ email: 'a@b.c', password: '' }).success, false);
  assert.equal(loginRequestSchema.safeParse({ email: 'a@b.c' }).success, false);
});

test('key routes: name at most 100 characters; key_id and id required and trimmed; include_inactive true or false', () => {
  assert.equal(createKeyRequestSchema.safeParse({ name: 'CI' }).success, true);
  assert.equal(createKeyRequestSchema.safeParse({ name: 'x'.repeat(101) }).success, false);
  assert.equal(createKeyRequestSchema.safeParse({ name: 3 }).success, false);
  assert.equal(deleteOrgKeyRequestSchema.parse({ key_id: ' k1 ' }).key_id, 'k1');
  assert.equal(deleteOrgKeyRequestSchema.safeParse({ key_id: '  ' }).success, false);
  assert.equal(deleteApiKeyQuerySchema.safeParse({}).success, false);
  assert.equal(orgKeysQuerySchema.parse({ include_inactive: 'true' }).include_inactive, true);
  assert.equal(orgKeysQuerySchema.parse({}).include_inactive, false);
  assert.equal(orgKeysQuerySchema.safeParse({ include_inactive: 'yes' }).success, false);
});

test('OkResponse allows no extra properties', () => {
  assert.equal(okResponseSchema.safeParse({ ok: true, success: true }).success, true);
  assert.equal(okResponseSchema.safeParse({ ok: true, success: true, more: 1 }).success, false);
});
