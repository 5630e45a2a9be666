// Command-line arguments: positional arguments and flags (--name value, --name=value, boolean flags,
// aliases), --settings inline or from a file, and the input file read with clear messages.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { parseArgs, readInput, settingsFrom } from '../../../server/cli/args.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';

const dir = mkdtempSync(join(tmpdir(), 'cli-args-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('positional arguments and flags in any order; boolean flags take no value; aliases', () => {
  const { positional, flags } = parseArgs(['in.docx', '--settings', '{}', '--json', '-o', 'out.docx', '--style=apa', 'extra'], ['json'], { '-o': 'out' });
  assert.deepEqual(positional, ['in.docx', 'extra']);
  assert.deepEqual([...flags], [['settings', '{}'], ['json', true], ['out', 'out.docx'], ['style', 'apa']]);
});

test('given the known value flags, any other flag is an error naming it and the known ones', () => {
  const known = ['settings', 'style'];
  assert.deepEqual([...parseArgs(['a.docx', '--style', 'apa', '--compact'], ['compact'], {}, known).flags.keys()], ['style', 'compact']);
  assert.throws(() => parseArgs(['a.docx', '--stlye', 'apa'], ['compact'], {}, known), /^Error: unknown option --stlye \(known: --settings, --style, --compact\)$/);
  assert.throws(() => parseArgs(['a.docx', '--stlye=apa'], [], {}, known), /unknown option --stlye /);
  assert.throws(() => parseArgs(['a.docx', '--no-cach'], [], {}, known), /unknown option --no-cach /);
});

test('a flag missing its value is an error that names it', () => {
  assert.throws(() => parseArgs(['in.docx', '--settings']), /option --settings needs a value/);
});

test('--settings: absent is the defaults; inline JSON; @file; bad JSON a clear message; a bad value names its field', async () => {
  const defaults = await settingsFrom(new Map());
  assert.deepEqual(defaults, DEFAULT_SETTINGS);
  assert.equal((await settingsFrom(new Map([['settings', '{"figures":"full"}']]))).figures, 'full');
  const file = join(dir, 's.json');
  writeFileSync(file, '{"tables":"off"}');
  assert.equal((await settingsFrom(new Map([['settings', `@${file}`]]))).tables, 'off');
  assert.deepEqual(await settingsFrom(new Map([['settings', true]])), defaults);
  await assert.rejects(settingsFrom(new Map([['settings', '{figures']])), /--settings is not valid JSON/);
  await assert.rejects(settingsFrom(new Map([['settings', '{"figures":"x"}']])), /figures/);
});

test('readInput: the bytes, or a message for no path, a missing file, a directory', () => {
  const file = join(dir, 'in.docx');
  writeFileSync(file, 'PK');
  assert.deepEqual([...readInput(file)], [0x50, 0x4b]);
  assert.throws(() => readInput(undefined), /no input file given/);
  assert.throws(() => readInput(join(dir, 'missing.docx')), /no such file/);
  assert.throws(() => readInput(dir), /it is a directory/);
});
