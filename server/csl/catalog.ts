// The bundled CSL styles and locales (copied unchanged from the CSL repositories, CC BY-SA 3.0; see
// server/csl/NOTICE) and style id resolution: a current id, a renamed (old) id, or a journal's
// dependent id resolve to a bundled independent style. Files are read lazily and kept in memory.
// This module does file I/O; the engine never imports it (styles are passed into the engine).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** server/csl from source; from the compiled bundle (dist/server/*.js) the repository's server/csl. */
const HERE = fileURLToPath(new URL('.', import.meta.url));
const ROOT = existsSync(join(HERE, 'styles')) ? HERE : join(HERE, '..', '..', 'server', 'csl');
const STYLES_DIR = join(ROOT, 'styles');
const LOCALES_DIR = join(ROOT, 'locales');

export type CitationFamily = 'numeric' | 'author-date' | 'note' | 'label' | 'author';

export interface StyleInfo {
  id: string;
  title: string;
  family: CitationFamily;
}

export interface CslStyle {
  /** A key for caching: "bundled:ID" or "upload:SHA256". */
  key: string;
  /** The style's own id (bundled id, or the upload's <id> without the zotero.org prefix). */
  id: string;
  title: string;
  family: CitationFamily;
  xml: string;
}

export interface ResolvedStyleId {
  /** The bundled independent style that renders it. */
  id: string;
  /** How the asked id was resolved. */
  via: 'current' | 'renamed' | 'dependent';
  /** The asked id, or the current id a renamed one maps to. */
  requested: string;
  /** Journal title for a dependent style. */
  journal?: string;
}

let catalog: Map<string, StyleInfo> | null = null;
const xmlCache = new Map<string, string>();
const localeCache = new Map<string, string | false>();
let renamed: Record<string, string> | null = null;
let dependents: Record<string, { parent: string; title: string }> | null = null;

function attr(xml: string, pattern: RegExp): string | null {
  const m = pattern.exec(xml);
  return m ? m[1] : null;
}

/** Title and citation format of a style's XML (first <title>, <category citation-format>). */
export function styleHeader(xml: string): { title: string; family: CitationFamily | null } {
  const title = attr(xml, /<title>([^<]*)<\/title>/) ?? '';
  const family = attr(xml, /<category\s+citation-format="([a-z-]+)"/) as CitationFamily | null;
  return { title: title.replace(/&amp;/g, '&').trim(), family };
}

/** Every bundled style, by id. */
export function bundledStyles(): Map<string, StyleInfo> {
  if (catalog) return catalog;
  const out = new Map<string, StyleInfo>();
  for (const name of readdirSync(STYLES_DIR).sort()) {
    if (!name.endsWith('.csl')) continue;
    const id = name.slice(0, -4);
    const head = styleHeader(readFileSync(join(STYLES_DIR, name), 'utf8').slice(0, 4000));
    out.set(id, { id, title: head.title || id, family: head.family ?? 'author-date' });
  }
  catalog = out;
  return out;
}

function renamedMap(): Record<string, string> {
  renamed ??= JSON.parse(readFileSync(join(ROOT, 'renamed-styles.json'), 'utf8')) as Record<string, string>;
  return renamed;
}

function dependentMap(): Record<string, { parent: string; title: string }> {
  dependents ??= JSON.parse(readFileSync(join(ROOT, 'dependents.json'), 'utf8')) as Record<string, { parent: string; title: string }>;
  return dependents;
}

/** A style id as a user may write it: the bare id, or a zotero.org style URL. */
function bareId(id: string): string {
  return id.trim().replace(/^https?:\/\/www\.zotero\.org\/styles\//, '').replace(/\.csl$/, '').toLowerCase();
}

/** Resolves a current, renamed or dependent style id to a bundled style; null when none renders it. */
export function resolveStyleId(asked: string): ResolvedStyleId | null {
  const id = bareId(asked);
  if (!/^[a-z0-9][a-z0-9-]{0,199}$/.test(id)) return null;
  const styles = bundledStyles();
  if (styles.has(id)) return { id, via: 'current', requested: id };
  const current = renamedMap()[id];
  if (current) {
    if (styles.has(current)) return { id: current, via: 'renamed', requested: current };
    const dep = dependentMap()[current];
    if (dep && styles.has(dep.parent)) return { id: dep.parent, via: 'renamed', requested: current, journal: dep.title };
    return null;
  }
  const dep = dependentMap()[id];
  if (dep && styles.has(dep.parent)) return { id: dep.parent, via: 'dependent', requested: id, journal: dep.title };
  return null;
}

let knownIds: Set<string> | null = null;

/**
 * True when the id names a style of the CSL styles repository that Hyperlinker knows of, bundled or not:
 * a bundled, renamed or dependent id, or a current id that a renamed id or a dependent points to
 * (harvard-swinburne-university-of-technology, the current id of harvard3, is known but not bundled).
 */
export function knownStyleId(asked: string): boolean {
  if (resolveStyleId(asked)) return true;
  if (!knownIds) {
    knownIds = new Set([...Object.keys(renamedMap()), ...Object.values(renamedMap()), ...Object.keys(dependentMap()), ...Object.values(dependentMap()).map((d) => d.parent)]);
  }
  const id = bareId(asked);
  return knownIds.has(id) || knownIds.has(currentStyleId(id));
}

/** The current id of any known id (renamed ids mapped), or the id itself. */
export function currentStyleId(asked: string): string {
  const id = bareId(asked);
  return renamedMap()[id] ?? id;
}

/** The XML of a bundled style (by bundled id, see resolveStyleId). */
export function bundledStyleXml(id: string): string {
  const cached = xmlCache.get(id);
  if (cached) return cached;
  if (!bundledStyles().has(id)) throw new Error(`no bundled CSL style '${id}'`);
  const xml = readFileSync(join(STYLES_DIR, `${id}.csl`), 'utf8');
  xmlCache.set(id, xml);
  return xml;
}

/** citeproc's retrieveLocale: the bundled locale XML, or false for a locale not bundled. */
export function bundledLocale(lang: string): string | false {
  const cached = localeCache.get(lang);
  if (cached !== undefined) return cached;
  let xml: string | false = false;
  if (/^[a-z]{2,3}(-[A-Z]{2})?$/.test(lang)) {
    const p = join(LOCALES_DIR, `locales-${lang}.xml`);
    if (existsSync(p)) xml = readFileSync(p, 'utf8');
  }
  localeCache.set(lang, xml);
  return xml;
}

/** A bundled style by any id (current, renamed, dependent); null when none renders it. */
export function loadBundledStyle(asked: string): (CslStyle & { resolved: ResolvedStyleId }) | null {
  const resolved = resolveStyleId(asked);
  if (!resolved) return null;
  const info = bundledStyles().get(resolved.id)!;
  return { key: `bundled:${info.id}`, id: info.id, title: info.title, family: info.family, xml: bundledStyleXml(info.id), resolved };
}

let dependentCounts: Map<string, number> | null = null;

/** How many journal styles depend on a bundled style (its reach; a prior among equal renderings). */
export function dependentCount(id: string): number {
  if (!dependentCounts) {
    dependentCounts = new Map();
    for (const d of Object.values(dependentMap())) dependentCounts.set(d.parent, (dependentCounts.get(d.parent) ?? 0) + 1);
  }
  return dependentCounts.get(id) ?? 0;
}

const templates = new Map<string, string | null>();

/**
 * The bundled style a style was adapted from: its `<link rel="template">` (an edition suffix such as
 * "-17th-edition" dropped, renamed ids mapped to their current id), or null when that is not bundled.
 */
export function templateOf(id: string): string | null {
  if (templates.has(id)) return templates.get(id)!;
  let out: string | null = null;
  if (bundledStyles().has(id)) {
    const href = attr(bundledStyleXml(id).slice(0, 6000), /<link\s+href="https?:\/\/www\.zotero\.org\/styles\/([^"]+)"\s+rel="template"/);
    if (href) {
      const base = currentStyleId(href.replace(/-\d+(?:st|nd|rd|th)-edition$/, ''));
      if (base !== id && bundledStyles().has(base)) out = base;
    }
  }
  templates.set(id, out);
  return out;
}
