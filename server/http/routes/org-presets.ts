// /org-presets: shared settings presets of the caller's organisation.
import { Router } from 'express';
import type { OrgPreset } from '../../../shared/contract.ts';
import { parseSettings, SettingsError, type HyperlinkSettings } from '../../../shared/settings.ts';
import { iso } from '../../db/connection.ts';
import { insertPreset, listPresets, type PresetRow } from '../../db/presets.ts';
import { managerOf, orgCallerOf, requireSession } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { badRequest, conflict } from '../errors.ts';
import { settingsError } from '../services/settings.ts';
import { checkSettingsValue } from '../json-limits.ts';

const MAX_PRESET_NAME = 100;

function presetView(row: PresetRow): OrgPreset {
  return { id: row.id, name: row.name, settings: JSON.parse(row.settings_json) as HyperlinkSettings, created_at: iso(row.created_at), updated_at: iso(row.updated_at) };
}

function parsePresetWrite(body: unknown): { name: string; settings: HyperlinkSettings } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('A JSON body {name, settings} is required', 'missing_body');
  const { name, settings } = body as { name?: unknown; settings?: unknown };
  if (typeof name !== 'string' || name.trim() === '') throw badRequest('name is required', 'missing_name');
  if (name.trim().length > MAX_PRESET_NAME) throw badRequest(`name must be at most ${MAX_PRESET_NAME} characters`, 'name_too_long');
  if (settings === undefined || settings === null) throw badRequest('settings is required', 'missing_settings');
  checkSettingsValue(settings);
  try {
    const parsed = parseSettings(settings);
    return { name: name.trim(), settings: { ...parsed, preset_id: null } };
  } catch (err) {
    if (err instanceof SettingsError) throw settingsError(err);
    throw err;
  }
}

export function orgPresetRoutes(ctx: AppContext): Router {
  const router = Router();
  const session = requireSession(ctx);

  router.get('/org-presets', session, async (req, res) => {
    const caller = orgCallerOf(req);
    res.json({ presets: (await listPresets(ctx.pool, caller.orgId)).map(presetView) });
  });

  router.post('/org-presets', session, async (req, res) => {
    const caller = managerOf(req);
    const write = parsePresetWrite(req.body);
    const inserted = await insertPreset(ctx.pool, caller.orgId, write.name, JSON.stringify(write.settings), caller.user.id);
    if (!inserted.ok) throw conflict('A preset with this name already exists', 'duplicate_name');
    res.status(201).json({ preset: presetView(inserted.row) });
  });

  return router;
}
