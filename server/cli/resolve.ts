// `hyperlinker resolve FILE.docx [--settings JSON] [--no-cache]`: finds the DOI of every reference
// through Crossref (CROSSREF_API_URL, CROSSREF_MAILTO) and prints the ResolverReport JSON. Progress
// goes to stderr when it is a terminal; retractions, corrections and wrong written DOIs are also
// named on stderr. Answers are cached under the user's cache directory (--no-cache bypasses it).

import type { ResolverReport } from '../../shared/contract.ts';
import type { HyperlinkSettings } from '../../shared/settings.ts';
import type { CliCommand } from './command.ts';
import { analyse } from '../engine/scan.ts';
import { defaultCacheDir, FileCache } from '../resolver/file-cache.ts';
import { InProcessLimiter } from '../resolver/limiter.ts';
import { POLITE_LIMITS, PUBLIC_LIMITS, type ResolveProgress, type ResolveReference } from '../resolver/ports.ts';
import { referencesFromPacket } from '../resolver/references.ts';
import { resolveReferences } from '../resolver/resolve.ts';
import { parseArgs, readInput, settingsFrom } from './args.ts';

const USAGE = 'usage: hyperlinker resolve FILE.docx [--settings JSON] [--no-cache] [--compact]';

/** The bibliography entries of a manuscript, with their full text (the packet trims long entries). */
export function manuscriptReferences(bytes: Uint8Array, settings: HyperlinkSettings): { references: ResolveReference[]; scanFingerprint: string } {
  const analysis = analyse(bytes, settings);
  const references = referencesFromPacket(analysis.packet).map((r) => {
    const t = analysis.targetById.get(r.refId);
    const full = t ? t.paragraph.text.slice(t.start, t.end).trim() : '';
    return full ? { ...r, text: full } : r;
  });
  return { references, scanFingerprint: analysis.packet.scanFingerprint };
}

export type CliResolverReport = Omit<ResolverReport, 'scanToken'>;

/** Resolves a manuscript's references with the in-process limiter and (unless noCache) the file cache. */
export async function resolveManuscript(bytes: Uint8Array, settings: HyperlinkSettings, options: { noCache: boolean; env?: NodeJS.ProcessEnv; signal?: AbortSignal; cacheDir?: string; quiet?: boolean }): Promise<CliResolverReport> {
  const env = options.env ?? process.env;
  const apiUrl = env.CROSSREF_API_URL?.trim() || 'https://api.crossref.org';
  const mailto = env.CROSSREF_MAILTO?.trim() || '';
  const { references, scanFingerprint } = manuscriptReferences(bytes, settings);
  const tty = process.stderr.isTTY && !options.quiet;
  if (!mailto && tty) process.stderr.write('hyperlinker resolve: CROSSREF_MAILTO is not set; Crossref\'s public pool allows 1 search per second\n');
  const onProgress = tty
    ? (e: ResolveProgress) => process.stderr.write(`\rresolving references ${e.done}/${e.total}${e.done === e.total ? '\n' : ''}`)
    : undefined;
  const parts = await resolveReferences(references, {
    apiUrl,
    mailto,
    limiter: new InProcessLimiter(mailto ? POLITE_LIMITS : PUBLIC_LIMITS),
    cache: options.noCache ? null : new FileCache(options.cacheDir ?? defaultCacheDir(env)),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(onProgress ? { onProgress } : {}),
  });
  return { scanFingerprint, ...parts };
}

/** One line per reference a reader must look at: retracted or corrected works, wrong or unknown written DOIs. */
export function warningsOf(report: CliResolverReport): string[] {
  const out: string[] = [];
  for (const ref of report.references) {
    const work = report.resolvedWorks[ref.refId];
    const n = ref.index + 1;
    for (const u of work?.updates ?? []) out.push(`reference ${n}: ${u.type.replace(/_/g, ' ')} of ${work!.doi} (notice ${u.noticeDoi}${u.date ? `, ${u.date}` : ''})`);
    if (work?.identityChange) {
      const ic = work.identityChange;
      out.push(`reference ${n}: written DOI ${ic.writtenDoi} ${ic.notFound ? 'does not exist' : `is “${ic.registryTitle}”`}${ic.betterDoi ? `; better candidate ${ic.betterDoi}` : ''}`);
    } else if (ref.existingDoiCheck === 'not_found') out.push(`reference ${n}: written DOI ${ref.existingDoi} does not exist`);
  }
  const held = report.references.filter((r) => r.status === 'held');
  if (held.length) out.push(`${held.length} reference${held.length > 1 ? 's' : ''} held, resolve again later (${held[0]!.reasons?.[0] ?? 'registry unavailable'})`);
  return out;
}

export const resolveCommand: CliCommand = {
  summary: 'find the DOI of every reference through Crossref and print the ResolverReport',
  async run(args) {
    const { positional, flags } = parseArgs(args, ['no-cache', 'compact'], {}, ['settings']);
    if (positional.length !== 1) throw new Error(USAGE);
    const settings = { ...(await settingsFrom(flags)), doi: true, crossref: true };
    const bytes = readInput(positional[0]);
    const report = await resolveManuscript(bytes, settings, { noCache: flags.has('no-cache') });
    for (const w of warningsOf(report)) process.stderr.write(`hyperlinker resolve: ${w}\n`);
    process.stdout.write(JSON.stringify(report, null, flags.has('compact') ? 0 : 2) + '\n');
    return 0;
  },
};
