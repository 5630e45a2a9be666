// Validation of the settings panel's values with the shared schema, field by field.
import { S } from '../strings.ts';
import { hyperlinkSettingsSchema, DEFAULT_SETTINGS, type HyperlinkSettings } from '../../shared/settings.ts';

export type SettingsFormValues = Record<string, unknown>;

export type SettingsValidation =
  | { ok: true; settings: HyperlinkSettings; warnings: string[] }
  | { ok: false; errors: Record<string, string>; warnings: string[] };

/** Cross-field advice the schema cannot express, per field (the service ignores crossref without doi). */
export function fieldWarnings(values: SettingsFormValues): Partial<Record<string, string>> {
  const out: Partial<Record<string, string>> = {};
  if (values.doi !== true) {
    if (values.crossref === true) out.crossref = S.settings.needsDoi(S.settings.crossrefField);
    if (values.refTitleLink === true) out.refTitleLink = S.settings.needsDoi(S.settings.titleLinkField);
  }
  if (values.refs === false && values.citeStyle !== undefined && values.citeStyle !== 'off' && values.citeStyle !== 'auto') out.citeStyle = S.settings.needsRefs;
  return out;
}

function settingsWarnings(values: SettingsFormValues): string[] {
  return Object.values(fieldWarnings(values)).filter((w): w is string => typeof w === 'string');
}

/** Normalises what form controls produce (empty preset id means none). */
function normalizeFormValues(values: SettingsFormValues): SettingsFormValues {
  const out: SettingsFormValues = { ...values };
  if (typeof out.preset_id === 'string' && out.preset_id.trim() === '') out.preset_id = null;
  for (const key of ['linkColor', 'xrefLinkColor'] as const) {
    const v = out[key];
    if (typeof v === 'string' && /^[0-9A-Fa-f]{6}$/.test(v.trim())) out[key] = `#${v.trim()}`;
  }
  return out;
}

/** Validates every field; returns all errors keyed by field name, or the parsed settings. */
export function validateSettingsForm(values: SettingsFormValues): SettingsValidation {
  const normalized = normalizeFormValues(values);
  const warnings = settingsWarnings(normalized);
  const result = hyperlinkSettingsSchema.safeParse(normalized);
  if (result.success) return { ok: true, settings: result.data, warnings };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : 'settings';
    if (errors[field]) continue;
    const allowed = 'values' in issue && Array.isArray(issue.values) ? S.settings.allowed(issue.values.map(String)) : '';
    errors[field] = `${issue.message}${allowed}`;
  }
  return { ok: false, errors, warnings };
}

/** Settings restored from storage: invalid or unknown stored values fall back to the defaults. */
export function restoreSettings(stored: unknown): HyperlinkSettings {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return { ...DEFAULT_SETTINGS };
  const result = validateSettingsForm(stored as SettingsFormValues);
  if (result.ok) return result.settings;
  const cleaned: SettingsFormValues = { ...(stored as SettingsFormValues) };
  for (const field of Object.keys(result.errors)) delete cleaned[field];
  const retry = hyperlinkSettingsSchema.safeParse(cleaned);
  return retry.success ? retry.data : { ...DEFAULT_SETTINGS };
}
