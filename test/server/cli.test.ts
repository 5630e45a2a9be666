// `hyperlinker link`: writes the output atomically, never a half-written file on bad input.

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { main } from '../../server/cli.ts';
import { writeAtomically } from '../../server/cli/link.ts';

test('bad input: non-zero exit, no output file, no temp file left', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hl-cli-'));
  writeFileSync(join(dir, 'bad.docx'), 'not a zip');
  const code = await main(['link', join(dir, 'bad.docx'), '-o', join(dir, 'out.docx')]);
  assert.notEqual(code, 0);
  assert.deepEqual(readdirSync(dir), ['bad.docx']);
  assert.notEqual(await main(['link', join(dir, 'bad.docx')]), 0, 'missing -o');
});

test('writeAtomically replaces the target in one rename', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hl-cli-'));
  const out = join(dir, 'o.docx');
  writeAtomically(out, new Uint8Array([1, 2, 3]));
  assert.ok(existsSync(out));
  assert.deepEqual(readdirSync(dir), ['o.docx']);
});

test('a macro-enabled package: non-zero exit naming macro-enabled, no output file', async () => {
  const { buildDocx, p } = await import('../helpers/docx-builder.ts');
  const { readZip, writeZip } = await import('../../server/engine/package/zip.ts');
  const base = readZip(await buildDocx({ body: p('Text.') }));
  const docm = writeZip([...base.names().map((name) => ({ name, copyFrom: base })), { name: 'word/vbaProject.bin', data: new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]) }]);
  const dir = mkdtempSync(join(tmpdir(), 'hl-cli-'));
  writeFileSync(join(dir, 'macro.docx'), docm);
  const errors: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => { errors.push(args.join(' ')); };
  let code: number;
  try {
    code = await main(['link', join(dir, 'macro.docx'), '-o', join(dir, 'out.docx')]);
  } finally {
    console.error = original;
  }
  assert.notEqual(code, 0);
  assert.match(errors.join('\n'), /macro-enabled/);
  assert.deepEqual(readdirSync(dir), ['macro.docx']);
});
