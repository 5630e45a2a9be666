// Database rows as the contract's objects: flags as booleans, counters as numbers, dates in ISO, and what the
// caller must not see (the key's hash, who invited, who completed a purchase) left out.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ApiKeyRow } from '../../../../server/db/api-keys.ts';
import type { PurchaseRow } from '../../../../server/db/billing.ts';
import type { InvitationRow } from '../../../../server/db/invitations.ts';
import { apiKeyView, invitationView, purchaseView } from '../../../../server/http/services/contract-views.ts';

test('apiKeyView: the row as the contract\'s ApiKey (flags as booleans, counters as numbers, dates in ISO)', () => {
  const row: ApiKeyRow = {
    id: 'k1', user_id: 'u1', org_id: null, name: 'CI', key_prefix: 'hlk_abcd1234', key_hash: 'secret-hash', is_active: 1,
    last_used_at: null, total_docs_processed: '12' as unknown as number, created_at: new Date('2026-03-04T05:06:07Z'), expires_at: new Date('2027-03-04T05:06:07Z'),
  };
  assert.deepEqual(apiKeyView(row), {
    id: 'k1', name: 'CI', key_prefix: 'hlk_abcd1234', prefix: 'hlk_abcd1234', is_active: true, last_used_at: null,
    total_docs_processed: 12, created_at: '2026-03-04T05:06:07.000Z', expires_at: '2027-03-04T05:06:07.000Z',
  });
  assert.equal(apiKeyView({ ...row, is_active: 0 }).is_active, false);
  assert.ok(!JSON.stringify(apiKeyView(row)).includes('secret-hash'));
});

test('purchaseView: numbers from the row\'s strings, dates in ISO, who completed it left out', () => {
  const row: PurchaseRow = {
    id: 'p1', org_id: 'o', created_by: 'u', credits: '7' as unknown as number, amount_cents: 350, currency: 'USD', provider: 'manual',
    provider_ref: null, status: 'pending', idempotency_key: 'k', created_at: new Date('2026-01-01T00:00:00Z'), completed_at: null, completed_by: 'admin',
  };
  const view = purchaseView(row);
  assert.deepEqual([view.credits, view.created_at, view.completed_at], [7, '2026-01-01T00:00:00.000Z', null]);
  assert.ok(!('completed_by' in view));
});

test('an open invitation as the contract\'s OrgInvitation: pending, dates in ISO, who invited left out', () => {
  const row: InvitationRow = {
    id: 'i1', org_id: 'org-1', email: 'new@example.org', role: 'manager', invited_by: 'u1', status: 'pending',
    created_at: new Date('2026-05-01T00:00:00Z'), expires_at: new Date('2026-05-15T00:00:00Z'),
  };
  assert.deepEqual(invitationView(row), {
    id: 'i1', email: 'new@example.org', role: 'manager', status: 'pending', created_at: '2026-05-01T00:00:00.000Z', expires_at: '2026-05-15T00:00:00.000Z',
  });
});
