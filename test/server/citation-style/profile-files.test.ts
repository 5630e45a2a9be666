// The style profiles' directory keeps the newest four profile files, the one just written among them.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pruneProfiles } from '../../../server/citation-style/profile-files.ts';

test('the directory keeps the newest files only, the current one however old, and nothing else is touched', () => {
  const dir = mkdtempSync(join(tmpdir(), 'style-profiles-'));
  try {
    const names = Array.from({ length: 7 }, (_, i) => `profiles-${String(i).padStart(4, '0')}abcd.json`);
    names.forEach((n, i) => {
      writeFileSync(join(dir, n), '{}');
      utimesSync(join(dir, n), 1_000_000 + i, 1_000_000 + i);
    });
    writeFileSync(join(dir, 'unrelated.txt'), 'kept');
    const current = join(dir, names[0]!);
    pruneProfiles(dir, current);
    const left = readdirSync(dir).sort();
    assert.deepEqual(left, [names[0]!, ...names.slice(4), 'unrelated.txt'], 'the current file and the three newest others');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
