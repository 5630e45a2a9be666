// presets: named HyperlinkSettings shared inside one organisation (name unique per organisation).
import { randomUUID } from 'node:crypto';
import { execute, selectRows, type Queryable } from './connection.ts';

export interface PresetRow {
  id: string;
  org_id: string;
  name: string;
  settings_json: string;
  created_at: Date;
  updated_at: Date;
}

/** A page of the organisation's presets by name (then id, so pages never overlap). */
export async function listPresets(db: Queryable, orgId: string, limit: number, offset: number): Promise<PresetRow[]> {
  return selectRows<PresetRow>(db, 'SELECT * FROM presets WHERE org_id = ? ORDER BY name, id LIMIT ? OFFSET ?', [orgId, limit, offset]);
}

export async function countPresets(db: Queryable, orgId: string): Promise<number> {
  const rows = await selectRows<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM presets WHERE org_id = ?', [orgId]);
  return Number(rows[0]?.n ?? 0);
}

export async function findPreset(db: Queryable, orgId: string, presetId: string): Promise<PresetRow | null> {
  const rows = await selectRows<PresetRow>(db, 'SELECT * FROM presets WHERE org_id = ? AND id = ?', [orgId, presetId]);
  return rows[0] ?? null;
}

export type InsertPresetResult = { ok: true; row: PresetRow } | { ok: false; reason: 'duplicate_name' };

export async function insertPreset(db: Queryable, orgId: string, name: string, settingsJson: string, createdBy: string): Promise<InsertPresetResult> {
  const id = randomUUID();
  const now = new Date();
  try {
    await execute(db, 'INSERT INTO presets (id, org_id, name, settings_json, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      id, orgId, name, settingsJson, createdBy, now, now,
    ]);
  } catch (err) {
    if ((err as { code?: string }).code === 'ER_DUP_ENTRY') return { ok: false, reason: 'duplicate_name' };
    throw err;
  }
  return { ok: true, row: { id, org_id: orgId, name, settings_json: settingsJson, created_at: now, updated_at: now } };
}
