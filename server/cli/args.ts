// Small argument parsing shared by the CLI commands: positional arguments and --name value flags.

import { readFileSync } from 'node:fs';
import type { HyperlinkSettings } from '../../shared/settings.ts';
import { SETTINGS_DEFAULTS } from '../../shared/settings-values.ts';

export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string | true>;
}

/**
 * Parses `a b --x 1 --flag -o out` into positional and flags; boolean flags have no value. Given `valueFlags`,
 * any other flag is an error naming it (a misspelt `--stlye apa` must not be ignored).
 */
export function parseArgs(args: string[], booleanFlags: string[] = [], aliases: Record<string, string> = {}, valueFlags?: string[]): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  const known = (name: string) => !valueFlags || booleanFlags.includes(name) || valueFlags.includes(name);
  const unknown = (name: string) =>
    new Error(`unknown option --${name} (known: ${[...valueFlags!, ...booleanFlags].map((f) => `--${f}`).join(', ')})`);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const name = aliases[a] ?? (a.startsWith('--') ? a.slice(2) : undefined);
    if (name === undefined) { positional.push(a); continue; }
    const eq = name.indexOf('=');
    if (!known(eq >= 0 ? name.slice(0, eq) : name)) throw unknown(eq >= 0 ? name.slice(0, eq) : name);
    if (eq >= 0) { flags.set(name.slice(0, eq), name.slice(eq + 1)); continue; }
    if (booleanFlags.includes(name)) { flags.set(name, true); continue; }
    const value = args[i + 1];
    if (value === undefined) throw new Error(`option --${name} needs a value`);
    flags.set(name, value);
    i++;
  }
  return { positional, flags };
}

/** --settings takes inline JSON, or @file.json. The schema (zod) is loaded only to check given settings. */
export async function settingsFrom(flags: Map<string, string | true>): Promise<HyperlinkSettings> {
  const raw = flags.get('settings');
  if (raw === undefined || raw === true) return { ...SETTINGS_DEFAULTS };
  const { parseSettingsJson, SettingsError } = await import('../../shared/settings.ts');
  const text = raw.startsWith('@') ? readFileSync(raw.slice(1), 'utf8') : raw;
  try {
    return parseSettingsJson(text);
  } catch (err) {
    if (err instanceof SettingsError && err.field === 'settings') throw new Error("--settings is not valid JSON (give a JSON object inline, or @file.json)");
    throw err;
  }
}

/** Reads the input document with a clear message when it is missing or not a file. */
export function readInput(path: string | undefined): Uint8Array {
  if (!path) throw new Error('no input file given');
  try {
    return readFileSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`cannot read '${path}': no such file`);
    if (code === 'EISDIR') throw new Error(`cannot read '${path}': it is a directory`);
    throw new Error(`cannot read '${path}': ${code ?? 'read error'}`);
  }
}
