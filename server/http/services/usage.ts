// The organisation's usage log (/org-usage): processed documents, newest first, a page at a time.
import type { Pool } from 'mysql2/promise';
import type { OrgUsageList } from '../../../shared/contract.ts';
import { iso } from '../../db/connection.ts';
import { countOrgUsage, listOrgUsage, type UsageRow } from '../../db/usage.ts';

function usageView(r: UsageRow): OrgUsageList['usage'][number] {
  return {
    id: String(r.id),
    api_key_id: r.api_key_id,
    key_name: r.key_name,
    key_prefix: r.key_prefix,
    user_id: r.user_id,
    route: r.route,
    status: Number(r.status),
    scan_fingerprint: r.scan_fingerprint,
    link_count: Number(r.link_count),
    credits_used: Number(r.credits_used),
    request_id: r.request_id,
    created_at: iso(r.created_at),
  };
}

/** Page `page` (from 1) of `limit` rows, with the total count. */
export async function orgUsagePage(pool: Pool, orgId: string, page: number, limit: number): Promise<OrgUsageList> {
  const [total, rows] = await Promise.all([countOrgUsage(pool, orgId), listOrgUsage(pool, orgId, limit, (page - 1) * limit)]);
  return { usage: rows.map(usageView), total, page, limit };
}
