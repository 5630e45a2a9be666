// `hyperlinker link a.docx b.docx DIR 'drafts/*.docx' --out-dir OUT [--jobs N]`: a batch. Each file is linked by
// its own `hyperlinker link` process (one file's failure or memory never touches another's), up to the cores at
// once, or one at a time with --resolve (every process would keep its own registry limiter, and together they
// would exceed the rate Crossref allows). One line per file as it finishes, a bad file reported and skipped, a
// closing table; exit 1 when any file failed.

import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from './args.ts';
import { childOptions, expandInputs, planOutputs, type BatchJob } from './batch-plan.ts';
import { runJobs } from './run-jobs.ts';
import { colourOn, painter } from './terminal.ts';
import { count, kindBreakdown } from './summary.ts';
import type { LinkReport, LinkValues } from './link.ts';

/** bin/hyperlinker.mjs, two folders up from this module from source (server/cli/) or compiled (dist/server/). */
const BIN = fileURLToPath(new URL('../../bin/hyperlinker.mjs', import.meta.url));

type BatchOutcome = { job: BatchJob; ok: true; report: LinkReport; ms: number } | { job: BatchJob; ok: false; error: string; ms: number };

/** Links one file in its own process (`link IN -o OUT --json --quiet`). */
function linkInChild(job: BatchJob, options: string[], env: NodeJS.ProcessEnv = process.env): Promise<BatchOutcome> {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, 'link', job.input, '-o', job.output, '--json', '--quiet', ...options], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) => done({ job, ok: false, error: e.message, ms: Date.now() - started }));
    child.on('close', (code) => {
      const ms = Date.now() - started;
      if (code === 0) {
        try {
          done({ job, ok: true, report: JSON.parse(Buffer.concat(out).toString('utf8')) as LinkReport, ms });
          return;
        } catch {
          done({ job, ok: false, error: 'the link process printed no report', ms });
          return;
        }
      }
      const message = Buffer.concat(err).toString('utf8').trim().split('\n').pop() ?? '';
      done({ job, ok: false, error: message.replace(/^hyperlinker link: /, '') || `exit code ${code}`, ms });
    });
  });
}

/** The closing table: one row per file, then the totals. */
function batchTable(outcomes: BatchOutcome[]): string[] {
  const rows = outcomes.map((o) => [basename(o.job.input), o.ok ? String(o.report.linkCount) : '-', o.ok ? String(o.report.needReview) : '-', `${(o.ms / 1000).toFixed(1)} s`, o.ok ? 'ok' : `failed: ${o.error}`]);
  const header = ['file', 'links', 'review', 'time', 'result'];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (c === 4 ? 0 : r[c]!.length))));
  const line = (r: string[]) => r.map((cell, c) => (c === 4 ? cell : c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  const failed = outcomes.filter((o) => !o.ok).length;
  const links = outcomes.reduce((n, o) => n + (o.ok ? o.report.linkCount : 0), 0);
  return [line(header), ...rows.map(line), `${count(outcomes.length, 'file')}: ${outcomes.length - failed} linked (${count(links, 'link')}), ${failed} failed`];
}

function parallelism(jobsOption: string | undefined, resolving: boolean): number {
  if (jobsOption !== undefined) {
    if (!/^[1-9]\d{0,2}$/.test(jobsOption)) throw new UsageError('--jobs must be a whole number from 1 to 999');
    return Number(jobsOption);
  }
  return resolving ? 1 : availableParallelism();
}

/** `link ... --out-dir DIR`: the whole batch; the exit code (0 when every file was linked, 1 otherwise). */
export async function linkBatch(inputs: string[], outDir: string, values: LinkValues): Promise<number> {
  const jobs = planOutputs(expandInputs(inputs), outDir);
  const parallel = parallelism(values.jobs, values.resolve === true);
  if (values.resolve && values.jobs !== undefined && parallel > 1) throw new UsageError('--resolve links one file at a time (one registry rate limit for the batch): leave out --jobs');
  mkdirSync(outDir, { recursive: true });
  const paint = painter(colourOn(process.stderr));
  const say = (line: string) => { if (!values.quiet) process.stderr.write(line + '\n'); };
  const options = childOptions(values);
  const outcomes = await runJobs(jobs, parallel, (job) => linkInChild(job, options), (o) => {
    if (o.ok) {
      const kinds = kindBreakdown(o.report.statCounts);
      say(`${paint('green', 'ok')}     ${basename(o.job.input)} → ${o.job.output}: ${count(o.report.linkCount, 'link')}${kinds ? ` (${kinds})` : ''}${o.report.needReview ? `, ${o.report.needReview} to review` : ''}`);
    } else {
      say(`${paint('red', 'failed')} ${basename(o.job.input)}: ${o.error}`);
    }
  });
  if (values.json) process.stdout.write(JSON.stringify(outcomes.map((o) => (o.ok ? { input: o.job.input, output: o.job.output, ok: true, ...o.report } : { input: o.job.input, ok: false, error: o.error })), null, 2) + '\n');
  say('');
  for (const line of batchTable(outcomes)) say(line);
  return outcomes.every((o) => o.ok) ? 0 : 1;
}
