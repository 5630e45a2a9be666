// `hyperlinker check`: a report grouped by severity with each finding's sentence, --json, and the exit code a
// submission pipeline reads (--fail-on).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli } from '../../helpers/cli-capture.ts';
import { buildDocx, p } from '../../helpers/docx-builder.ts';
import type { CheckReport } from '../../../server/cli/check.ts';

const dir = mkdtempSync(join(tmpdir(), 'hl-check-'));
const faulty = join(dir, 'faulty.docx');
const clean = join(dir, 'clean.docx');
after(() => rmSync(dir, { recursive: true, force: true }));

before(async () => {
  const list = [p('References', 'Heading1'), p('1. Smith J (2018) A title of a work. J Biol 3: 1-5.'), p('2. Doe A (2017) Another title. Nature 1: 2-3.')];
  writeFileSync(faulty, await buildDocx({ body: [p('Growth [1] and Figure 2 [3].'), p('Figure 1. One.', 'Caption'), ...list].join('') }));
  writeFileSync(clean, await buildDocx({ body: [p('Growth [1] and Figure 1 [2].'), p('Figure 1. One.', 'Caption'), ...list].join('') }));
});

test('a report for people: the counts, then each finding under its severity with its sentence; exit 1 on an error', async () => {
  const r = await runCli(['check', faulty]);
  assert.equal(r.code, 1);
  const out = r.out;
  assert.match(out, /^faulty\.docx: 2 errors, 2 warnings, 0 notes\n/);
  assert.match(out, /\nErrors\n {2}mention-without-target \(paragraph 1\): “Figure 2” is mentioned but the document has no figure 2 \(figures: 1\)\n {6}Growth \[1\] and Figure »2« \[3\]\.\n/);
  assert.match(out, / {2}citation-without-entry \(paragraph 1\): Citation \[3\] names no entry: the reference list ends at 2\n {6}Growth \[1\] and Figure 2 \[»3«\]\.\n/);
  assert.match(out, /\nWarnings\n {2}target-not-mentioned \(paragraph 2\): Figure 1 is never mentioned in the text\n {6}Figure 1\. One\.\n {2}entry-not-cited \(paragraph 5\): Reference 2 is never cited: “Doe A \(2017\) Another title\. Nature 1: 2-3\.”/);
  assert.doesNotMatch(out, /\x1b\[/, 'no colour on a pipe');
});

test('--fail-on: warning fails on warnings, never always passes; a clean manuscript passes', async () => {
  assert.equal((await runCli(['check', faulty, '--fail-on', 'never'])).code, 0);
  assert.equal((await runCli(['check', clean])).code, 0);
  assert.equal((await runCli(['check', clean, '--fail-on', 'warning'])).code, 0);
  const bad = await runCli(['check', clean, '--fail-on', 'sometimes']);
  assert.equal(bad.code, 2);
  assert.match(bad.err, /--fail-on must be error, warning, note or never/);
});

test('--json: the findings with their locations, for machines', async () => {
  const r = await runCli(['check', faulty, '--json']);
  const report = JSON.parse(r.out) as CheckReport;
  assert.deepEqual(report.counts, { error: 2, warning: 2, note: 0 });
  const f = report.findings[0]!;
  assert.deepEqual(Object.keys(f).sort(), ['code', 'context', 'location', 'message', 'related', 'severity', 'text']);
  assert.deepEqual([f.code, f.text, f.location], ['mention-without-target', '2', { part: 'word/document.xml', paragraph: 0, start: 22, end: 23 }]);
});

test('several files are checked in turn; an unreadable one is named and fails the run', async () => {
  const r = await runCli(['check', clean, join(dir, 'missing.docx')]);
  assert.equal(r.code, 1);
  assert.match(r.out, /^clean\.docx: 0 errors/);
  assert.match(r.err, /missing\.docx: cannot read .*no such file/);
});
