// Argument reading shared by every CLI command: one parser (node:util parseArgs, strict), one error class for
// usage mistakes, --settings inline or from a file, and the input file read with clear messages.
// Exit codes (server/cli.ts): 2 for a usage error (UsageError: unknown option, missing value, wrong arguments),
// 1 for a failure (a file that cannot be read or linked, a database or registry error).

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { HyperlinkSettings } from '../../shared/settings.ts';
import { SETTINGS_DEFAULTS } from '../../shared/settings-values.ts';

/** A mistake in how the command was called: the CLI prints it and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** A string option given several times keeps every value (`--org a --org b`). */
  multiple?: boolean;
}

export type OptionSpecs = Record<string, OptionSpec>;

type ValueOf<S extends OptionSpec> = S['type'] extends 'boolean' ? boolean : S['multiple'] extends true ? string[] : string;

export interface ParsedCommand<S extends OptionSpecs> {
  positional: string[];
  values: { [K in keyof S]?: ValueOf<S[K]> };
}

function optionList(options: OptionSpecs): string {
  return Object.keys(options).map((o) => `--${o}`).join(', ');
}

/**
 * Reads `args` against the command's options: positional arguments anywhere, `--name value`, `--name=value`,
 * boolean flags, short aliases. Any unknown option, or an option missing its value, is a UsageError naming it
 * (a misspelt `--stlye apa` must never be ignored).
 */
export function parseCommandArgs<S extends OptionSpecs>(args: string[], options: S): ParsedCommand<S> {
  try {
    const { values, positionals } = parseArgs({ args, options, strict: true, allowPositionals: true });
    return { positional: positionals, values };
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    const message = err instanceof Error ? err.message : String(err);
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const name = /'(-{1,2}[^'\s=]+)/.exec(message)?.[1] ?? 'option';
      throw new UsageError(`unknown option ${name} (known: ${optionList(options)})`);
    }
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      const name = /--([a-z][a-z-]*)/.exec(message)?.[1];
      const spec = name ? options[name] : undefined;
      if (name && spec?.type === 'boolean') throw new UsageError(`option --${name} takes no value`);
      throw new UsageError(name ? `option --${name} needs a value` : message);
    }
    throw new UsageError(message);
  }
}

/** --settings takes inline JSON, or @file.json. The schema (zod) is loaded only to check given settings. */
export async function settingsFrom(raw: string | undefined): Promise<HyperlinkSettings> {
  if (raw === undefined) return { ...SETTINGS_DEFAULTS };
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
  if (!path) throw new UsageError('no input file given');
  try {
    return readFileSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`cannot read '${path}': no such file`);
    if (code === 'EISDIR') throw new Error(`cannot read '${path}': it is a directory`);
    throw new Error(`cannot read '${path}': ${code ?? 'read error'}`);
  }
}
