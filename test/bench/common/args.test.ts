import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { headerOf, listArg, numberArg, rangeArg, readBenchArgs, UsageError } from '../../../bench/common/args.ts';

const OPTIONS = { docs: { type: 'string' }, verbose: { type: 'boolean', short: 'v' }, errors: { type: 'string' } } as const;

test('readBenchArgs: options, short aliases and --help through the CLI parser', () => {
  const { values, positional } = readBenchArgs(['--docs', '3', '-v', 'probe-a', '--help'], OPTIONS);
  assert.equal(values.docs, '3');
  assert.equal(values.verbose, true);
  assert.equal(values.help, true);
  assert.deepEqual(positional, ['probe-a']);
});

test('readBenchArgs: a misspelt option is a usage error, never ignored', () => {
  assert.throws(() => readBenchArgs(['--dcos', '3'], OPTIONS), (err: unknown) => err instanceof UsageError && /unknown option --dcos/.test(err.message));
  assert.throws(() => readBenchArgs(['--docs'], OPTIONS), UsageError);
});

test('readBenchArgs: an option that may stand alone takes its bare value, and a given one', () => {
  const extra = { bare: { errors: '15' } };
  assert.equal(readBenchArgs(['--errors'], OPTIONS, extra).values.errors, '15');
  assert.equal(readBenchArgs(['--errors', '--docs', '2'], OPTIONS, extra).values.errors, '15');
  assert.equal(readBenchArgs(['--errors', '30'], OPTIONS, extra).values.errors, '30');
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

test('headerOf: the leading // comment of a bench, without its marks', () => {
  assert.equal(headerOf('// npm run bench:x [-- --docs N]\n//\n//   --docs N  first N\nimport x;\n// later'), 'npm run bench:x [-- --docs N]\n\n  --docs N  first N');
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
