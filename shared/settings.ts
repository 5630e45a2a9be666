// HyperlinkSettings: the one schema that defines the settings, their allowed values and defaults
// (each default's value sits in settings-values.ts, a module without zod, for the CLI and the engine).
// Used by the engine (defaults), the service (validation of the settings form field, presets),
// the add-in (settings panel) and the OpenAPI document.

import { z } from 'zod';
import { SETTINGS_DEFAULTS as D } from './settings-values.ts';

const hexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'must be a hex color like #0077BD');

export const hyperlinkSettingsSchema = z.looseObject({
  preset_id: z.string().max(100).nullable().default(D.preset_id),
  refs: z.boolean().default(D.refs),
  citeStyle: z.enum(['auto', 'number', 'author-year', 'superscript', 'off']).default(D.citeStyle),
  citeLinkScope: z.enum(['author-year', 'full']).default(D.citeLinkScope),
  citeIncludePages: z.boolean().default(D.citeIncludePages),
  figures: z.enum(['number', 'numbersub', 'full', 'off']).default(D.figures),
  tables: z.enum(['number', 'numbersub', 'full', 'off']).default(D.tables),
  equations: z.enum(['number', 'numbersub', 'full', 'off']).default(D.equations),
  sections: z.enum(['number', 'full', 'off']).default(D.sections),
  algorithms: z.enum(['number', 'numbersub', 'full', 'off']).default(D.algorithms),
  listings: z.enum(['number', 'numbersub', 'full', 'off']).default(D.listings),
  appendices: z.enum(['number', 'full', 'off']).default(D.appendices),
  /** Supplementary material: "S1 Text", "Additional file 3", "Movie 2" (number links "1" / "S1", full the whole label); off also leaves "Table S3" and "S1 Fig" unlinked. */
  supplementary: z.enum(['number', 'full', 'off']).default(D.supplementary),
  doi: z.boolean().default(D.doi),
  crossref: z.boolean().default(D.crossref),
  refTitleLink: z.boolean().default(D.refTitleLink),
  suffixDisambiguationOptIn: z.boolean().default(D.suffixDisambiguationOptIn),
  linkColor: hexColor.default(D.linkColor),
  xrefLinkColor: hexColor.default(D.xrefLinkColor),
  urlFont: z.string().max(100).default(D.urlFont),
  /** Bibliography rewrite: write it even when some entries cannot be rendered (they stay as written and are named in the result); false refuses the whole rewrite then. */
  bibRewritePartial: z.boolean().default(D.bibRewritePartial),
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

export { canonicalSettings } from './settings-values.ts';
