// `hyperlinker link ... --out-dir DIR`: inputs from files, folders and quoted globs; one output per input name;
// files linked in parallel in their own processes; a bad file reported and skipped; a closing table; exit 1 when
// any file failed.
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { batchTable, childOptions, expandInputs, planOutputs, runJobs } from '../../../server/cli/batch.ts';

type BatchJob = ReturnType<typeof planOutputs>[number];
type BatchOutcome = Parameters<typeof batchTable>[0][number];
import { UsageError } from '../../../server/cli/args.ts';
import { runCli } from '../../helpers/cli-capture.ts';

const SAMPLE = new URL('../../../examples/sample.docx', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'hl-batch-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('inputs: files as given, the .docx files inside a folder, a glob in the file name; sorted, no repeats', () => {
  const own = mkdtempSync(join(dir, 'inputs-'));
  for (const n of ['b.docx', 'a.docx', 'notes.txt', '~$a.docx']) writeFileSync(join(own, n), 'x');
  mkdirSync(join(own, 'sub'));
  assert.deepEqual(expandInputs([own]), [join(own, 'a.docx'), join(own, 'b.docx')]);
  assert.deepEqual(expandInputs([join(own, '?.docx'), join(own, 'a.docx')]), [join(own, 'a.docx'), join(own, 'b.docx')]);
  assert.deepEqual(expandInputs([join(own, 'missing.docx')]), [join(own, 'missing.docx')], 'a missing file fails alone, later');
  assert.throws(() => expandInputs([join(own, '*.pdf')]), (e: unknown) => e instanceof UsageError && /matches no file/.test(e.message));
  assert.throws(() => expandInputs([join(own, 'sub')]), /holds no \.docx file/);
  assert.throws(() => expandInputs([join(own, '*', 'x.docx')]), /in the file name only/);
});

test('outputs keep each input name in the folder; two inputs of one name are refused before anything runs', () => {
  assert.deepEqual(planOutputs(['/a/x.docx', '/b/y.docx'], '/out'), [{ input: '/a/x.docx', output: '/out/x.docx' }, { input: '/b/y.docx', output: '/out/y.docx' }]);
  assert.throws(() => planOutputs(['/a/x.docx', '/b/x.docx'], '/out'), /would both be written to \/out\/x\.docx/);
});

test('each file gets the batch options, less the batch-only ones', () => {
  assert.deepEqual(childOptions({ settings: '{}', style: 'apa', resolve: true, json: true, quiet: true, jobs: '2', 'out-dir': 'o' }), ['--settings', '{}', '--style', 'apa', '--resolve']);
});

test('jobs run at most N at once, outcomes in input order, each reported as it finishes', async () => {
  const jobs: BatchJob[] = [1, 2, 3, 4, 5].map((i) => ({ input: `${i}.docx`, output: `o/${i}.docx` }));
  let running = 0;
  let peak = 0;
  const heard: string[] = [];
  const outcomes = await runJobs(jobs, 2, async (job) => {
    running++;
    peak = Math.max(peak, running);
    await new Promise((r) => setTimeout(r, job.input === '1.docx' ? 30 : 5));
    running--;
    return { job, ok: false, error: 'x', ms: 1 };
  }, (o) => heard.push(o.job.input));
  assert.equal(peak, 2);
  assert.deepEqual(outcomes.map((o) => o.job.input), ['1.docx', '2.docx', '3.docx', '4.docx', '5.docx']);
  assert.notEqual(heard[0], '1.docx', 'the slow first file does not hold back the others');
});

test('the closing table: a row per file and the totals', () => {
  const ok: BatchOutcome = { job: { input: '/x/a.docx', output: '/o/a.docx' }, ok: true, ms: 1200, report: { linkCount: 116, needReview: 3, statCounts: {} } };
  const bad: BatchOutcome = { job: { input: '/x/bad.docx', output: '/o/bad.docx' }, ok: false, error: 'not a DOCX', ms: 100 };
  const lines = batchTable([ok, bad]);
  assert.match(lines[0]!, /^file\s+links\s+review\s+time\s+result$/);
  assert.match(lines[1]!, /^a\.docx\s+116\s+3\s+1\.2 s\s+ok$/);
  assert.match(lines[2]!, /^bad\.docx\s+-\s+-\s+0\.1 s\s+failed: not a DOCX$/);
  assert.equal(lines[3], '2 files: 1 linked (116 links), 1 failed');
});

test('a real batch: two manuscripts linked, a bad file reported and skipped, exit 1; all good exits 0', async () => {
  const own = mkdtempSync(join(dir, 'real-'));
  const inDir = join(own, 'in');
  mkdirSync(inDir);
  copyFileSync(SAMPLE, join(inDir, 'one.docx'));
  copyFileSync(SAMPLE, join(inDir, 'two.docx'));
  writeFileSync(join(inDir, 'bad.docx'), 'not a zip');
  const out = join(own, 'out');
  const r = await runCli(['link', inDir, '--out-dir', out, '--jobs', '2']);
  assert.equal(r.code, 1, r.err);
  assert.deepEqual(readdirSync(out).sort(), ['one.docx', 'two.docx'], 'no output, and no temp file, for the bad one');
  assert.match(r.err, /^failed bad\.docx: .*zip/m);
  assert.match(r.err, /^ok\s+one\.docx → .*one\.docx: \d+ links \(\d+ citations/m);
  assert.match(r.err, /^3 files: 2 linked \(\d+ links\), 1 failed$/m);
  rmSync(join(inDir, 'bad.docx'));
  const good = await runCli(['link', inDir, '--out-dir', join(own, 'out2'), '--json', '--quiet']);
  assert.equal(good.code, 0, good.err);
  assert.equal(good.err, '');
  const rows = JSON.parse(good.out) as Array<{ input: string; ok: boolean; linkCount: number }>;
  assert.deepEqual(rows.map((x) => [x.ok, x.linkCount > 0]), [[true, true], [true, true]]);
  assert.ok(existsSync(join(own, 'out2', 'one.docx')));
});
