// Former layouts: detection-only profiles of widely used styles whose layout changed after reference
// managers had written it into many manuscripts still being submitted (BioMed Central before 2019; PLOS before 2015;
// the Mendeley/Zotero "harvard3" Harvard; Chicago author-date 16th edition; MLA 7th edition; AIP
// without article titles). Each is a CSL file written for Hyperlinker, adapted from a
// vendored style (CC BY-SA 3.0; attribution in the file and in NOTICE), stored apart from the
// vendored unchanged styles in server/citation-style/former-layouts/. Detection renders them like the bundled
// styles and answers the CURRENT id each stands for; they are never offered to rewrite a list (the
// answer may be a style that is not bundled at all, as harvard-swinburne-university-of-technology).
// This module reads files; the engine never imports it.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { CitationFamily } from '../csl/catalog.ts';

/** server/citation-style from source; from the compiled bundle (dist/server/*.js) the repository's server/citation-style. */
const HERE = fileURLToPath(new URL('.', import.meta.url));
const DIR = existsSync(join(HERE, 'former-layouts')) ? join(HERE, 'former-layouts') : join(HERE, '..', '..', 'server', 'citation-style', 'former-layouts');

export interface FormerLayout {
  /** The profile's id (its file name without .csl). */
  id: string;
  /** The current CSL id detection answers when this layout matches. */
  answers: string;
  /** The lists it competes in (an MLA profile, CSL category "author", among the author-date lists). */
  family: Extract<CitationFamily, 'numeric' | 'author-date'>;
  /** What the layout is, for the evidence. */
  description: string;
}

const FORMER_LAYOUTS: readonly FormerLayout[] = [
  {
    id: 'biomed-central-2018',
    answers: 'biomed-central',
    family: 'numeric',
    description: 'the BioMed Central layout before 2019 ("Surname AB: Title. Journal 2007, 2:357–376.")',
  },
  {
    id: 'plos-2014',
    answers: 'plos',
    family: 'numeric',
    description: 'the PLOS layout before 2015 ("Surname AB, Surname CD (1999) Title. Journal 61: 1093–1120.")',
  },
  {
    id: 'harvard3-2018',
    answers: 'harvard-swinburne-university-of-technology',
    family: 'author-date',
    description: 'the reference-manager Harvard layout of harvard3 ("Surname, I. & Surname, I., 2015. Title. Journal, 18(4), pp.317–335.")',
  },
  {
    id: 'chicago-author-date-16th',
    answers: 'chicago-author-date',
    family: 'author-date',
    description: 'the Chicago 16th edition author-date layout ("Surname, Given, and Given Surname. 2011. “Title.” Journal 478 (7369) (October): 349–355.")',
  },
  {
    id: 'modern-language-association-7th',
    answers: 'modern-language-association',
    family: 'author-date',
    description: 'the MLA 7th edition layout ("Surname, Given, and Given Surname. “Title.” Journal 4.4 (1969): 543–556.")',
  },
  {
    id: 'american-institute-of-physics-2018',
    answers: 'american-institute-of-physics',
    family: 'numeric',
    description: 'the AIP layout without article titles ("R.M. Busch, R.R. West, and H.B. Rollins, Geology 15, 276 (1987).")',
  },
];

/** Prefix of a former layout's id among the styles detection scores (bundled ids have none). */
const FORMER_PREFIX = 'former:';

const byKey = new Map(FORMER_LAYOUTS.map((f) => [`${FORMER_PREFIX}${f.id}`, f]));
const xmlCache = new Map<string, string>();

/** The former layout a scored id names ("former:ID"), or null for a bundled style id. */
export function formerLayout(key: string): FormerLayout | null {
  return byKey.get(key) ?? null;
}

/** Scored ids of every former layout ("former:ID"). */
export function formerLayoutKeys(): string[] {
  return [...byKey.keys()];
}

/** The CSL XML of a former layout (by its scored id "former:ID"). */
export function formerLayoutXml(key: string): string {
  const f = formerLayout(key);
  if (!f) throw new Error(`no former layout '${key}'`);
  const cached = xmlCache.get(f.id);
  if (cached) return cached;
  const xml = readFileSync(join(DIR, `${f.id}.csl`), 'utf8');
  xmlCache.set(f.id, xml);
  return xml;
}
