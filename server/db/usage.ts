// usage_events: one row per processed document (key, user, organisation, route, status, fingerprint,
// link count, credits used, time).
import { execute, selectRows, type Queryable } from './connection.ts';

export interface UsageEvent {
  apiKeyId: string;
  userId: string;
  orgId: string | null;
  route: string;
  status: number;
  scanFingerprint: string | null;
  linkCount: number;
  creditsUsed: number;
  requestId: string;
}

export interface UsageRow {
  id: number;
  api_key_id: string;
  key_name: string | null;
  key_prefix: string | null;
  user_id: string;
  route: string;
  status: number;
  scan_fingerprint: string | null;
  link_count: number;
  credits_used: number;
  request_id: string | null;
  created_at: Date;
}

export async function insertUsage(db: Queryable, e: UsageEvent): Promise<void> {
  await execute(
    db,
    `INSERT INTO usage_events (api_key_id, user_id, org_id, route, status, scan_fingerprint, link_count, credits_used, request_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [e.apiKeyId, e.userId, e.orgId, e.route, e.status, e.scanFingerprint, e.linkCount, e.creditsUsed, e.requestId],
  );
}

export async function countOrgUsage(db: Queryable, orgId: string): Promise<number> {
  const rows = await selectRows<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM usage_events WHERE org_id = ?', [orgId]);
  return Number(rows[0]?.n ?? 0);
}

export async function listOrgUsage(db: Queryable, orgId: string, limit: number, offset: number): Promise<UsageRow[]> {
  return selectRows<UsageRow>(
    db,
    `SELECT u.id, u.api_key_id, k.name AS key_name, k.key_prefix, u.user_id, u.route, u.status, u.scan_fingerprint,
            u.link_count, u.credits_used, u.request_id, u.created_at
       FROM usage_events u LEFT JOIN api_keys k ON k.id = u.api_key_id
      WHERE u.org_id = ? ORDER BY u.created_at DESC, u.id DESC LIMIT ? OFFSET ?`,
    [orgId, limit, offset],
  );
}
