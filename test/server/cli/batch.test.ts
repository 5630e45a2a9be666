// `hyperlinker link ... --out-dir DIR`: files linked in parallel in their own processes; a bad file reported and
// skipped; a closing table; exit 1 when any file failed. (Which files and where: batch-plan.test.ts; lanes:
// run-jobs.test.ts.)
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { runCli } from '../../helpers/cli-capture.ts';

const SAMPLE = new URL('../../../examples/sample.docx', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'hl-batch-'));
after(() => rmSync(dir, { recursive: true, force: true }));

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
  // the closing table: a row per file and the totals
  assert.match(r.err, /^file\s+links\s+review\s+time\s+result$/m);
  assert.match(r.err, /^one\.docx\s+\d+\s+\d+\s+\d+\.\d s\s+ok$/m);
  assert.match(r.err, /^bad\.docx\s+-\s+-\s+\d+\.\d s\s+failed: .*zip/m);
  assert.match(r.err, /^3 files: 2 linked \(\d+ links\), 1 failed$/m);
  rmSync(join(inDir, 'bad.docx'));
  const good = await runCli(['link', inDir, '--out-dir', join(own, 'out2'), '--json', '--quiet']);
  assert.equal(good.code, 0, good.err);
  assert.equal(good.err, '');
  const rows = JSON.parse(good.out) as Array<{ input: string; ok: boolean; linkCount: number }>;
  assert.deepEqual(rows.map((x) => [x.ok, x.linkCount > 0]), [[true, true], [true, true]]);
  assert.ok(existsSync(join(own, 'out2', 'one.docx')));
});
