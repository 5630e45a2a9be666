// The one way a bench reads its command line: the CLI's parser (server/cli/args.ts: node:util parseArgs,
// strict, so a misspelt option is an error and never ignored), `--help` printing the bench's header comment,
// and the CLI's exit-code rule (2 for a usage error). Numbers and comma lists are read here too, each with a
// message naming the option.
import { readFileSync } from 'node:fs';
import { parseCommandArgs, UsageError, type OptionSpecs, type ParsedCommand } from '../../server/cli/args.ts';

export { UsageError };

const HELP = { help: { type: 'boolean', short: 'h' } } as const;
type WithHelp<S extends OptionSpecs> = S & typeof HELP;

export interface BenchArgOptions {
  /** String options that may also stand alone: the value they take then (`--errors` alone is `--errors 15`). */
  bare?: Record<string, string>;
}

/** Reads `argv` against the bench's options (plus --help/-h); throws UsageError. */
function readBenchArgs<S extends OptionSpecs>(argv: string[], options: S, extra: BenchArgOptions = {}): ParsedCommand<WithHelp<S>> {
  const args: string[] = [];
  argv.forEach((arg, i) => {
    args.push(arg);
    const name = arg.startsWith('--') ? arg.slice(2) : null;
    const bare = name !== null ? extra.bare?.[name] : undefined;
    const next = argv[i + 1];
    if (bare !== undefined && (next === undefined || next.startsWith('-'))) args.push(bare);
  });
  return parseCommandArgs(args, { ...options, ...HELP });
}

/**
 * A bench's command line: its options read and turned into the bench's settings by `interpret` (which may
 * throw UsageError, as numberArg and rangeArg do), `--help` answered with the leading `//` comment of `script`
 * (the bench's own header: pass `import.meta.url`), a usage error printed and the process ended with code 2.
 */
export function benchArgs<S extends OptionSpecs, T>(
  script: string,
  options: S,
  interpret: (parsed: ParsedCommand<WithHelp<S>>) => T,
  extra: BenchArgOptions = {},
  argv = process.argv.slice(2),
): T {
  try {
    const parsed = readBenchArgs(argv, options, extra);
    if (parsed.values.help) {
      console.log(headerOf(readFileSync(new URL(script), 'utf8')));
      process.exit(0);
    }
    return interpret(parsed);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`${err.message} (--help lists the options)`);
    process.exit(2);
  }
}

/** The leading comment of a source file, without its `// ` marks. */
function headerOf(source: string): string {
  const lines: string[] = [];
  for (const line of source.split('\n')) {
    if (!line.startsWith('//')) break;
    lines.push(line.replace(/^\/\/ ?/, ''));
  }
  return lines.join('\n');
}

/** `--name N`: a finite number, `fallback` when not given. */
export function numberArg(value: string | undefined, name: string, fallback: number): number;
export function numberArg(value: string | undefined, name: string, fallback?: undefined): number | undefined;
export function numberArg(value: string | undefined, name: string, fallback?: number): number | undefined {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) throw new UsageError(`--${name} takes a number, not '${value}'`);
  return n;
}

/** `--name a,b,c`: the non-empty items, trimmed; [] when not given. */
export function listArg(value: string | undefined): string[] {
  return (value ?? '').split(',').map((x) => x.trim()).filter(Boolean);
}

/** `--name MIN,MAX`: two numbers, `fallback` when not given. */
export function rangeArg(value: string | undefined, name: string, fallback: [number, number]): [number, number] {
  if (value === undefined) return fallback;
  const parts = listArg(value).map((v) => numberArg(v, name));
  if (parts.length !== 2) throw new UsageError(`--${name} takes MIN,MAX, not '${value}'`);
  return [parts[0]!, parts[1]!];
}
