import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mock, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchArgs, listArg, numberArg, rangeArg, UsageError, type BenchArgOptions } from '../../../bench/common/args.ts';

const OPTIONS = { docs: { type: 'string' }, verbose: { type: 'boolean', short: 'v' }, errors: { type: 'string' } } as const;

/** benchArgs in this process: process.exit and the console caught, so --help and usage errors can be read. */
function runBenchArgs(argv: string[], extra: BenchArgOptions = {}, script = import.meta.url) {
  const out: string[] = [];
  const err: string[] = [];
  const exit = mock.method(process, 'exit', (code?: number) => {
    throw Object.assign(new Error('exit'), { exitCode: code });
  });
  const log = mock.method(console, 'log', (s: string) => void out.push(s));
  const error = mock.method(console, 'error', (s: string) => void err.push(s));
  try {
    const parsed = benchArgs(script, OPTIONS, (p) => p, extra, argv);
    return { parsed, code: null, out, err };
  } catch (e) {
    if (!(e instanceof Error) || !('exitCode' in e)) throw e;
    return { parsed: null, code: e.exitCode as number, out, err };
  } finally {
    exit.mock.restore();
    log.mock.restore();
    error.mock.restore();
  }
}

test('benchArgs: options, short aliases and --help through the CLI parser', () => {
  const { parsed } = runBenchArgs(['--docs', '3', '-v', 'probe-a']);
  assert.equal(parsed?.values.docs, '3');
  assert.equal(parsed?.values.verbose, true);
  assert.deepEqual(parsed?.positional, ['probe-a']);
  const help = runBenchArgs(['--docs', '3', '-v', 'probe-a', '--help']);
  assert.equal(help.code, 0, '--help read among the other options answers and ends');
});

test('benchArgs: a misspelt option is a usage error, never ignored (exit 2)', () => {
  const misspelt = runBenchArgs(['--dcos', '3']);
  assert.equal(misspelt.code, 2);
  assert.match(misspelt.err.join('\n'), /unknown option --dcos/);
  assert.equal(runBenchArgs(['--docs']).code, 2);
});

test('benchArgs: an option that may stand alone takes its bare value, and a given one', () => {
  const extra = { bare: { errors: '15' } };
  assert.equal(runBenchArgs(['--errors'], extra).parsed?.values.errors, '15');
  assert.equal(runBenchArgs(['--errors', '--docs', '2'], extra).parsed?.values.errors, '15');
  assert.equal(runBenchArgs(['--errors', '30'], extra).parsed?.values.errors, '30');
});

test('numberArg, rangeArg, listArg: values read, the fallback when absent, a usage error naming the option', () => {
  assert.equal(numberArg('4', 'docs', 3), 4);
  assert.equal(numberArg(undefined, 'docs', 3), 3);
  assert.equal(numberArg(undefined, 'docs'), undefined);
  assert.throws(() => numberArg('three', 'docs', 3), /--docs takes a number, not 'three'/);
  assert.throws(() => numberArg('', 'docs', 3), UsageError);
  assert.deepEqual(rangeArg('100,300', 'latency', [200, 500]), [100, 300]);
  assert.deepEqual(rangeArg(undefined, 'latency', [200, 500]), [200, 500]);
  assert.throws(() => rangeArg('100', 'latency', [200, 500]), /--latency takes MIN,MAX/);
  assert.deepEqual(listArg(' citation, figure ,,'), ['citation', 'figure']);
  assert.deepEqual(listArg(undefined), []);
});

test('--help prints the leading // comment of the bench, without its marks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-args-'));
  try {
    const script = join(dir, 'bench-x.ts');
    writeFileSync(script, '// npm run bench:x [-- --docs N]\n//\n//   --docs N  first N\nimport x;\n// later');
    const help = runBenchArgs(['--help'], {}, pathToFileURL(script).href);
    assert.equal(help.code, 0);
    assert.deepEqual(help.out, ['npm run bench:x [-- --docs N]\n\n  --docs N  first N']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a bench given a misspelt option exits 2 with the message; --help prints its header and exits 0', () => {
  const bench = fileURLToPath(new URL('../../../bench/checks.ts', import.meta.url));
  const bad = spawnSync(process.execPath, ['--import', 'tsx', bench, '--dco', 'x'], { encoding: 'utf8' });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /unknown option --dco \(known: --doc, .*\) \(--help lists the options\)/);
  const help = spawnSync(process.execPath, ['--import', 'tsx', bench, '--help'], { encoding: 'utf8' });
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^npm run bench:checks \[-- --doc PREFIX\]/);
});
