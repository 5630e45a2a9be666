// Command-line arguments: one parser for every command (node:util parseArgs, strict): positional arguments
// anywhere, --name value, --name=value, boolean flags, short aliases; usage mistakes are UsageErrors naming the
// option; --settings inline or from a file; the input file read with clear messages.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { parseCommandArgs, readInput, settingsFrom, UsageError } from '../../../server/cli/args.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';

const dir = mkdtempSync(join(tmpdir(), 'cli-args-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const OPTIONS = { settings: { type: 'string' }, style: { type: 'string' }, json: { type: 'boolean' }, output: { type: 'string', short: 'o' } } as const;

test('positional arguments and options in any order; boolean flags take no value; short aliases; --name=value', () => {
  const { positional, values } = parseCommandArgs(['in.docx', '--settings', '{}', '--json', '-o', 'out.docx', '--style=apa', 'extra'], OPTIONS);
  assert.deepEqual(positional, ['in.docx', 'extra']);
  assert.deepEqual({ ...values }, { settings: '{}', json: true, output: 'out.docx', style: 'apa' });
});

test('an unknown option is a UsageError naming it and the known ones', () => {
  const known = /\(known: --settings, --style, --json, --output\)$/;
  for (const args of [['a.docx', '--stlye', 'apa'], ['a.docx', '--stlye=apa'], ['a.docx', '--no-cach']]) {
    assert.throws(() => parseCommandArgs(args, OPTIONS), (err: unknown) => err instanceof UsageError && err.message.startsWith(`unknown option ${args[1]!.split('=')[0]} `) && known.test(err.message));
  }
});

test('an option missing its value, or a flag given one, is a UsageError that names it', () => {
  assert.throws(() => parseCommandArgs(['in.docx', '--settings'], OPTIONS), (e: unknown) => e instanceof UsageError && e.message === 'option --settings needs a value');
  assert.throws(() => parseCommandArgs(['in.docx', '-o'], OPTIONS), (e: unknown) => e instanceof UsageError && e.message === 'option --output needs a value');
  assert.throws(() => parseCommandArgs(['in.docx', '--json=yes'], OPTIONS), (e: unknown) => e instanceof UsageError && e.message === 'option --json takes no value');
});

test('--settings: absent is the defaults; inline JSON; @file; bad JSON a clear message; a bad value names its field', async () => {
  const defaults = await settingsFrom(undefined);
  assert.deepEqual(defaults, DEFAULT_SETTINGS);
  assert.equal((await settingsFrom('{"figures":"full"}')).figures, 'full');
  const file = join(dir, 's.json');
  writeFileSync(file, '{"tables":"off"}');
  assert.equal((await settingsFrom(`@${file}`)).tables, 'off');
  await assert.rejects(settingsFrom('{figures'), /--settings is not valid JSON/);
  await assert.rejects(settingsFrom('{"figures":"x"}'), /figures/);
});

test('readInput: the bytes, or a message for no path (a usage error), a missing file, a directory', () => {
  const file = join(dir, 'in.docx');
  writeFileSync(file, 'PK');
  assert.deepEqual([...readInput(file)], [0x50, 0x4b]);
  assert.throws(() => readInput(undefined), (e: unknown) => e instanceof UsageError && /no input file given/.test(e.message));
  assert.throws(() => readInput(join(dir, 'missing.docx')), /no such file/);
  assert.throws(() => readInput(dir), /it is a directory/);
});
