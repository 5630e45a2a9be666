// Settings of a document request: the settings form field, merged over an organisation preset when
// preset_id names one of the caller's organisation.
import type { Pool } from 'mysql2/promise';
import { parseSettings, SettingsError, type HyperlinkSettings } from '../../../shared/settings.ts';
import { findMembership } from '../../db/organisations.ts';
import { findPreset } from '../../db/presets.ts';
import type { KeyCaller } from '../auth.ts';
import { HttpError } from '../errors.ts';
import { checkSettingsText, checkSettingsValue } from '../json-limits.ts';

export function parseJsonField(text: string, field: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Invalid JSON in form data', 'invalid_json', { hint: `field ${field}` });
  }
}

async function callerOrgId(pool: Pool, caller: KeyCaller): Promise<string | null> {
  if (caller.orgId) return caller.orgId;
  return (await findMembership(pool, caller.userId))?.org_id ?? null;
}

export async function resolveSettings(pool: Pool, caller: KeyCaller, text: string | undefined): Promise<HyperlinkSettings> {
  let raw: unknown = undefined;
  if (text !== undefined && text.trim() !== '') {
    checkSettingsText(text);
    raw = parseJsonField(text, 'settings');
  }
  try {
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
      const presetId = (raw as Record<string, unknown>).preset_id;
      if (typeof presetId === 'string' && presetId !== '') {
        const orgId = await callerOrgId(pool, caller);
        const preset = orgId ? await findPreset(pool, orgId, presetId) : null;
        if (!preset) throw new HttpError(400, 'Unknown preset_id', 'unknown_preset', { status: 'preset_id' });
        const base = JSON.parse(preset.settings_json) as Record<string, unknown>;
        const merged = { ...base, ...(raw as Record<string, unknown>) };
        checkSettingsValue(merged);
        return parseSettings(merged);
      }
    }
    return parseSettings(raw);
  } catch (err) {
    // A bad value: the field as status (invalid JSON never reaches here: parseJsonField answered it).
    if (err instanceof SettingsError) throw new HttpError(400, err.message, 'invalid_settings', { status: err.field });
    throw err;
  }
}
