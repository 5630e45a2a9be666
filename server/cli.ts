// `npx hyperlinker <command>`: dispatches to one module per command group under server/cli/.
// Each command returns an exit code; errors are printed as one clear line on stderr: exit 2 for a usage error
// (UsageError, server/cli/args.ts), 1 for a failure.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliCommand } from './cli/command.ts';
import { UsageError } from './cli/args.ts';

const commands: Record<string, () => Promise<CliCommand>> = {
  scan: async () => (await import('./cli/scan.ts')).scanCommand,
  link: async () => (await import('./cli/link.ts')).linkCommand,
  resolve: async () => (await import('./cli/resolve.ts')).resolveCommand,
  check: async () => (await import('./cli/check.ts')).checkCommand,
  user: async () => (await import('./cli/accounts.ts')).userCommand,
  org: async () => (await import('./cli/accounts.ts')).orgCommand,
};

function usage(): string {
  return [
    'usage: hyperlinker <command> [options]',
    '  scan FILE.docx [--settings JSON] [--compact] [--no-style]',
    '                                                   print the ScanPacket of a manuscript (--compact: one line;',
    '                                                   --no-style: without citation-style detection, faster)',
    '  link FILE.docx -o OUT.docx [--settings JSON] [--resolve [--no-cache]] [--style ID | --csl FILE.csl [--no-resolve]] [--json] [--quiet]',
    '                                                   link every ready match (and, with --resolve, every',
    '                                                   reference Crossref resolves; with --style/--csl, rewrite the references in a CSL style,',
    '                                                   resolving first when a registry is set unless --no-resolve) and write OUT.docx;',
    '                                                   a summary on stderr, the ApplyResult on stdout with --json',
    '  link FILE.docx|DIR|\'GLOB\'... --out-dir DIR [--jobs N] [same options]',
    '                                                   link a batch into DIR, up to the cores at once (one at a time with --resolve):',
    '                                                   one line per file, a closing table; exit 1 if any file failed',
    '  resolve FILE.docx [--settings JSON] [--no-cache] [--json [--compact]] [--quiet]',
    '                                                   find each reference\'s DOI through Crossref (CROSSREF_API_URL,',
    '                                                   CROSSREF_MAILTO); a progress bar and a summary on stderr, the ResolverReport with --json',
    '  check FILE.docx... [--settings JSON] [--resolve [--no-cache]] [--json] [--fail-on error|warning|note|never]',
    '                                                   report what a journal would return the manuscript for (citations',
    '                                                   without entries, uncited entries, figures out of order…; docs/checks.md);',
    '                                                   exit 1 when a finding reaches --fail-on (default error)',
    '  user add --email E --password P [--name N] [--org SLUG] [--role owner|manager|member] [--admin] [--credits N] [--plan free|pro|team]',
    '  org set --org SLUG [--credits N] [--plan free|pro|team] [--members-enabled true|false]',
    '  --version                                        print the version',
    '',
    'Colour only on a terminal and never with NO_COLOR. Exit codes: 0 done, 1 a failure (a file that cannot be read,',
    'linked or written, a database or registry error), 2 a usage error (unknown command or option, missing value).',
  ].join('\n');
}

/** The version in the package's package.json (the nearest one above this module, from source or from dist). */
function version(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
    if (dirname(dir) === dir) return 'unknown';
  }
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(usage());
    return name ? 0 : 2;
  }
  if (name === '--version' || name === '-V') {
    console.log(`hyperlinker ${version()}`);
    return 0;
  }
  const load = commands[name];
  if (!load) {
    console.error(`hyperlinker: unknown command '${name}'\n${usage()}`);
    return 2;
  }
  try {
    return await (await load()).run(rest);
  } catch (err) {
    console.error(`hyperlinker ${name}: ${err instanceof Error ? err.message : String(err)}`);
    return err instanceof UsageError ? 2 : 1;
  }
}
