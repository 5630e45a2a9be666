// Settings as plain values, in a module without zod: the default of every setting (hyperlinkSettingsSchema
// in settings.ts takes each field's default from here) and the canonical JSON bound into scan tokens. The
// CLI fills in defaults and the engine hashes settings without loading zod (about 750 KB of JavaScript,
// a measurable share of a `hyperlinker link` run).

import type { HyperlinkSettings } from './settings.ts';

export const SETTINGS_DEFAULTS = {
  preset_id: null,
  refs: true,
  citeStyle: 'auto',
  citeLinkScope: 'author-year',
  citeIncludePages: false,
  figures: 'number',
  tables: 'number',
  equations: 'number',
  sections: 'number',
  algorithms: 'off',
  listings: 'off',
  appendices: 'number',
  supplementary: 'number',
  doi: false,
  crossref: false,
  refTitleLink: false,
  suffixDisambiguationOptIn: false,
  linkColor: '#0077BD',
  xrefLinkColor: '#0077BD',
  urlFont: '',
  bibRewritePartial: false,
  // Identifiers in the text, each linked to its one resolver (issue 21); each kind can be switched off.
  urls: true,
  pmid: true,
  pmcid: true,
  arxiv: true,
  nct: true,
  rrid: true,
  orcid: true,
  handle: true,
} as const;

/** Canonical JSON of settings (sorted keys), the input of the settings hash bound into scan tokens. */
export function canonicalSettings(settings: HyperlinkSettings): string {
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(settings).sort()) sorted[key] = (settings as Record<string, unknown>)[key];
  return JSON.stringify(sorted);
}

/** The languages the setting `languages` pins (lower case), or null when it is absent or "auto" (settings.ts checks it). */
export function pinnedLanguages(settings: HyperlinkSettings): string[] | null {
  const value = settings.languages;
  return Array.isArray(value) ? value.map((v) => v.toLowerCase()) : null;
}

/**
 * The languages whose label words the engine has (server/engine/detect/labels/*.json, in its order), which the
 * setting `languages` may pin; English is read always.
 */
export const LABEL_LANGUAGES = ['pt', 'es', 'fr', 'de', 'it', 'nl', 'pl', 'tr', 'ru', 'zh', 'ja'] as const;
