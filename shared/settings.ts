// HyperlinkSettings: the one schema that defines the settings, their allowed values and defaults.
// Used by the engine (defaults), the service (validation of the settings form field, presets),
// the add-in (settings panel) and the OpenAPI document.

import { z } from 'zod';

const hexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'must be a hex color like #0077BD');

export const hyperlinkSettingsSchema = z.looseObject({
  preset_id: z.string().max(100).nullable().default(null),
  refs: z.boolean().default(true),
  citeStyle: z.enum(['auto', 'number', 'author-year', 'superscript', 'off']).default('auto'),
  citeLinkScope: z.enum(['author-year', 'full']).default('author-year'),
  citeIncludePages: z.boolean().default(false),
  figures: z.enum(['number', 'numbersub', 'full', 'off']).default('number'),
  tables: z.enum(['number', 'numbersub', 'full', 'off']).default('number'),
  equations: z.enum(['number', 'numbersub', 'full', 'off']).default('number'),
  sections: z.enum(['number', 'full', 'off']).default('number'),
  algorithms: z.enum(['number', 'numbersub', 'full', 'off']).default('off'),
  listings: z.enum(['number', 'numbersub', 'full', 'off']).default('off'),
  appendices: z.enum(['number', 'full', 'off']).default('number'),
  /** Supplementary material: "S1 Text", "Additional file 3", "Movie 2" (number links "1" / "S1", full the whole label); off also leaves "Table S3" and "S1 Fig" unlinked. */
  supplementary: z.enum(['number', 'full', 'off']).default('number'),
  doi: z.boolean().default(false),
  crossref: z.boolean().default(false),
  refTitleLink: z.boolean().default(false),
  suffixDisambiguationOptIn: z.boolean().default(false),
  linkColor: hexColor.default('#0077BD'),
  xrefLinkColor: hexColor.default('#0077BD'),
  urlFont: z.string().max(100).default(''),
});

/** Settings after defaults are filled in. Extra fields are kept. */
export type HyperlinkSettings = z.infer<typeof hyperlinkSettingsSchema>;
/** What a caller may send: any subset. */
export type HyperlinkSettingsInput = z.input<typeof hyperlinkSettingsSchema>;

/** Mode of a cross-reference kind: number links only the number, numbersub also a sub-panel letter, full the whole phrase. */
export type XrefMode = 'number' | 'numbersub' | 'full' | 'off';

export const DEFAULT_SETTINGS: HyperlinkSettings = hyperlinkSettingsSchema.parse({});

export class SettingsError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'SettingsError';
  }
}

/** Validates settings and fills in defaults; throws SettingsError naming the first offending field. */
export function parseSettings(input: unknown): HyperlinkSettings {
  if (input === undefined || input === null) return { ...DEFAULT_SETTINGS };
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new SettingsError('settings', 'settings must be a JSON object');
  }
  const result = hyperlinkSettingsSchema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length ? issue.path.join('.') : 'settings';
  const allowed = 'values' in issue && Array.isArray(issue.values) ? `must be one of ${issue.values.join(', ')}` : issue.message;
  throw new SettingsError(field, `Invalid value for settings field '${field}': ${allowed}`);
}

/** Parses the settings form field (a JSON string); throws SettingsError with field 'settings' on invalid JSON. */
export function parseSettingsJson(text: string | undefined | null): HyperlinkSettings {
  if (text === undefined || text === null || text.trim() === '') return { ...DEFAULT_SETTINGS };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SettingsError('settings', 'Invalid JSON in form data');
  }
  return parseSettings(value);
}

/** Canonical JSON of settings (sorted keys), the input of the settings hash bound into scan tokens. */
export function canonicalSettings(settings: HyperlinkSettings): string {
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(settings).sort()) sorted[key] = (settings as Record<string, unknown>)[key];
  return JSON.stringify(sorted);
}
