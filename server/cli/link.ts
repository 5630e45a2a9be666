// `hyperlinker link FILE.docx -o OUT.docx [--settings JSON|@file]`: scan, approve every ready match,
// write the linked document atomically (temp file + rename), print the ApplyResult without docx.

import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { CliCommand } from './command.ts';
import { direct } from '../engine/index.ts';
import { parseArgs, readInput, settingsFrom } from './args.ts';
import { resolveManuscript, warningsOf } from './resolve.ts';
import type { ResolvedWork } from '../../shared/contract.ts';

const USAGE = 'usage: hyperlinker link FILE.docx -o OUT.docx [--settings JSON] [--resolve [--no-cache]]';

/** Writes bytes to a temp file next to `path`, then renames it into place: never a half-written output. */
export function writeAtomically(path: string, bytes: Uint8Array): void {
  const target = resolve(path);
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.${Date.now()}.tmp`);
  try {
    const fd = openSync(tmp, 'wx');
    try {
      let off = 0;
      while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, target);
  } catch (err) {
    rmSync(tmp, { force: true });
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(`cannot write '${path}': ${code ?? (err instanceof Error ? err.message : 'write error')}`);
  }
}

export const linkCommand: CliCommand = {
  summary: 'link every ready match and write OUT.docx',
  async run(args) {
    const { positional, flags } = parseArgs(args, ['resolve', 'no-cache'], { '-o': 'output' });
    const out = flags.get('output') ?? flags.get('out');
    if (positional.length !== 1 || typeof out !== 'string') throw new Error(USAGE);
    if (resolve(out) === resolve(positional[0]!)) throw new Error('the output must not overwrite the input');
    let settings = settingsFrom(flags);
    const bytes = readInput(positional[0]);
    let resolvedWorks: Record<string, ResolvedWork> | undefined;
    let resolverReport: { resolved: number; reviewRequired: number; unresolved: number } | undefined;
    if (flags.has('resolve')) {
      // Resolve, then link the ready works only (a written DOI that names another work is never replaced unreviewed).
      settings = { ...settings, doi: true, crossref: true };
      const report = await resolveManuscript(bytes, settings, { noCache: flags.has('no-cache') });
      for (const w of warningsOf(report)) process.stderr.write(`hyperlinker link: ${w}\n`);
      resolvedWorks = Object.fromEntries(Object.entries(report.resolvedWorks).filter(([, w]) => w.status === 'ready' && !w.identityChange));
      resolverReport = report.resolverReport;
    }
    const result = direct(bytes, settings, resolvedWorks ? { resolvedWorks } : undefined);
    const { docx, ...rest } = result;
    writeAtomically(out, docx);
    process.stdout.write(JSON.stringify(resolverReport ? { ...rest, resolverReport } : rest, null, 2) + '\n');
    return 0;
  },
};
