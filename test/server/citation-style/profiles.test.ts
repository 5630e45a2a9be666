// Style profiles: every candidate style rendered once on the probe works, kept on disk under a versioned
// name (a hash of the profile version, the probes and every style's XML), read back by the next process
// without rendering. (The directory's bound: profile-files.test.ts.)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { styleProfiles } from '../../../server/citation-style/profiles.ts';
import { probes } from '../../../server/citation-style/probes.ts';

/** The cache directory the profiles header names: $STYLE_PROFILE_DIR, else $XDG_CACHE_HOME/…, else ~/.cache/…. */
function defaultDir(env: NodeJS.ProcessEnv): string {
  if (env.STYLE_PROFILE_DIR) return env.STYLE_PROFILE_DIR;
  const base = env.XDG_CACHE_HOME?.startsWith('/') ? env.XDG_CACHE_HOME : join(homedir(), '.cache');
  return join(base, 'hyperlinker', 'style-profiles');
}

test('profiles are written to the cache and read back by the next process without rendering any style', () => {
  const first = styleProfiles();
  assert.ok(first.has('apa') && first.has('former:plos-2014'));
  assert.equal(first.get('apa')!.templates.length, probes().length);
  const cache = defaultDir(process.env);
  const files = readdirSync(cache).filter((f) => /^profiles-[0-9a-f]{24}\.json$/.test(f));
  assert.ok(files.length >= 1, 'written to the cache under a hashed name');
  const dir = mkdtempSync(join(tmpdir(), 'style-profiles-'));
  try {
    for (const f of files) copyFileSync(join(cache, f), join(dir, f));
    const profiles = fileURLToPath(new URL('../../../server/citation-style/profiles.ts', import.meta.url));
    const engines = fileURLToPath(new URL('../../helpers/citeproc-engines.ts', import.meta.url));
    const script = `const { citeprocEnginesBuilt } = await import(${JSON.stringify(engines)}); const { styleProfiles } = await import(${JSON.stringify(profiles)});
      const apa = styleProfiles({ STYLE_PROFILE_DIR: ${JSON.stringify(dir)} }).get('apa');
      process.stdout.write(JSON.stringify({ engines: citeprocEnginesBuilt(), apa }));`;
    const next = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.equal(next.status, 0, next.stderr);
    const read = JSON.parse(next.stdout) as { engines: number; apa: unknown };
    assert.equal(read.engines, 0, 'no citeproc engine');
    assert.deepEqual(read.apa, first.get('apa'));
    assert.deepEqual(readdirSync(dir).sort(), [...files].sort(), 'read, not written again');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
