// `hyperlinker link FILE.docx -o OUT.docx [--settings JSON|@file] [--style ID | --csl FILE.csl] [--json] [--quiet]`:
// scan, approve every ready match, optionally rewrite the reference list in a CSL style (a bundled, renamed or
// dependent id, or a CSL file), write the document atomically (temp file + rename). A person gets a short summary on
// stderr; --json prints the ApplyResult without docx on stdout. Several files (or a folder, or a quoted glob) with
// --out-dir DIR are linked as a batch (server/cli/batch.ts).

import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { CliCommand } from './command.ts';
import { directInPieces, type ZipPieces } from '../engine/index.ts';
import { reclaimIfLarge } from '../common/reclaim.ts';
import { parseCommandArgs, readInput, settingsFrom, UsageError } from './args.ts';
import { colourOn, painter } from './terminal.ts';
import { linkSummary } from './summary.ts';
import type { BibRewriteResult, ResolvedWork } from '../../shared/contract.ts';
import type { CslStyle } from '../csl/catalog.ts';

// The resolver (--resolve) and the CSL modules (--style, --csl; citeproc alone is 750 KB of CommonJS)
// are imported only when asked for: a plain `link` never loads them.

const USAGE = 'usage: hyperlinker link FILE.docx -o OUT.docx | FILE.docx|DIR|GLOB... --out-dir DIR [--jobs N] [--settings JSON] [--resolve [--no-cache]] [--style ID | --csl FILE.csl [--no-resolve]] [--json] [--quiet]';

export const LINK_OPTIONS = {
  output: { type: 'string', short: 'o' },
  out: { type: 'string' },
  'out-dir': { type: 'string' },
  jobs: { type: 'string' },
  settings: { type: 'string' },
  style: { type: 'string' },
  csl: { type: 'string' },
  resolve: { type: 'boolean' },
  'no-resolve': { type: 'boolean' },
  'no-cache': { type: 'boolean' },
  json: { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
} as const;

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
async function styleFrom(id: string | undefined, file: string | undefined): Promise<CslStyle | null> {
  if (id !== undefined && file !== undefined) throw new UsageError('give either --style or --csl, not both');
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
  return null;
}

/** The CLI's error for a refused rewrite: the reason, then each entry that blocks it on its own line. */
export function refusal(r: BibRewriteResult): string {
  const lines = [`the bibliography rewrite into ${r.cslId} was refused and nothing was written: ${r.reason}`];
  for (const e of r.entries) lines.push(`  ${e.label}: ${e.lacks}`);
  if (r.entries.length) lines.push('  (settings {"bibRewritePartial": true} writes the other entries and keeps these as written)');
  return lines.join('\n');
}

/** What one linked file reports: the ApplyResult without docx, the matches left for review, the resolver's counts. */
export type LinkReport = Omit<ReturnType<typeof directInPieces>, 'docx'> & { needReview: number; resolverReport?: { resolved: number; reviewRequired: number; unresolved: number } };

export type LinkValues = ReturnType<typeof parseCommandArgs<typeof LINK_OPTIONS>>['values'];

/** Links one file: resolve first (--resolve), rewrite the list (--style/--csl), write OUT atomically. */
export async function linkFile(input: string, out: string, values: LinkValues): Promise<LinkReport> {
  if (resolve(out) === resolve(input)) throw new UsageError('the output must not overwrite the input');
  let settings = await settingsFrom(values.settings);
  const style = await styleFrom(values.style, values.csl); // a bad --style or --csl fails before any resolving
  const bytes = readInput(input);
  let resolvedWorks: Record<string, ResolvedWork> | undefined;
  let resolverReport: LinkReport['resolverReport'];
  // Registry first: a restyle renders resolved works from the registry's record (the full author list), so with
  // --style or --csl the references are resolved first whenever a registry is configured, and the user is told.
  const env = process.env;
  const registry = env.CROSSREF_API_URL?.trim() ? 'CROSSREF_API_URL' : env.CROSSREF_MAILTO?.trim() ? 'CROSSREF_MAILTO' : null;
  const resolveFirst = values.resolve === true || (style !== null && values['no-resolve'] !== true && registry !== null);
  if (resolveFirst && !values.resolve && values.quiet !== true) {
    process.stderr.write(`hyperlinker link: resolving the references first (${registry} is set), so that resolved works are rendered in the style from the registry's records; --no-resolve skips it\n`);
  }
  if (resolveFirst) {
    // Resolve, then link the ready works only (a written DOI that names another work is never replaced unreviewed).
    settings = { ...settings, doi: true, crossref: true };
    const { resolveManuscript, warningsOf } = await import('./resolve.ts');
    const report = await resolveManuscript(bytes, settings, { noCache: values['no-cache'] === true, quiet: values.quiet === true || values.json === true });
    for (const w of warningsOf(report)) process.stderr.write(`hyperlinker link: ${w}\n`);
    resolvedWorks = Object.fromEntries(Object.entries(report.resolvedWorks).filter(([, w]) => w.status === 'ready' && !w.identityChange));
    resolverReport = report.resolverReport;
  }
  const bibliography = style ? (await import('../csl/bibliography.ts')).createBibliographyRenderer(style, resolvedWorks) : null;
  let needReview = 0;
  // In pieces: the linked package is written out entry by entry, never joined into a second copy of the file.
  const result = directInPieces(bytes, settings, {
    afterDetect: (detected) => {
      needReview = detected.needReview;
      reclaimIfLarge();
    },
    ...(resolvedWorks ? { resolvedWorks } : {}),
    ...(bibliography ? { bibliography } : {}),
  });
  const { docx, ...rest } = result;
  // A refused rewrite writes nothing: the user asked for the whole manuscript in the style.
  if (rest.bibRewrite?.outcome === 'refused') throw new Error(refusal(rest.bibRewrite));
  writeAtomically(out, docx);
  return { ...rest, needReview, ...(resolverReport ? { resolverReport } : {}) };
}

export const linkCommand: CliCommand = {
  summary: 'link every ready match and write OUT.docx (or every file given into --out-dir)',
  async run(args) {
    const { positional, values } = parseCommandArgs(args, LINK_OPTIONS);
    const out = values.output ?? values.out;
    if (values['out-dir'] !== undefined) {
      if (out !== undefined) throw new UsageError('give either -o OUT.docx (one file) or --out-dir DIR (several), not both');
      if (positional.length === 0) throw new UsageError(USAGE);
      const { linkBatch } = await import('./batch.ts');
      return linkBatch(positional, values['out-dir'], values);
    }
    if (positional.length > 1) throw new UsageError(`${positional.length} input files: link several with --out-dir DIR (${USAGE})`);
    if (positional.length !== 1 || out === undefined) throw new UsageError(USAGE);
    const report = await linkFile(positional[0]!, out, values);
    if (values.json) process.stdout.write(JSON.stringify(report, null, 2) + '\n');
    if (!values.quiet) {
      const paint = painter(colourOn(process.stderr));
      for (const line of linkSummary(report, { input: positional[0]!, output: out, needReview: report.needReview, ...(report.resolverReport ? { resolver: report.resolverReport } : {}) }, paint)) process.stderr.write(line + '\n');
    }
    return 0;
  },
};
