// The allocator settings of server/common/allocator-env.ts are the ones every way of starting the service gives it:
// `npm start` (package.json) and the systemd unit of docs/deploy.md (the benches import the module itself).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ALLOCATOR_ENV } from '../../../server/common/allocator-env.ts';
import { REPO_ROOT } from '../../helpers/corpus.ts';

test('npm start sets each allocator variable before node starts', () => {
  const start = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start!;
  const [assignments, command] = start.split(/ node /, 2);
  assert.equal(command?.trim(), '--enable-source-maps dist/server/main.js');
  assert.deepEqual(Object.fromEntries(assignments!.split(' ').map((a) => a.split('='))), ALLOCATOR_ENV);
});

test('the systemd unit sets each allocator variable once, to the same value', () => {
  const unit = readFileSync(join(REPO_ROOT, 'deploy', 'hyperlinker@.service'), 'utf8');
  const set = [...unit.matchAll(/^Environment=(MALLOC_\w+)=(\S+)$/gm)].map((m) => [m[1], m[2]]);
  assert.deepEqual(Object.fromEntries(set), ALLOCATOR_ENV);
  assert.equal(set.length, Object.keys(ALLOCATOR_ENV).length);
});

test('the thresholds are fixed sizes below an upload, so glibc does not raise them (issue 22, item 6)', () => {
  for (const value of Object.values(ALLOCATOR_ENV)) {
    const bytes = Number(value);
    assert.ok(Number.isInteger(bytes) && bytes >= 4096 && bytes <= 1 << 20, value);
  }
});
