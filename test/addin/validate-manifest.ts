// Offline validation of manifest.xml: the task-pane manifest XSDs (../shared/schemas/addin-manifest)
// with xmllint, plus checks the schemas cannot express (WordApi 1.3, one https origin for every URL,
// icon files). `npm run validate:manifest [dist/manifest.xml]` checks the dev or the production one.
// `office-addin-manifest validate` posts to a Microsoft service and cannot run offline.
//
// The published XSDs need three mechanical fixes before any validator accepts them; they are applied
// to copies in a temporary directory (the originals are read-only and stay untouched):
//  1. the xs prefix is bound to https://www.w3.org/2001/XMLSchema instead of http://…
//  2. the version pattern uses a lazy quantifier `{0,3}?`, which XSD regular expressions do not have;
//  3. the Mail and Content VersionOverrides schemas they import are not in the set: stubbed as
//     an open element (a task-pane manifest never uses them).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveLocale } from '../../addin/i18n/locale.ts';
import { MESSAGES } from '../../addin/i18n/messages.ts';

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const SCHEMA_DIR = process.env.ADDIN_SCHEMA_DIR ?? resolve(repoRoot, '../shared/schemas/addin-manifest');

const STUBS: Record<string, string> = {
  'MailAppVersionOverridesV1_0.xsd': 'http://schemas.microsoft.com/office/mailappversionoverrides',
  'ContentAppVersionOverridesV1_0.xsd': 'http://schemas.microsoft.com/office/contentappversionoverrides',
};

function stubSchema(ns: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="${ns}" elementFormDefault="qualified">
  <xs:element name="VersionOverrides">
    <xs:complexType>
      <xs:sequence><xs:any processContents="skip" minOccurs="0" maxOccurs="unbounded"/></xs:sequence>
      <xs:anyAttribute processContents="skip"/>
    </xs:complexType>
  </xs:element>
</xs:schema>
`;
}

/** Copies the XSDs to a temporary directory with the fixes above; returns the directory. */
export function preparedSchemas(schemaDir: string = SCHEMA_DIR): string {
  const dir = mkdtempSync(join(tmpdir(), 'addin-xsd-'));
  for (const name of readdirSync(schemaDir).filter((n) => n.endsWith('.xsd'))) {
    const target = join(dir, name);
    copyFileSync(join(schemaDir, name), target);
    chmodSync(target, 0o644);
    const fixed = readFileSync(target, 'utf8')
      .replace(/xmlns:xs="https:\/\/www\.w3\.org\/2001\/XMLSchema"/g, 'xmlns:xs="http://www.w3.org/2001/XMLSchema"')
      .replace(/\{0,3\}\?/g, '{0,3}');
    writeFileSync(target, fixed);
  }
  for (const [name, ns] of Object.entries(STUBS)) {
    if (!existsSync(join(dir, name))) writeFileSync(join(dir, name), stubSchema(ns));
  }
  return dir;
}

export function xmllintPath(): string | null {
  const r = spawnSync('sh', ['-c', 'command -v xmllint'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** The lowest WordApi set the core flow needs (export, search/select, createDocument); newer sets are checked at run time. */
export const MIN_WORD_API = '1.3';

/** The manifest's locales: one per bundled pane locale other than the default (en-US), as Office names them. */
export const MANIFEST_LOCALES = ['de-DE', 'fr-FR', 'es-ES', 'pt-BR', 'ja-JP', 'zh-CN'];

/** Localisable texts (DisplayName, Description, ribbon strings) lacking an Override for a manifest locale, or with one for another. */
export function manifestLocaleProblems(xml: string): string[] {
  const problems: string[] = [];
  const covered = MANIFEST_LOCALES.map((tag) => resolveLocale(tag)).sort();
  const wanted = Object.keys(MESSAGES).filter((l) => l !== 'en').sort();
  if (covered.join() !== wanted.join()) problems.push(`The manifest locales (${MANIFEST_LOCALES.join(', ')}) must answer the pane's locales (${wanted.join(', ')}).`);
  // Elements with a resid point at a bt:String, which is checked itself.
  const elements = [...xml.matchAll(/<(DisplayName|Description|bt:String)\b([^>]*?)(\/>|>([\s\S]*?)<\/\1>)/g)].filter((m) => !m[2]!.includes('resid='));
  if (elements.length === 0) problems.push('No DisplayName, Description or bt:String found.');
  for (const m of elements) {
    const name = m[1] === 'bt:String' ? `bt:String ${/id="([^"]+)"/.exec(m[2]!)?.[1] ?? '?'}` : m[1]!;
    const locales = [...(m[4] ?? '').matchAll(/<(?:bt:)?Override\s+Locale="([^"]+)"\s+Value="([^"]*)"/g)].filter((o) => o[2]!.trim() !== '').map((o) => o[1]!);
    const missing = MANIFEST_LOCALES.filter((l) => !locales.includes(l));
    const extra = locales.filter((l) => !MANIFEST_LOCALES.includes(l));
    if (missing.length) problems.push(`${name} has no override for ${missing.join(', ')}.`);
    if (extra.length) problems.push(`${name} overrides ${extra.join(', ')}, which the pane does not speak.`);
  }
  return problems;
}

/** Checks the XSDs cannot express; `origin` is where every URL must point (the dev or the ADDIN_ORIGIN one). */
export function manifestPolicyProblems(xml: string, root: string = repoRoot, origin = 'https://localhost:3000'): string[] {
  const problems: string[] = manifestLocaleProblems(xml);
  const minVersion = xml.match(/<Set\s+Name="WordApi"\s+MinVersion="([\d.]+)"\s*\/>/)?.[1];
  if (minVersion !== MIN_WORD_API) problems.push(`Requirements must ask for WordApi ${MIN_WORD_API} (the lowest the core flow needs), not ${minVersion ?? 'nothing'}.`);
  if (!/<Host\s+Name="Document"\s*\/>/.test(xml)) problems.push('Hosts must contain Document (Word).');
  if (!xml.includes(`<SourceLocation DefaultValue="${origin}/taskpane.html"/>`)) problems.push(`SourceLocation must be ${origin}/taskpane.html.`);
  if (!xml.includes(`<AppDomain>${origin}</AppDomain>`)) problems.push(`AppDomain must be ${origin}.`);
  if (!/xsi:type="ShowTaskpane"/.test(xml)) problems.push('The ribbon button must open the task pane.');
  for (const m of xml.matchAll(/(?:DefaultValue="|<AppDomain>)(https?:\/\/[^"<]+)/g)) {
    const url = m[1]!;
    if (!url.startsWith(`${origin}/`) && url !== origin) problems.push(`${url} is not on ${origin}.`);
  }
  const escaped = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const m of xml.matchAll(new RegExp(`${escaped}/(assets/[\\w.-]+\\.png)`, 'g'))) {
    if (!existsSync(join(root, m[1]!))) problems.push(`Icon ${m[1]} is referenced but missing.`);
  }
  return problems;
}

/** The origin a manifest points at: its SourceLocation's. */
export function manifestOrigin(xml: string): string | null {
  const src = xml.match(/<SourceLocation DefaultValue="([^"]+)"/)?.[1];
  try {
    return src ? new URL(src).origin : null;
  } catch {
    return null;
  }
}

export interface ManifestValidation {
  ok: boolean;
  output: string;
}

export function validateManifest(manifestPath: string = join(repoRoot, 'manifest.xml')): ManifestValidation {
  const xmllint = xmllintPath();
  if (!xmllint) return { ok: false, output: 'xmllint not found: apt-get install -y libxml2-utils' };
  const dir = preparedSchemas();
  try {
    const r = spawnSync(xmllint, ['--noout', '--nonet', '--schema', join(dir, 'OfficeAppManifestV1_1.xsd'), manifestPath], { encoding: 'utf8' });
    const text = readFileSync(manifestPath, 'utf8');
    const problems = manifestPolicyProblems(text, repoRoot, manifestOrigin(text) ?? 'https://localhost:3000');
    const output = [r.stderr.trim(), ...problems].filter(Boolean).join('\n');
    return { ok: r.status === 0 && problems.length === 0, output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = process.argv[2] ? resolve(process.argv[2]) : join(repoRoot, 'manifest.xml');
  const result = validateManifest(target);
  console.log(result.output);
  console.log(result.ok ? 'manifest is valid' : 'manifest is NOT valid');
  process.exit(result.ok ? 0 : 1);
}
