import { test } from 'node:test';
import assert from 'node:assert/strict';
import { billingRequestSchema, invitationAnswerSchema, memberActionSchema, orgPresetWriteSchema } from '../../../shared/schemas/org.ts';

test('member actions: each action needs its own fields', () => {
  assert.equal(memberActionSchema.safeParse({ action: 'invite', email: 'x@y.z' }).success, true);
  assert.equal(memberActionSchema.safeParse({ action: 'set_role', user_id: 'u1', role: 'manager' }).success, true);
  assert.equal(memberActionSchema.safeParse({ action: 'set_role', user_id: 'u1' }).success, false);
  assert.equal(memberActionSchema.safeParse({ action: 'remove' }).success, false);
  assert.equal(memberActionSchema.safeParse({ action: 'promote', user_id: 'u1' }).success, false);
});

test('invitation answers and billing requests', () => {
  assert.equal(invitationAnswerSchema.safeParse({ action: 'accept', invitation_id: 'i1' }).success, true);
  assert.equal(invitationAnswerSchema.safeParse({ action: 'accept', invitation_id: 'i'.repeat(65) }).success, false);
  assert.equal(billingRequestSchema.safeParse({ action: 'create', credits: 10, idempotency_key: 'k-1' }).success, true);
  assert.equal(billingRequestSchema.safeParse({ action: 'create', credits: 0, idempotency_key: 'k-1' }).success, false);
  assert.equal(billingRequestSchema.safeParse({ action: 'create', credits: 10, idempotency_key: 'has space' }).success, false);
  assert.equal(billingRequestSchema.safeParse({ action: 'complete', purchase_id: '' }).success, false);
});

test('preset writes: a name up to 100 characters and valid settings, nothing else', () => {
  const ok = orgPresetWriteSchema.parse({ name: ' Journal ', settings: { figures: 'full' } });
  assert.equal(ok.name, 'Journal');
  assert.equal(ok.settings.figures, 'full');
  assert.equal(ok.settings.tables, 'number');
  assert.equal(orgPresetWriteSchema.safeParse({ name: 'J', settings: { figures: 'all' } }).success, false);
  assert.equal(orgPresetWriteSchema.safeParse({ name: 'x'.repeat(101), settings: {} }).success, false);
  assert.equal(orgPresetWriteSchema.safeParse({ name: 'J', settings: {}, colour: 'red' }).success, false);
});
