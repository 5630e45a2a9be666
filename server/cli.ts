// `npx hyperlinker <command>`: dispatches to one module per command group under server/cli/.
// Each command returns an exit code; errors are printed as one clear line on stderr.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliCommand } from './cli/command.ts';

const commands: Record<string, () => Promise<CliCommand>> = {
  scan: async () => (await import('./cli/scan.ts')).scanCommand,
  link: async () => (await import('./cli/link.ts')).linkCommand,
  resolve: async () => (await import('./cli/resolve.ts')).resolveCommand,
  user: async () => (await import('./cli/accounts.ts')).userCommand,
  org: async () => (await import('./cli/accounts.ts')).orgCommand,
};

function usage(): string {
  return [
    'usage: hyperlinker <command> [options]',
    '  scan FILE.docx [--settings JSON] [--compact] [--no-style]',
    '                                                   print the ScanPacket of a manuscript (--compact: one line;',
    '                                                   --no-style: without citation-style detection, faster)',
    '  link FILE.docx -o OUT.docx [--settings JSON] [--resolve [--no-cache]] [--style ID | --csl FILE.csl]',
    '                                                   link every ready match (and, with --resolve, every',
    '                                                   reference Crossref resolves; with --style/--csl, rewrite the references in a CSL style) and write OUT.docx',
    '  resolve FILE.docx [--settings JSON] [--no-cache] [--compact]',
    '                                                   find each reference\'s DOI through Crossref',
    '                                                   (CROSSREF_API_URL, CROSSREF_MAILTO); print the ResolverReport',
    '  user add --email E --password P [--name N] [--org SLUG] [--role owner|manager|member] [--admin] [--credits N] [--plan free|pro|team]',
    '  org set --org SLUG [--credits N] [--plan free|pro|team] [--members-enabled true|false]',
    '  --version                                        print the version',
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
    return 1;
  }
}
