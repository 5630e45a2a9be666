// Style profiles: each candidate style (bundled, and the former layouts) rendered once on the probe works
// (probes.ts) and kept as templates (template.ts), so a scan compares templates and renders nothing.
// Profiles are built on first use and kept on disk, one file per set of styles and probes: its name is a
// hash of PROFILE_VERSION, the probes and every style's XML, so an edited style or a changed probe is a
// new file (versioned), and older files are removed when a new one is written (bounded: profile-files.ts).
// The directory is $STYLE_PROFILE_DIR, else $XDG_CACHE_HOME/hyperlinker/style-profiles, else
// ~/.cache/hyperlinker/style-profiles; a directory that cannot be written only means profiles are built again
// by the next process.

import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { pruneProfiles } from './profile-files.ts';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { bundledStyles, bundledStyleXml } from '../csl/catalog.ts';
import { Renderer, type RenderedEntry } from '../csl/render.ts';
import { formerLayout, formerLayoutKeys, formerLayoutXml } from './former-layouts.ts';
import { stripTrailer } from '../references/fields.ts';
import { labelFormOf, type LabelForm } from './entry.ts';
import { givenAsInitials, probeBatches, probes, PROBE_CONTAINER, PROBE_BOOK, PROBE_FIRST_PAGE, PROBE_ISSUE, PROBE_TITLE, PROBE_VOLUME, type Probe } from './probes.ts';
import { templateOf } from './template.ts';
import type { RecordField, TextSpan } from '../references/record.ts';
import { normaliseEntry } from './similarity.ts';
import { STYLE_DETECTOR_VERSION } from './version.ts';

/** Bump when what is kept changes (labels, templates: template.ts, probes.ts) or server/csl renders
 * differently. The file name also changes with STYLE_DETECTOR_VERSION and citeproc's version. */
const PROFILE_VERSION = 'p3';

/** What is rendered: per probe (probes() order) the body as rendered and the label form. */
interface RenderedProfile {
  /** The scored id: a bundled id, or a former layout's "former:ID". */
  key: string;
  numeric: boolean;
  texts: string[];
  labels: LabelForm[];
}

/** A profile as compared and kept on disk: labels and templates, no rendered text (loading is parsing JSON). */
export interface StyleProfile {
  key: string;
  numeric: boolean;
  labels: LabelForm[];
  /** Per probe: its template as rendered, and with the given names as initials when the style printed them in full. */
  templates: string[][];
}

/** The file: each distinct template once (styles share most of them), profiles pointing into that table. */
interface ProfileFile {
  version: string;
  strings: string[];
  profiles: Array<Omit<StyleProfile, 'templates'> & { templates: number[][] }>;
}

const INLINE_LABEL = /^(\[\d{1,4}\]|\(\d{1,4}\)|\d{1,4}\.?)\s+/;

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Where the probe's fields stand in its rendering (lower-cased search: styles change case). */
function probeSpans(text: string, probe: Probe): Partial<Record<RecordField, TextSpan>> {
  const t = text.toLowerCase();
  const spans: Partial<Record<RecordField, TextSpan>> = {};
  const families = (probe.item.author ?? []).map((a) => (a.family ?? '').toLowerCase());
  const a0 = families.length ? t.indexOf(families[0]!) : -1;
  if (a0 >= 0) {
    let end = a0 + families[0]!.length;
    let from = end;
    for (const f of families.slice(1)) {
      const at = t.indexOf(f, from);
      if (at < 0) continue;
      end = at + f.length;
      from = end;
    }
    spans.author = { start: a0, end };
  }
  const find = (needle: string, from = 0): TextSpan | null => {
    const at = t.indexOf(needle.toLowerCase(), from);
    return at >= 0 ? { start: at, end: at + needle.length } : null;
  };
  const title = find(PROBE_TITLE);
  if (title) spans.title = title;
  const container = find(probe.kind === 'chapter' ? PROBE_BOOK : PROBE_CONTAINER);
  if (container && probe.item['container-title']) spans['container-title'] = container;
  const year = String((probe.item.issued as { 'date-parts': number[][] })['date-parts'][0]![0]);
  const y = find(year);
  if (y) spans.issued = y;
  const word = (value: string, from: number): TextSpan | null => {
    const m = new RegExp(`(?<![\\d.])${escape(value)}(?!\\d)`, 'g');
    m.lastIndex = from;
    const hit = m.exec(t);
    return hit ? { start: hit.index, end: hit.index + value.length } : null;
  };
  const after = container?.end ?? title?.end ?? 0;
  const v = probe.item.volume ? word(PROBE_VOLUME, after) : null;
  if (v) spans.volume = v;
  const n = probe.item.issue ? word(PROBE_ISSUE, v?.end ?? after) : null;
  if (n) spans.issue = n;
  const p = probe.item.page ? word(PROBE_FIRST_PAGE, 0) : null;
  if (p) spans.page = p;
  return spans;
}

/** A rendered entry's label and body: a numeric style that prints its number inside the entry (AIP) too. */
export function labelAndBody(r: RenderedEntry, numeric: boolean): { label: string; text: string } {
  if (r.label || !numeric) return { label: r.label, text: r.text };
  const m = INLINE_LABEL.exec(r.text);
  return m ? { label: m[1]!, text: r.text.slice(m[0].length) } : { label: '', text: r.text };
}

/** Renders the probes in one style. Null when the style cannot render them. */
function buildProfile(key: string, xml: string, numeric: boolean): RenderedProfile | null {
  let renderer: Renderer;
  try {
    renderer = new Renderer(xml);
  } catch {
    return null;
  }
  const texts: string[] = [];
  const labels: LabelForm[] = [];
  const rendered = new Map<string, RenderedEntry>();
  try {
    for (const batch of probeBatches()) for (const [id, r] of renderer.render(batch)) rendered.set(id, r);
  } catch {
    return null;
  }
  for (const p of probes()) {
    const r = rendered.get(p.id);
    if (!r) {
      texts.push('');
      labels.push('none');
      continue;
    }
    const { label, text } = labelAndBody(r, numeric);
    texts.push(stripTrailer(normaliseEntry(text)));
    labels.push(labelFormOf(label));
  }
  return { key, numeric, texts, labels };
}

/** A rendered profile with its templates. */
function withTemplates(p: RenderedProfile): StyleProfile {
  const all = probes();
  return {
    key: p.key,
    numeric: p.numeric,
    labels: p.labels,
    templates: p.texts.map((t, i) => {
      if (!t) return [];
      const probe = all[i]!;
      const initials = givenAsInitials(t, probe);
      const out = [templateOf(t, probeSpans(t, probe))];
      if (initials !== t) out.push(templateOf(initials, probeSpans(initials, probe)));
      return out;
    }),
  };
}

interface Source {
  key: string;
  xml: () => string;
  numeric: boolean;
}

/** Every candidate style detection scores: the bundled styles, then the former layouts. */
function sources(): Source[] {
  const out: Source[] = [];
  for (const s of bundledStyles().values()) out.push({ key: s.id, xml: () => bundledStyleXml(s.id), numeric: s.family === 'numeric' });
  for (const k of formerLayoutKeys()) out.push({ key: k, xml: () => formerLayoutXml(k), numeric: formerLayout(k)!.family === 'numeric' });
  return out;
}

function profileDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.STYLE_PROFILE_DIR) return env.STYLE_PROFILE_DIR;
  const base = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.startsWith('/') ? env.XDG_CACHE_HOME : join(homedir(), '.cache');
  return join(base, 'hyperlinker', 'style-profiles');
}

/** citeproc-js's version: a new citeproc may render the probes differently. */
function citeprocVersion(): string {
  try {
    return (createRequire(import.meta.url)('citeproc/package.json') as { version?: string }).version ?? '';
  } catch {
    return '';
  }
}

/** The hash naming the profile file: the versions (profiles, detector, citeproc), the probes and every style's key and XML. */
function profileHash(list: Source[]): string {
  const h = createHash('sha256').update(PROFILE_VERSION).update(STYLE_DETECTOR_VERSION).update(citeprocVersion()).update(JSON.stringify(probes().map((p) => p.item)));
  for (const s of list) h.update('\0').update(s.key).update('\0').update(s.xml());
  return h.digest('hex').slice(0, 24);
}

let loaded: Map<string, StyleProfile> | null = null;

function readCached(file: string): Map<string, StyleProfile> | null {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as ProfileFile;
    if (data.version !== PROFILE_VERSION || !Array.isArray(data.profiles) || !Array.isArray(data.strings)) return null;
    const strings = data.strings;
    return new Map(data.profiles.map((p) => [p.key, { ...p, templates: p.templates.map((ts) => ts.map((k) => strings[k] ?? '')) }]));
  } catch {
    return null;
  }
}

function writeCached(dir: string, file: string, profiles: StyleProfile[]): void {
  try {
    mkdirSync(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    const index = new Map<string, number>();
    const strings: string[] = [];
    const at = (t: string): number => {
      let k = index.get(t);
      if (k === undefined) {
        k = strings.length;
        strings.push(t);
        index.set(t, k);
      }
      return k;
    };
    const data: ProfileFile = { version: PROFILE_VERSION, strings, profiles: profiles.map((p) => ({ ...p, templates: p.templates.map((ts) => ts.map(at)) })) };
    writeFileSync(tmp, JSON.stringify(data));
    renameSync(tmp, file);
    pruneProfiles(dir, file);
  } catch {
    // an unwritable cache only costs the next process a rebuild
  }
}

/** Every profile, from memory, else from the disk cache, else rendered now (and written to the cache). */
export function styleProfiles(env: NodeJS.ProcessEnv = process.env): Map<string, StyleProfile> {
  if (loaded) return loaded;
  const list = sources();
  const dir = profileDir(env);
  const file = join(dir, `profiles-${profileHash(list)}.json`);
  const hit = readCached(file);
  if (hit) {
    loaded = hit;
    return hit;
  }
  const built = list.map((s) => buildProfile(s.key, s.xml(), s.numeric)).filter((p): p is RenderedProfile => p !== null).map(withTemplates);
  writeCached(dir, file, built);
  loaded = new Map(built.map((p) => [p.key, p]));
  return loaded;
}
