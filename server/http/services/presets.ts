// Settings presets shared by an organisation (/org-presets): listing, and creating one under a unique name.
import type { Pool } from 'mysql2/promise';
import type { OrgPreset } from '../../../shared/contract.ts';
import type { HyperlinkSettings } from '../../../shared/settings.ts';
import { orgPresetWriteSchema } from '../../../shared/schemas/org.ts';
import { iso } from '../../db/connection.ts';
import { insertPreset, listPresets, type PresetRow } from '../../db/presets.ts';
import type { OrgCaller } from '../auth.ts';
import { badRequest, conflict } from '../errors.ts';
import { checkSettingsValue } from '../json-limits.ts';
import { parseRequest } from '../validate.ts';

export function presetView(row: PresetRow): OrgPreset {
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

export async function orgPresets(pool: Pool, orgId: string): Promise<OrgPreset[]> {
  return (await listPresets(pool, orgId)).map(presetView);
}

/** Stores a preset for the caller's organisation; a name already taken there is 409 duplicate_name. */
export async function createPreset(pool: Pool, caller: Pick<OrgCaller, 'orgId' | 'user'>, write: { name: string; settings: HyperlinkSettings }): Promise<OrgPreset> {
  const inserted = await insertPreset(pool, caller.orgId, write.name, JSON.stringify(write.settings), caller.user.id);
  if (!inserted.ok) throw conflict('A preset with this name already exists', 'duplicate_name');
  return presetView(inserted.row);
}
