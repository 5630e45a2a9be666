// Settings presets shared by an organisation (/org-presets): listing a page, and creating one under a unique name
// (at most MAX_ORG_PRESETS per organisation).
import type { Pool } from 'mysql2/promise';
import type { OrgPreset, OrgPresetList } from '../../../shared/contract.ts';
import type { HyperlinkSettings } from '../../../shared/settings.ts';
import { orgPresetWriteSchema } from '../../../shared/schemas/org.ts';
import { inTransaction, iso } from '../../db/connection.ts';
import { lockOrg } from '../../db/organisations.ts';
import { countPresets, insertPreset, listPresets, type PresetRow } from '../../db/presets.ts';
import type { OrgCaller } from '../auth.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { checkSettingsValue } from '../json-limits.ts';
import { parseRequest } from '../validate.ts';

function presetView(row: PresetRow): OrgPreset {
  return { id: row.id, name: row.name, settings: JSON.parse(row.settings_json) as HyperlinkSettings, created_at: iso(row.created_at), updated_at: iso(row.updated_at) };
}

/** OrgPresetWrite: the size and depth of the settings are checked first (json-limits), then the body by its
 * schema. A preset never points at another preset (preset_id is cleared). */
export function parsePresetWrite(body: unknown): { name: string; settings: HyperlinkSettings } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('A JSON body {name, settings} is required', 'missing_body');
  const settings = (body as { settings?: unknown }).settings;
  if (settings !== undefined && settings !== null) checkSettingsValue(settings);
  const write = parseRequest(orgPresetWriteSchema, body, {
    reason: 'invalid_body',
    reasons: { 'name.missing': 'missing_name', name: 'invalid_name', 'name.too_big': 'name_too_long', 'settings.missing': 'missing_settings', settings: 'invalid_settings' },
  });
  return { name: write.name, settings: { ...write.settings, preset_id: null } };
}

/** Page `page` (from 1) of `limit` presets by name, with the total count. */
export async function orgPresetsPage(pool: Pool, orgId: string, page: number, limit: number): Promise<OrgPresetList> {
  const [total, rows] = await Promise.all([countPresets(pool, orgId), listPresets(pool, orgId, limit, (page - 1) * limit)]);
  return { presets: rows.map(presetView), total, page, limit };
}

/**
 * Stores a preset for the caller's organisation: a name already taken there is 409 duplicate_name, an
 * organisation at its MAX_ORG_PRESETS is 409 preset_limit_reached (the organisation's row is locked
 * while counting, so concurrent creations cannot pass the cap together).
 */
export async function createPreset(pool: Pool, maxPresets: number, caller: Pick<OrgCaller, 'orgId' | 'user'>, write: { name: string; settings: HyperlinkSettings }): Promise<OrgPreset> {
  const inserted = await inTransaction(pool, async (conn) => {
    if (!(await lockOrg(conn, caller.orgId))) throw notFound('Organisation not found', 'org_not_found');
    if ((await countPresets(conn, caller.orgId)) >= maxPresets) {
      throw conflict(`An organisation may keep at most ${maxPresets} presets; delete some first`, 'preset_limit_reached');
    }
    return insertPreset(conn, caller.orgId, write.name, JSON.stringify(write.settings), caller.user.id);
  });
  if (!inserted.ok) throw conflict('A preset with this name already exists', 'duplicate_name');
  return presetView(inserted.row);
}
