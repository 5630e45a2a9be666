// `hyperlinker link FILE.docx -o OUT.docx [--settings JSON|@file] [--style ID | --csl FILE.csl]`: scan,
// approve every ready match, optionally rewrite the reference list in a CSL style (a bundled, renamed or
// dependent id, or a CSL file), write the document atomically (temp file + rename), print the ApplyResult without docx.

import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { CliCommand } from './command.ts';
import { directInPieces, type ZipPieces } from '../engine/index.ts';
import { reclaimIfLarge } from '../common/reclaim.ts';
import { parseArgs, readInput, settingsFrom } from './args.ts';
import type { ResolvedWork } from '../../shared/contract.ts';
import type { CslStyle } from '../csl/catalog.ts';

// The resolver (--resolve) and the CSL modules (--style, --csl; citeproc alone is 750 KB of CommonJS)
// are imported only when asked for: a plain `link` never loads them.

const USAGE = 'usage: hyperlinker link FILE.docx -o OUT.docx [--settings JSON] [--resolve [--no-cache]] [--style ID | --csl FILE.csl]';

/** Writes bytes (one buffer, or a zip's pieces in turn) to a temp file next to `path`, then renames it into place:
 * never a half-written output. */
export function writeAtomically(path: string, data: Uint8Array | ZipPieces): void {
  const pieces = data instanceof Uint8Array ? [data] : data.pieces;
  const target = resolve(path);
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.${Date.now()}.tmp`);
  try {
    const fd = openSync(tmp, 'wx');
    try {
      for (const bytes of pieces) {
        let off = 0;
        while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
      }
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

/** The style asked for with --style (any CSL id) or --csl (a file), or null. */
async function styleFrom(flags: Map<string, string | true>): Promise<CslStyle | null> {
  const id = flags.get('style');
  const file = flags.get('csl');
  if (id !== undefined && file !== undefined) throw new Error('give either --style or --csl, not both');
  if (typeof file === 'string') {
    const { CslFileError, parseCslFile } = await import('../csl/csl-file.ts');
    try {
      return parseCslFile(readInput(file));
    } catch (err) {
      if (err instanceof CslFileError) throw new Error(`--csl ${file}: ${err.message}`);
      throw err;
    }
  }
  if (typeof id === 'string') {
    const { loadBundledStyle } = await import('../csl/catalog.ts');
    const style = loadBundledStyle(id);
    if (!style) throw new Error(`--style '${id}' names no known CSL style (use a current, renamed or dependent id of the CSL styles repository, e.g. apa)`);
    return style;
  }
  if (id === true || file === true) throw new Error(USAGE);
  return null;
}

export const linkCommand: CliCommand = {
  summary: 'link every ready match and write OUT.docx',
  async run(args) {
    const { positional, flags } = parseArgs(args, ['resolve', 'no-cache'], { '-o': 'output' }, ['output', 'out', 'settings', 'style', 'csl']);
    const out = flags.get('output') ?? flags.get('out');
    if (positional.length !== 1 || typeof out !== 'string') throw new Error(USAGE);
    if (resolve(out) === resolve(positional[0]!)) throw new Error('the output must not overwrite the input');
    let settings = await settingsFrom(flags);
    const style = await styleFrom(flags); // a bad --style or --csl fails before any resolving
    const bytes = readInput(positional[0]);
    let resolvedWorks: Record<string, ResolvedWork> | undefined;
    let resolverReport: { resolved: number; reviewRequired: number; unresolved: number } | undefined;
    if (flags.has('resolve')) {
      // Resolve, then link the ready works only (a written DOI that names another work is never replaced unreviewed).
      settings = { ...settings, doi: true, crossref: true };
      const { resolveManuscript, warningsOf } = await import('./resolve.ts');
      const report = await resolveManuscript(bytes, settings, { noCache: flags.has('no-cache') });
      for (const w of warningsOf(report)) process.stderr.write(`hyperlinker link: ${w}\n`);
      resolvedWorks = Object.fromEntries(Object.entries(report.resolvedWorks).filter(([, w]) => w.status === 'ready' && !w.identityChange));
      resolverReport = report.resolverReport;
    }
    const bibliography = style ? (await import('../csl/bibliography.ts')).createBibliographyRenderer(style, resolvedWorks) : null;
    // In pieces: the linked package is written out entry by entry, never joined into a second copy of the file.
    const result = directInPieces(bytes, settings, {
      afterDetect: () => reclaimIfLarge(),
      ...(resolvedWorks ? { resolvedWorks } : {}),
      ...(bibliography ? { bibliography } : {}),
    });
    const { docx, ...rest } = result;
    writeAtomically(out, docx);
    process.stdout.write(JSON.stringify(resolverReport ? { ...rest, resolverReport } : rest, null, 2) + '\n');
    return 0;
  },
};
