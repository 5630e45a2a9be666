// `hyperlinker link`: the output written atomically (never a half-written file on bad input), macro-enabled
// packages refused, --settings and --style. What a plain `hyperlinker link FILE -o OUT` loads: the engine, not the packages only some options need (zod
// for --settings, citeproc and the CSL catalog for --style/--csl, the resolver for --resolve) nor
// fast-xml-parser (the engine reads XML with xml-reader.ts). Each costs milliseconds to tens of milliseconds
// of loading on every run (npm run bench, cli link).
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { build, type Metafile } from 'esbuild';
import { writeAtomically } from '../../../server/cli/link.ts';
import { readZip, writeZip } from '../../../server/engine/package/zip.ts';
import { runCli } from '../../helpers/cli-capture.ts';
import { buildDocx, p } from '../../helpers/docx-builder.ts';
import { oleFile } from '../../helpers/ole-file.ts';

const REPO = new URL('../../../', import.meta.url).pathname;
const SAMPLE = join(REPO, 'examples/sample.docx');
const dir = mkdtempSync(join(tmpdir(), 'hl-cli-link-'));
after(() => rmSync(dir, { recursive: true, force: true }));

interface LinkRun {
  code: number;
  result: { statCounts: Record<string, number>; stats: { bibliographyRewritten?: number }; warnings: string[] } | null;
  stderr: string;
}

/** Runs `hyperlinker link SAMPLE -o OUT --json ...options`, capturing stdout (the ApplyResult) and stderr. */
async function link(...options: string[]): Promise<LinkRun> {
  const r = await runCli(['link', SAMPLE, '-o', join(dir, 'out.docx'), '--json', ...options]);
  return { code: r.code, result: r.out ? (JSON.parse(r.out) as LinkRun['result']) : null, stderr: r.err };
}

/** Every module reached from `entry` through static imports (dynamic imports load on demand). */
async function staticClosure(entry: string): Promise<Set<string>> {
  const { metafile } = await build({ absWorkingDir: REPO, entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', target: 'node20', write: false, outdir: 'unused', metafile: true, logLevel: 'silent' });
  const inputs: Metafile['inputs'] = metafile.inputs;
  const seen = new Set([entry]);
  const queue = [entry];
  while (queue.length) {
    for (const imp of inputs[queue.shift()!]?.imports ?? []) {
      if (imp.kind === 'dynamic-import' || seen.has(imp.path)) continue;
      seen.add(imp.path);
      queue.push(imp.path);
    }
  }
  return seen;
}

test('link loads zod, citeproc, the CSL modules and the resolver only when an option asks for them, and no fast-xml-parser', async () => {
  const loaded = [...(await staticClosure('server/cli/link.ts'))];
  assert.ok(loaded.includes('server/engine/index.ts'), 'the engine is a static import');
  for (const unwanted of ['node_modules/zod/', 'node_modules/citeproc/', 'node_modules/fast-xml-parser/', 'server/csl/', 'server/resolver/', 'server/citation-style/', 'shared/settings.ts']) {
    assert.deepEqual(loaded.filter((f) => f.startsWith(unwanted)), [], `${unwanted} is imported statically`);
  }
});

test('link --settings: given settings are checked by the schema and applied; defaults without it', async () => {
  const plain = await link();
  assert.equal(plain.code, 0, plain.stderr);
  assert.ok(plain.result!.statCounts.figures! > 0, 'the sample cites figures');
  const noFigures = await link('--settings', '{"figures":"off"}');
  assert.equal(noFigures.code, 0, noFigures.stderr);
  assert.equal(noFigures.result!.statCounts.figures, 0);
  assert.equal(noFigures.result!.statCounts.citations, plain.result!.statCounts.citations);
  const badJson = await link('--settings', '{figures');
  assert.equal(badJson.code, 1);
  assert.match(badJson.stderr, /--settings is not valid JSON/);
  const badValue = await link('--settings', '{"figures":"sideways"}');
  assert.equal(badValue.code, 1);
  assert.match(badValue.stderr, /settings field 'figures'/);
});

test('link --style rewrites the whole reference list or refuses and writes nothing; an unknown style or two styles fail before linking', async () => {
  const out = join(dir, 'out.docx');
  rmSync(out, { force: true });
  // The sample cites by number and its books (edition, place and publisher, fields the reader does not separate) cannot
  // be rendered in Vancouver: refused, each one named.
  const refused = await link('--style', 'vancouver');
  assert.equal(refused.code, 1);
  const blocked = Number(/rewrite into nlm-citation-sequence was refused and nothing was written: (\d+) of 37 entries/.exec(refused.stderr)?.[1]);
  assert.ok(blocked >= 5 && blocked < 37, refused.stderr);
  assert.equal(refused.stderr.split('\n').filter((l) => /^ {2}Reference \d+: /.test(l)).length, blocked, 'each blocking entry on its own line');
  assert.match(refused.stderr, /\n {2}Reference 1: fields read run together: the journal reads "4th Edition\. Oxford\. Oxford University Press"/);
  assert.equal(existsSync(out), false, 'no output when the rewrite is refused');
  const form = await link('--style', 'apa');
  assert.equal(form.code, 1);
  assert.match(form.stderr, /entries cannot be rendered in apa \(listed\); nothing was rewritten \(a change of citation form is never partial\)/);
  const partial = await link('--style', 'vancouver', '--settings', '{"bibRewritePartial":true}');
  assert.equal(partial.code, 0, partial.stderr);
  assert.equal(partial.result!.stats.bibliographyRewritten, 37 - blocked);
  assert.match(partial.result!.warnings.join('\n'), new RegExp(`Bibliography rewrite \\(nlm-citation-sequence\\): 37 entries, ${37 - blocked} rewritten, 0 already in the style, ${blocked} kept as written`));
  const unknown = await link('--style', 'no-such-style-anywhere');
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /names no known CSL style/);
  const both = await link('--style', 'apa', '--csl', join(dir, 'x.csl'));
  assert.equal(both.code, 2, 'a usage error');
  assert.match(both.stderr, /either --style or --csl/);
});

test('bad input: non-zero exit, no output file, no temp file left', async () => {
  const own = mkdtempSync(join(dir, 'bad-'));
  writeFileSync(join(own, 'bad.docx'), 'not a zip');
  const r = await runCli(['link', join(own, 'bad.docx'), '-o', join(own, 'out.docx')]);
  assert.notEqual(r.code, 0);
  assert.match(r.err, /^hyperlinker link: /);
  assert.deepEqual(readdirSync(own), ['bad.docx']);
  assert.equal((await runCli(['link', join(own, 'bad.docx')])).code, 2, 'missing -o: a usage error');
});

test('writeAtomically replaces the target in one rename', () => {
  const own = mkdtempSync(join(dir, 'atomic-'));
  const out = join(own, 'o.docx');
  writeAtomically(out, new Uint8Array([1, 2, 3]));
  assert.ok(existsSync(out));
  assert.deepEqual(readdirSync(own), ['o.docx']);
});

test('a macro-enabled package: non-zero exit naming macro-enabled, no output file', async () => {
  const base = readZip(await buildDocx({ body: p('Text.') }));
  const docm = writeZip([...base.names().map((name) => ({ name, copyFrom: base })), { name: 'word/vbaProject.bin', data: new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]) }]);
  const own = mkdtempSync(join(dir, 'macro-'));
  writeFileSync(join(own, 'macro.docx'), docm);
  const r = await runCli(['link', join(own, 'macro.docx'), '-o', join(own, 'out.docx')]);
  assert.notEqual(r.code, 0);
  assert.match(r.err, /macro-enabled/);
  assert.deepEqual(readdirSync(own), ['macro.docx']);
});

test('a Word 97–2003 .doc: non-zero exit saying so (save it as .docx), no output file', async () => {
  const own = mkdtempSync(join(dir, 'doc-'));
  writeFileSync(join(own, 'old.doc'), oleFile(['WordDocument', '1Table']));
  const r = await runCli(['link', join(own, 'old.doc'), '-o', join(own, 'out.docx')]);
  assert.notEqual(r.code, 0);
  assert.match(r.err, /DOCX rejected \(legacy-doc\): this is a Word 97–2003 \.doc file: save it as \.docx/);
  assert.deepEqual(readdirSync(own), ['old.doc']);
});

test('a misspelt option is an error naming it, before anything is linked or written', async () => {
  const own = mkdtempSync(join(dir, 'typo-'));
  const r = await runCli(['link', SAMPLE, '--stlye', 'apa', '-o', join(own, 'out.docx')]);
  assert.equal(r.code, 2);
  assert.match(r.err, /^hyperlinker link: unknown option --stlye \(known: /);
  assert.deepEqual(readdirSync(own), []);
});

test('a person gets one summary line on stderr and nothing on stdout; --json adds the ApplyResult; --quiet says nothing', async () => {
  const own = mkdtempSync(join(dir, 'human-'));
  const out = join(own, 'linked.docx');
  const human = await runCli(['link', SAMPLE, '-o', out]);
  assert.equal(human.code, 0, human.err);
  assert.equal(human.out, '');
  assert.match(human.err, /^Linked \d+ mentions in sample\.docx → .*linked\.docx: \d+ citations, \d+ figures, \d+ equations\n$/);
  assert.doesNotMatch(human.err, /\x1b\[/, 'no colour on a pipe');
  const machine = await runCli(['link', SAMPLE, '-o', out, '--json']);
  const result = JSON.parse(machine.out) as { linkCount: number; needReview: number };
  assert.match(machine.err, new RegExp(`^Linked ${result.linkCount} mentions`));
  assert.equal(typeof result.needReview, 'number');
  const quiet = await runCli(['link', SAMPLE, '-o', out, '--quiet']);
  assert.equal(quiet.code, 0);
  assert.equal(quiet.out + quiet.err, '');
});

test('several inputs need --out-dir; -o and --out-dir together are a usage error', async () => {
  const own = mkdtempSync(join(dir, 'many-'));
  const two = await runCli(['link', SAMPLE, SAMPLE, '-o', join(own, 'o.docx')]);
  assert.equal(two.code, 2);
  assert.match(two.err, /2 input files: link several with --out-dir DIR/);
  const both = await runCli(['link', SAMPLE, '-o', join(own, 'o.docx'), '--out-dir', own]);
  assert.equal(both.code, 2);
  assert.match(both.err, /either -o OUT\.docx .* or --out-dir DIR/);
  assert.deepEqual(readdirSync(own), []);
});
