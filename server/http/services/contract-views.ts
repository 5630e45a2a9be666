// Database rows as the contract's objects (shared/contract.ts): flags as booleans, counters as numbers, dates
// in ISO, and what the caller must not see (key hashes, who invited or completed) left out.
import type { ApiKey, CreditPurchase, OrgInvitation } from '../../../shared/contract.ts';
import type { ApiKeyRow } from '../../db/api-keys.ts';
import type { PurchaseRow } from '../../db/billing.ts';
import { iso, isoOrNull } from '../../db/connection.ts';
import type { InvitationRow } from '../../db/invitations.ts';

export function apiKeyView(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    key_prefix: row.key_prefix,
    prefix: row.key_prefix,
    is_active: row.is_active === 1,
    last_used_at: isoOrNull(row.last_used_at),
    total_docs_processed: Number(row.total_docs_processed),
    created_at: iso(row.created_at),
    expires_at: isoOrNull(row.expires_at),
  };
}

export function purchaseView(row: PurchaseRow): CreditPurchase {
  return {
    id: row.id,
    org_id: row.org_id,
    credits: Number(row.credits),
    amount_cents: Number(row.amount_cents),
    currency: row.currency,
    provider: row.provider,
    provider_ref: row.provider_ref,
    status: row.status,
    idempotency_key: row.idempotency_key,
    created_at: iso(row.created_at),
    completed_at: isoOrNull(row.completed_at),
  };
}

export function invitationView(row: InvitationRow): OrgInvitation {
  return { id: row.id, email: row.email, role: row.role, status: 'pending', created_at: iso(row.created_at), expires_at: iso(row.expires_at) };
}
