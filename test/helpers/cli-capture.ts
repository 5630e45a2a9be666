// Runs the CLI's main() in this process and captures the command's own text on stdout and stderr.
// Only string writes are captured: the test runner reports through stdout in binary chunks.
import { main } from '../../server/cli.ts';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

export async function runCli(argv: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const w1 = process.stdout.write.bind(process.stdout);
  const w2 = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((s: string | Uint8Array, ...rest: never[]) => (typeof s === 'string' ? (out.push(s), true) : w1(s, ...rest)));
  process.stderr.write = ((s: string | Uint8Array, ...rest: never[]) => (typeof s === 'string' ? (err.push(s), true) : w2(s, ...rest)));
  try {
    const code = await main(argv);
    return { code, out: out.join(''), err: err.join('') };
  } finally {
    process.stdout.write = w1;
    process.stderr.write = w2;
  }
}
