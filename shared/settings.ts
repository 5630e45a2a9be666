// HyperlinkSettings: the one schema that defines the settings, their allowed values and defaults
// (each default's value sits in settings-values.ts, a module without zod, for the CLI and the engine).
// Used by the engine (defaults), the service (validation of the settings form field, presets),
// the add-in (settings panel) and the OpenAPI document.

import { z } from 'zod';
import { SETTINGS_DEFAULTS as D } from './settings-values.ts';

/**
 * The setting `languages`: the languages whose label words the detectors read besides English (codes of
 * server/engine/detect/labels/*.json, LABEL_LANGUAGES: "pt", "es", "de", ...). Absent or "auto": the
 * languages the manuscript is written in (w:lang, the text); a list pins them (pinnedLanguages in
 * settings-values.ts). Optional, without a default: settings that do not name it are what they were.
 */
const languagesSchema = z.union([z.literal('auto'), z.array(z.string().regex(/^[A-Za-z]{2,3}$/, 'a language code such as "pt"')).max(20)]);

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
  /** Identifiers written in the text (issue 21), each linked to its canonical resolver; false leaves that kind unlinked. URLs written out (http/https, "www."). */
  urls: z.boolean().default(D.urls),
  /** PubMed IDs with their label ("PMID: 12345678") → pubmed.ncbi.nlm.nih.gov. */
  pmid: z.boolean().default(D.pmid),
  /** PubMed Central IDs ("PMC1234567") → www.ncbi.nlm.nih.gov/pmc/articles. */
  pmcid: z.boolean().default(D.pmcid),
  /** arXiv IDs, new ("arXiv:2101.01234v2") and old ("hep-th/9901001") forms → arxiv.org/abs. */
  arxiv: z.boolean().default(D.arxiv),
  /** ClinicalTrials.gov numbers ("NCT01234567") → clinicaltrials.gov/study. */
  nct: z.boolean().default(D.nct),
  /** Research Resource Identifiers ("RRID:AB_2298772") → scicrunch.org/resolver. */
  rrid: z.boolean().default(D.rrid),
  /** ORCID iDs ("0000-0002-1825-0097" with its label or orcid.org/ form) → orcid.org. */
  orcid: z.boolean().default(D.orcid),
  /** Handles ("hdl:10013/epic.12345") → hdl.handle.net. */
  handle: z.boolean().default(D.handle),
  /** The languages whose label words are read ("Figura", "Abb.", "图"): "auto" or absent, detected; a list of codes pins them. */
  languages: languagesSchema.optional(),
});

/** Settings after defaults are filled in. Extra fields are kept. */
export type HyperlinkSettings = z.infer<typeof hyperlinkSettingsSchema>;
/** What a caller may send: any subset. */
export type HyperlinkSettingsInput = z.input<typeof hyperlinkSettingsSchema>;

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
