// `hyperlinker resolve FILE.docx [--settings JSON] [--no-cache] [--json [--compact]] [--quiet]`: finds the DOI of
// every reference through Crossref (CROSSREF_API_URL, CROSSREF_MAILTO). A person gets a progress bar on a terminal
// (references done, waits for the registry's rate limit, time left) and a summary on stderr; retractions,
// corrections and wrong written DOIs are named there too. --json prints the ResolverReport on stdout. Answers are
// cached under the user's cache directory (--no-cache bypasses it).

import type { ResolverReport } from '../../shared/contract.ts';
import type { HyperlinkSettings } from '../../shared/settings.ts';
import type { CliCommand } from './command.ts';
import { detectInStages, packetOf } from '../engine/scan.ts';
import { reviewTarget } from '../engine/review/packet.ts';
import type { TargetCandidate } from '../engine/detect/types.ts';
import { defaultCacheDir, FileCache } from '../resolver/file-cache.ts';
import { InProcessLimiter } from '../resolver/limiter.ts';
import { POLITE_LIMITS, PUBLIC_LIMITS, type LimiterSlot, type RegistryLimiter, type ResolveReference } from '../resolver/ports.ts';
import { referencesFromPacket } from '../resolver/references.ts';
import { resolveReferences } from '../resolver/resolve.ts';
import { parseCommandArgs, readInput, settingsFrom, UsageError } from './args.ts';
import { colourOn, painter, ProgressBar } from './terminal.ts';
import { styleWorker, type StyleWorker } from './style-worker.ts';
import { resolveSummary } from './summary.ts';

const USAGE = 'usage: hyperlinker resolve FILE.docx [--settings JSON] [--no-cache] [--json [--compact]] [--quiet]';

/** Waits for a registry slot longer than this show on the progress bar as waiting for the rate limit. */
const SHOWN_WAIT_MS = 250;

/**
 * The limiter as it is, except that a long wait for a slot is shown on the bar, and `onSent` is told when a request
 * left (its slot marked sent).
 */
export function limiterShowingWaits(inner: RegistryLimiter, bar: ProgressBar, onSent?: () => void): RegistryLimiter {
  const acquire: RegistryLimiter['acquire'] = async (requestClass, signal, account) => {
    let shown = false;
    const timer = setTimeout(() => { shown = true; bar.waiting(1); }, SHOWN_WAIT_MS);
    let slot: LimiterSlot;
    try {
      slot = await inner.acquire(requestClass, signal, account);
    } finally {
      clearTimeout(timer);
      if (shown) bar.waiting(-1);
    }
    return onSent ? { sent: () => { slot.sent(); onSent(); }, release: () => slot.release() } : slot;
  };
  return new Proxy(inner, {
    get(target, prop) {
      if (prop === 'acquire') return acquire;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The bibliography entries as the resolver reads them (as a scan packet gives them), with their full text (the packet trims long entries). */
function referencesOf(entries: readonly TargetCandidate[]): ResolveReference[] {
  const byKey = new Map(entries.map((t) => [t.key, t]));
  return referencesFromPacket({ targets: entries.map(reviewTarget) }).map((r) => {
    const t = byKey.get(r.refId);
    const full = t ? t.paragraph.text.slice(t.start, t.end).trim() : '';
    return full ? { ...r, text: full } : r;
  });
}

export type CliResolverReport = Omit<ResolverReport, 'scanToken'> & { cachedAnswers?: number };

/**
 * Resolves a manuscript's references with the in-process limiter and (unless noCache) the file cache. The
 * references go to the registry as soon as the reference list is found; the rest of the scan (citations,
 * cross-references: the scan fingerprint) runs once the first request has left, while its answer is awaited.
 */
export async function resolveManuscript(
  bytes: Uint8Array,
  settings: HyperlinkSettings,
  options: {
    noCache: boolean;
    env?: NodeJS.ProcessEnv;
    signal?: AbortSignal;
    cacheDir?: string;
    quiet?: boolean;
    /** A style worker the caller keeps (and closes) across several manuscripts; else one for this resolve alone. */
    styleWorker?: StyleWorker;
  },
): Promise<CliResolverReport> {
  const env = options.env ?? process.env;
  const apiUrl = env.CROSSREF_API_URL?.trim() || 'https://api.crossref.org';
  const mailto = env.CROSSREF_MAILTO?.trim() || '';
  const staged = detectInStages(bytes, settings);
  const references = referencesOf(staged.bibliography?.entries ?? []);
  const tty = process.stderr.isTTY && !options.quiet;
  if (!mailto && tty) process.stderr.write('hyperlinker resolve: CROSSREF_MAILTO is not set; Crossref\'s public pool allows 1 search per second\n');
  const bar = new ProgressBar(process.stderr, 'resolving references', { quiet: options.quiet === true });
  let cachedAnswers = 0;
  const style = options.styleWorker ?? styleWorker();
  // The rest of the scan failing stops the registry requests too.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  let firstSent = () => {};
  const sent = new Promise<void>((resolve) => { firstSent = resolve; });
  try {
    const resolving = resolveReferences(references, {
      apiUrl,
      mailto,
      limiter: limiterShowingWaits(new InProcessLimiter(mailto ? POLITE_LIMITS : PUBLIC_LIMITS), bar, () => firstSent()),
      cache: options.noCache ? null : new FileCache(options.cacheDir ?? defaultCacheDir(env)),
      signal,
      refineStyle: style.refine,
      onProgress: (e) => {
        if (e.cached) cachedAnswers++;
        // The registry is answering: the style will be detected (unless cached), while later answers are awaited.
        else style.warm();
        bar.step(e.done, e.total, e.cached);
      },
    });
    // Every answer from the cache (or none to find): no request leaves, the rest of the scan follows the resolve.
    await Promise.race([sent, resolving.then(() => undefined, () => undefined)]);
    let scanFingerprint: string;
    try {
      scanFingerprint = packetOf(staged.rest()).scanFingerprint;
    } catch (err) {
      stop.abort(err);
      await resolving.catch(() => undefined);
      throw err;
    }
    const parts = await resolving;
    return { scanFingerprint, ...parts, cachedAnswers };
  } finally {
    bar.done();
    if (style !== options.styleWorker) await style.close();
  }
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
  summary: 'find the DOI of every reference through Crossref (--json: print the ResolverReport)',
  async run(args) {
    const { positional, values } = parseCommandArgs(args, { settings: { type: 'string' }, 'no-cache': { type: 'boolean' }, json: { type: 'boolean' }, compact: { type: 'boolean' }, quiet: { type: 'boolean', short: 'q' } });
    if (positional.length !== 1) throw new UsageError(USAGE);
    const settings = { ...(await settingsFrom(values.settings)), doi: true, crossref: true };
    const bytes = readInput(positional[0]);
    const quiet = values.quiet === true;
    const { cachedAnswers = 0, ...report } = await resolveManuscript(bytes, settings, { noCache: values['no-cache'] === true, quiet });
    for (const w of warningsOf(report)) process.stderr.write(`hyperlinker resolve: ${w}\n`);
    if (values.json) process.stdout.write(JSON.stringify(report, null, values.compact ? 0 : 2) + '\n');
    if (!quiet) {
      const by = (status: string) => report.references.filter((r) => r.status === status).length;
      const facts = { input: positional[0]!, total: report.references.length, resolved: by('ready'), reviewRequired: by('low_confidence'), unresolved: by('unmatched'), held: by('held'), cached: cachedAnswers };
      process.stderr.write(resolveSummary(facts, painter(colourOn(process.stderr))) + '\n');
    }
    return 0;
  },
};
