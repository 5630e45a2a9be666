// What a batch runs (server/cli/batch-plan.ts): inputs from files, folders and quoted globs; one output per input
// name; the batch's options passed on to each file's process, less the batch-only ones.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { childOptions, expandInputs, planOutputs } from '../../../server/cli/batch-plan.ts';
import { UsageError } from '../../../server/cli/args.ts';

const dir = mkdtempSync(join(tmpdir(), 'hl-batch-plan-'));
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
