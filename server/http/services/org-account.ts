// The organisation account as the contract shows it (GET /org, and the org of GET /auth/me).
import type { Pool } from 'mysql2/promise';
import type { Organisation } from '../../../shared/contract.ts';
import { iso } from '../../db/connection.ts';
import { findOrgById, type OrgRow } from '../../db/organisations.ts';
import { notFound } from '../errors.ts';

export function orgView(row: OrgRow): Organisation {
  return { id: row.id, slug: row.slug, name: row.name, plan: row.plan, credits: Number(row.credits), members_enabled: row.members_enabled === 1, created_at: iso(row.created_at) };
}

/** The organisation, or null when there is none by that id (a membership outlived by its organisation). */
export async function findOrganisation(pool: Pool, orgId: string): Promise<Organisation | null> {
  const row = await findOrgById(pool, orgId);
  return row ? orgView(row) : null;
}

/** The caller's organisation; 404 when it is gone. */
export async function requireOrganisation(pool: Pool, orgId: string): Promise<Organisation> {
  const org = await findOrganisation(pool, orgId);
  if (!org) throw notFound('Organisation not found', 'org_not_found');
  return org;
}
