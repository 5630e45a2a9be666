// Style profiles: every candidate style rendered once on the probe works, kept on disk under a versioned
// name (a hash of the profile version, the probes and every style's XML), read back by the next process
// without rendering, the directory bounded to MAX_PROFILE_FILES files.
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { rendererConstructions } from '../../../server/csl/render.ts';
import { forgetProfiles, MAX_PROFILE_FILES, profileBuilds, profileFile, profileHash, pruneProfiles, styleProfiles } from '../../../server/citation-style/profiles.ts';
import { probes } from '../../../server/citation-style/probes.ts';

test('profiles are read back from the disk cache without rendering any style', () => {
  const first = styleProfiles();
  const file = profileFile();
  assert.ok(existsSync(file), 'written to the cache');
  assert.ok(first.has('apa') && first.has('former:plos-2014'));
  assert.equal(first.get('apa')!.templates.length, probes().length);
  const dir = mkdtempSync(join(tmpdir(), 'style-profiles-'));
  try {
    copyFileSync(file, join(dir, basename(file)));
    forgetProfiles();
    const builds = profileBuilds();
    const engines = rendererConstructions();
    const again = styleProfiles({ STYLE_PROFILE_DIR: dir });
    assert.equal(profileBuilds(), builds, 'no build');
    assert.equal(rendererConstructions(), engines, 'no citeproc engine');
    assert.deepEqual(again.get('apa'), first.get('apa'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
    forgetProfiles();
  }
});

test('the file name changes with the styles (versioned) and the directory keeps the newest files only', () => {
  assert.match(basename(profileFile()), new RegExp(`^profiles-${profileHash()}\\.json$`));
  const dir = mkdtempSync(join(tmpdir(), 'style-profiles-'));
  try {
    const names = Array.from({ length: MAX_PROFILE_FILES + 3 }, (_, i) => `profiles-${String(i).padStart(4, '0')}abcd.json`);
    names.forEach((n, i) => {
      writeFileSync(join(dir, n), '{}');
      utimesSync(join(dir, n), 1_000_000 + i, 1_000_000 + i);
    });
    writeFileSync(join(dir, 'unrelated.txt'), 'kept');
    const current = join(dir, names[0]!);
    pruneProfiles(dir, current);
    const left = readdirSync(dir).sort();
    assert.equal(left.filter((f) => f.startsWith('profiles-')).length, MAX_PROFILE_FILES);
    assert.ok(left.includes(names[0]!), 'the current file stays, however old');
    assert.ok(left.includes(names[names.length - 1]!), 'the newest others stay');
    assert.ok(left.includes('unrelated.txt'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
