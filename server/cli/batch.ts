// `hyperlinker link a.docx b.docx DIR 'drafts/*.docx' --out-dir OUT [--jobs N]`: a batch. Each file is linked by
// its own `hyperlinker link` process (one file's failure or memory never touches another's), up to the cores at
// once, or one at a time with --resolve (every process would keep its own registry limiter, and together they
// would exceed the rate Crossref allows). One line per file as it finishes, a bad file reported and skipped, a
// closing table; exit 1 when any file failed.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from './args.ts';
import { colourOn, painter } from './terminal.ts';
import { count, kindBreakdown } from './summary.ts';
import type { LinkReport, LinkValues } from './link.ts';

/** bin/hyperlinker.mjs, two folders up from this module from source (server/cli/) or compiled (dist/server/). */
const BIN = fileURLToPath(new URL('../../bin/hyperlinker.mjs', import.meta.url));

/** A quoted glob's last path component, e.g. `*.docx` or `paper-?.docx`, as a regular expression. */
function globPattern(name: string): RegExp {
  const body = name.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]');
  return new RegExp(`^${body}$`);
}

/** Files named, the .docx files directly inside named folders, and the matches of a glob in its last component (sorted). */
export function expandInputs(args: string[]): string[] {
  const out: string[] = [];
  for (const arg of args) {
    if (/[*?]/.test(arg) && !existsSync(arg)) {
      const dir = dirname(arg);
      if (/[*?]/.test(dir)) throw new UsageError(`'${arg}': a glob may use * and ? in the file name only`);
      const pattern = globPattern(basename(arg));
      const found = existsSync(dir) ? readdirSync(dir).filter((n) => pattern.test(n)).sort() : [];
      if (found.length === 0) throw new UsageError(`'${arg}' matches no file`);
      out.push(...found.map((n) => join(dir, n)));
    } else if (existsSync(arg) && statSync(arg).isDirectory()) {
      const found = readdirSync(arg).filter((n) => /\.docx$/i.test(n) && !n.startsWith('~$')).sort();
      if (found.length === 0) throw new UsageError(`folder '${arg}' holds no .docx file`);
      out.push(...found.map((n) => join(arg, n)));
    } else {
      out.push(arg); // a missing file is reported as that file's failure, not the batch's
    }
  }
  return [...new Set(out.map((p) => resolve(p)))];
}

interface BatchJob {
  input: string;
  output: string;
}

/** Each input's output in `outDir` under its own name; two inputs of one name would overwrite each other: refused. */
export function planOutputs(inputs: string[], outDir: string): BatchJob[] {
  const byName = new Map<string, string>();
  for (const input of inputs) {
    const name = basename(input);
    const other = byName.get(name);
    if (other) throw new UsageError(`'${other}' and '${input}' would both be written to ${join(outDir, name)}: link them in separate batches`);
    byName.set(name, input);
  }
  return inputs.map((input) => ({ input, output: join(resolve(outDir), basename(input)) }));
}

/** The options every file's `link` run gets: the batch's own, less the batch-only ones. */
export function childOptions(values: LinkValues): string[] {
  const out: string[] = [];
  for (const name of ['settings', 'style', 'csl'] as const) if (values[name] !== undefined) out.push(`--${name}`, values[name]!);
  for (const name of ['resolve', 'no-resolve', 'no-cache'] as const) if (values[name]) out.push(`--${name}`);
  return out;
}

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

/** Runs the jobs, at most `parallel` at once; `onDone` hears each as it finishes. Outcomes in the jobs' order. */
export async function runJobs(jobs: BatchJob[], parallel: number, work: (job: BatchJob) => Promise<BatchOutcome>, onDone: (o: BatchOutcome) => void): Promise<BatchOutcome[]> {
  const outcomes = new Array<BatchOutcome>(jobs.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < jobs.length) {
      const i = next++;
      outcomes[i] = await work(jobs[i]!);
      onDone(outcomes[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, jobs.length)) }, lane));
  return outcomes;
}

/** The closing table: one row per file, then the totals. */
export function batchTable(outcomes: BatchOutcome[]): string[] {
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
