// `npm run bench:resolver`: resolves the development manuscripts ($RESOLVER_DIR/docs/resolve, default
// ../shared/resolver) against the fake Crossref (3 searches/s, 3 at once, 200–500 ms latency; in a process of
// its own, bench/common/fake-crossref-process.ts, so its arrival times are not the client's event loop's), cold
// (empty cache) then warm (same on-disk cache), and prints precision of ready DOIs, recall, F1, the
// share sent to review, registry calls per reference, 429s and wall time per 100 references. The manuscripts are
// resolved one after the other in this process, as a batch would be, with one style-detection worker for all
// (server/cli/style-worker.ts: its thread and citeproc engines stay warm between manuscripts, as the detector's
// caches did when it ran on the bench's thread).
//
// `npm run bench:resolver -- --matching` instead scores matching alone on references-dev.jsonl
// (no manuscripts, no HTTP, no limits), per half of a hash split, with calibration bins: the fast loop
// for matching work and the check that the confidence generalises from one half to the other.
// Options: --docs N (first N manuscripts), --latency MIN,MAX, --json FILE, --busy (a CPU hog: one process per
// core spinning for the whole run, as on a machine whose cores are all taken; the 429s it earns are the figure).

import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveManuscript, type CliResolverReport } from '../server/cli/resolve.ts';
import { styleWorker } from '../server/cli/style-worker.ts';
import { readReference } from '../server/references/record.ts';
import { decide, READY_CONFIDENCE } from '../server/resolver/match.ts';
import { prepareReference } from '../server/resolver/score.ts';
import type { CrossrefWork } from '../server/resolver/work.ts';
import { DEFAULT_SETTINGS } from '../shared/settings.ts';
import { Bm25Index } from '../test/helpers/fake-crossref/bm25.ts';
import { loadRegistry } from '../test/helpers/fake-crossref/server.ts';
import { benchArgs, numberArg, rangeArg } from './common/args.ts';
import { startFakeCrossrefProcess } from './common/fake-crossref-process.ts';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const RESOLVER_DIR = process.env.RESOLVER_DIR ?? join(ROOT, '..', 'shared', 'resolver');
const OPTIONS = {
  matching: { type: 'boolean' },
  docs: { type: 'string' },
  latency: { type: 'string' },
  json: { type: 'string' },
  verbose: { type: 'boolean', short: 'v' },
  quiet: { type: 'boolean' },
  errors: { type: 'boolean' },
  busy: { type: 'boolean' },
} as const;
const args = benchArgs(import.meta.url, OPTIONS, ({ values: v }) => ({
  matching: v.matching === true,
  docs: numberArg(v.docs, 'docs'),
  latency: rangeArg(v.latency, 'latency', [200, 500]),
  json: v.json,
  verbose: v.verbose === true,
  quiet: v.quiet === true,
  errors: v.errors === true,
  busy: v.busy === true,
}));

interface GoldRef {
  index: number;
  doi: string | null;
  text: string;
  string: string;
}

interface Tally {
  refs: number;
  inRegistry: number;
  ready: number;
  readyRight: number;
  review: number;
  unmatched: number;
  held: number;
}

/** --busy: one process per core spinning until killed, so the client's and the registry's event loops are late. */
function startCpuHog(): ChildProcess[] {
  return Array.from({ length: availableParallelism() }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

const emptyTally = (): Tally => ({ refs: 0, inRegistry: 0, ready: 0, readyRight: 0, review: 0, unmatched: 0, held: 0 });

function score(report: CliResolverReport, gold: GoldRef[], t: Tally): string[] {
  const problems: string[] = [];
  const byIndex = new Map(report.references.map((r) => [r.index + 1, r]));
  for (const g of gold) {
    t.refs++;
    if (g.doi) t.inRegistry++;
    const ref = byIndex.get(g.index);
    if (!ref) { problems.push(`reference ${g.index}: not found in the report`); continue; }
    if (!g.text.includes(ref.refText.slice(0, 40).trim())) problems.push(`reference ${g.index}: text differs from gold`);
    const work = report.resolvedWorks[ref.refId];
    const status = ref.status ?? (work ? (work.confidence >= 0.9 ? 'ready' : 'low_confidence') : 'unmatched');
    if (status === 'ready' && work) {
      t.ready++;
      if (g.doi && work.doi.toLowerCase() === g.doi) t.readyRight++;
      else problems.push(`reference ${g.index}: ready ${work.doi}, gold ${g.doi ?? 'none'}: ${g.string.slice(0, 90)}`);
    } else if (status === 'low_confidence') t.review++;
    else if (status === 'held') t.held++;
    else t.unmatched++;
  }
  return problems;
}

function figures(t: Tally): { precision: number; recall: number; f1: number; review: number } {
  const precision = t.ready ? t.readyRight / t.ready : 1;
  const recall = t.inRegistry ? t.readyRight / t.inRegistry : 1;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1, review: t.refs ? t.review / t.refs : 0 };
}

async function benchDocuments(): Promise<void> {
  const docsDir = join(RESOLVER_DIR, 'docs', 'resolve');
  let names = readdirSync(docsDir).filter((n) => n.endsWith('.docx')).sort();
  const limit = args.docs ?? names.length;
  names = names.slice(0, limit);
  const latency = args.latency;
  const hogs = args.busy ? startCpuHog() : [];
  const fake = await startFakeCrossrefProcess({ registryPath: join(RESOLVER_DIR, 'registry-dev.jsonl'), polite: { search: 3, lookup: 10, concurrency: 3 }, latencyMs: latency, seed: 7 });
  // A registry is warm: one search compiles the fake's code before the first timed manuscript (a fresh process
  // answered its first window late enough to count the next window's requests inside it). Not timed; the 1.1 s
  // wait before each manuscript leaves its window behind.
  await fetch(`${fake.url}/works?query.bibliographic=warm&rows=1&mailto=bench%40example.org`).then((r) => r.text());
  const cacheDir = mkdtempSync(join(tmpdir(), 'bench-resolver-cache-'));
  const env = { CROSSREF_API_URL: fake.url, CROSSREF_MAILTO: 'bench@example.org' };
  const settings = { ...DEFAULT_SETTINGS, doi: true, crossref: true };
  const tally = emptyTally();
  const problems: string[] = [];
  const phases = { cold: { ms: 0, calls: 0, rejected: 0, refs: 0 }, warm: { ms: 0, calls: 0, rejected: 0, refs: 0 } };
  const perDoc: string[] = [];
  const style = styleWorker();
  try {
    for (const name of names) {
      const bytes = new Uint8Array(readFileSync(join(docsDir, name)));
      const gold = (JSON.parse(readFileSync(join(docsDir, name.replace(/\.docx$/, '.gold.json')), 'utf8')) as { references: GoldRef[] }).references;
      const run = async (phase: 'cold' | 'warm') => {
        await fake.resetStats();
        const t0 = performance.now();
        const report = await resolveManuscript(bytes, settings, { noCache: false, env, cacheDir, quiet: true, styleWorker: style });
        const ms = performance.now() - t0;
        const stats = await fake.stats();
        const p = phases[phase];
        p.ms += ms;
        p.calls += stats.searches + stats.lookups + stats.failures;
        p.rejected += stats.rejected;
        p.refs += report.references.length;
        if (stats.rejected && args.verbose) console.error(`${name} ${phase}: 429s for rate ${stats.rejectedForRate}, for concurrency ${stats.rejectedForConcurrency}`);
        return { report, ms, calls: stats.searches + stats.lookups + stats.failures, rejected: stats.rejected };
      };
      // Each manuscript is a separate command-line run with its own limiter: leave the registry's
      // one-second window of the previous run behind first (not timed), as runs spaced apart would.
      await new Promise((r) => setTimeout(r, 1100));
      const cold = await run('cold');
      problems.push(...score(cold.report, gold, tally).map((p) => `${name}: ${p}`));
      const warm = await run('warm');
      const warmProblems = JSON.stringify(warm.report.resolvedWorks) === JSON.stringify(cold.report.resolvedWorks) ? '' : ' (warm answer differs!)';
      const floor = (cold.report.references.length / 3) * 1000;
      perDoc.push(`${name.padEnd(16)} refs ${String(cold.report.references.length).padStart(3)}  cold ${(cold.ms / 1000).toFixed(1).padStart(5)} s (floor ${(floor / 1000).toFixed(1)} s, calls ${cold.calls}, 429s ${cold.rejected})  warm ${warm.ms.toFixed(0).padStart(4)} ms (calls ${warm.calls})${warmProblems}`);
      if (!args.quiet) console.error(perDoc[perDoc.length - 1]);
    }
  } finally {
    for (const hog of hogs) hog.kill('SIGKILL');
    await style.close();
    await fake.close();
    rmSync(cacheDir, { recursive: true, force: true });
  }
  const f = figures(tally);
  const per100 = (ms: number, refs: number) => (refs ? (ms / refs) * 100 / 1000 : 0);
  const floorPer100 = 100 / 3;
  const lines = [
    '',
    `resolver bench: ${names.length} manuscripts, ${tally.refs} references (${tally.inRegistry} with their work in the registry); fake Crossref 3 searches/s, 3 concurrent, ${latency[0]}-${latency[1]} ms${hogs.length ? `; CPU hog: ${hogs.length} spinning processes` : ''}; load average at the end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    '| measure | value | goal |',
    '|---|---|---|',
    `| precision of ready DOIs | ${f.precision.toFixed(4)} (${tally.readyRight}/${tally.ready}) | ≥ 0.99 |`,
    `| recall | ${f.recall.toFixed(4)} (${tally.readyRight}/${tally.inRegistry}) | ≥ 0.95 |`,
    `| F1 | ${f.f1.toFixed(4)} | |`,
    `| sent to review (low_confidence) | ${(f.review * 100).toFixed(1)} % (${tally.review}); unmatched ${tally.unmatched}, held ${tally.held} | |`,
    `| registry calls per reference (cold) | ${(phases.cold.calls / Math.max(1, phases.cold.refs)).toFixed(2)} | |`,
    `| 429s received (cold + warm) | ${phases.cold.rejected + phases.warm.rejected} | 0 |`,
    `| wall time per 100 references, cold | ${per100(phases.cold.ms, phases.cold.refs).toFixed(1)} s (floor ${floorPer100.toFixed(1)} s: ${((per100(phases.cold.ms, phases.cold.refs) / floorPer100 - 1) * 100).toFixed(1)} % over) | within 10 % |`,
    `| wall time per 100 references, warm | ${(per100(phases.warm.ms, phases.warm.refs) * 1000).toFixed(0)} ms, ${phases.warm.calls} registry calls | < 1 s, 0 calls |`,
  ];
  console.log(lines.join('\n'));
  if (args.errors) console.log(['', 'errors:', ...problems].join('\n'));
  const json = args.json;
  if (json) writeFileSync(json, JSON.stringify({ tally, figures: f, phases, perDoc, problems }, null, 2));
}

function half(id: string): 0 | 1 {
  return (createHash('sha1').update(id).digest()[0]! & 1) as 0 | 1;
}

function benchMatching(): void {
  const works = loadRegistry(join(RESOLVER_DIR, 'registry-dev.jsonl'));
  const index = new Bm25Index(works);
  const refs = readFileSync(join(RESOLVER_DIR, 'references-dev.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id: string; string: string; doi: string | null; source: string });
  const tallies = [emptyTally(), emptyTally()];
  const bins = [0.3, 0.5, 0.7, 0.9, 0.95, 0.99, 1.01];
  const calib = [0, 1].map(() => bins.map(() => ({ n: 0, right: 0 })));
  const bySource = new Map<string, Tally>();
  const t0 = performance.now();
  for (const r of refs) {
    const prepared = prepareReference(readReference(r.string).parsed);
    const candidates = index.search(prepared.parsed.cleaned).slice(0, 10).map((h) => ({ ...h.work, score: h.score }) as CrossrefWork);
    const d = decide(prepared, candidates);
    const h = half(r.id);
    const src = r.source.replace(/:.*/, '');
    if (!bySource.has(src)) bySource.set(src, emptyTally());
    for (const t of [tallies[h]!, bySource.get(src)!]) {
      t.refs++;
      if (r.doi) t.inRegistry++;
      if (d.status === 'ready') { t.ready++; if (d.best!.work.DOI.toLowerCase() === r.doi) t.readyRight++; }
      else if (d.status === 'low_confidence') t.review++;
      else t.unmatched++;
    }
    if (d.best) {
      const b = bins.findIndex((x) => d.confidence < x);
      if (b >= 1) {
        const cell = calib[h]![b - 1]!;
        cell.n++;
        if (d.best.work.DOI.toLowerCase() === r.doi) cell.right++;
      }
    }
  }
  console.log(`matching on references-dev.jsonl: ${refs.length} references, ${((performance.now() - t0) / refs.length).toFixed(1)} ms each (BM25 top 10 + re-scoring); ready at confidence ≥ ${READY_CONFIDENCE}`);
  console.log('| split | refs | precision | recall | F1 | review |');
  console.log('|---|---|---|---|---|---|');
  const row = (name: string, t: Tally) => {
    const f = figures(t);
    console.log(`| ${name} | ${t.refs} | ${f.precision.toFixed(4)} | ${f.recall.toFixed(4)} | ${f.f1.toFixed(4)} | ${(f.review * 100).toFixed(1)} % |`);
  };
  row('half A', tallies[0]!);
  row('half B', tallies[1]!);
  for (const [src, t] of [...bySource].sort()) row(src, t);
  console.log('\ncalibration (share right among best candidates, by confidence):');
  console.log('| confidence | half A | half B |');
  console.log('|---|---|---|');
  for (let i = 0; i + 1 < bins.length; i++) {
    const cell = (h: number) => { const c = calib[h]![i]!; return c.n ? `${(c.right / c.n).toFixed(3)} (${c.n})` : '-'; };
    console.log(`| ${bins[i]}–${Math.min(1, bins[i + 1]!)} | ${cell(0)} | ${cell(1)} |`);
  }
}

if (args.matching) benchMatching();
else await benchDocuments();
