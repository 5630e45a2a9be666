// /org-presets: shared settings presets of the caller's organisation.
import { Router } from 'express';
import type { OrgPreset } from '../../../shared/contract.ts';
import type { HyperlinkSettings } from '../../../shared/settings.ts';
import { orgPresetWriteSchema } from '../../../shared/schemas/org.ts';
import { parseRequest } from '../validate.ts';
import { iso } from '../../db/connection.ts';
import { insertPreset, listPresets, type PresetRow } from '../../db/presets.ts';
import { managerOf, orgCallerOf, requireSession } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { badRequest, conflict } from '../errors.ts';
import { checkSettingsValue } from '../json-limits.ts';

function presetView(row: PresetRow): OrgPreset {
  return { id: row.id, name: row.name, settings: JSON.parse(row.settings_json) as HyperlinkSettings, created_at: iso(row.created_at), updated_at: iso(row.updated_at) };
}

/** OrgPresetWrite: the size and depth of the settings are checked first (json-limits), then the body by its schema. */
function parsePresetWrite(body: unknown): { name: string; settings: HyperlinkSettings } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('A JSON body {name, settings} is required', 'missing_body');
  const settings = (body as { settings?: unknown }).settings;
  if (settings !== undefined && settings !== null) checkSettingsValue(settings);
  const write = parseRequest(orgPresetWriteSchema, body, {
    reason: 'invalid_body',
    reasons: { 'name.missing': 'missing_name', name: 'invalid_name', 'name.too_big': 'name_too_long', 'settings.missing': 'missing_settings', settings: 'invalid_settings' },
  });
  return { name: write.name, settings: { ...write.settings, preset_id: null } };
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
