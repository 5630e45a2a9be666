// The style profiles' directory stays bounded: when profiles.ts writes a new profile file, the older ones
// (other styles, probes or versions) are removed but for the newest few.

import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Profile files a directory keeps, the one just written among them. */
const MAX_PROFILE_FILES = 4;

/** Keeps the newest MAX_PROFILE_FILES profile files of the directory (`keep` among them), removes the rest. */
export function pruneProfiles(dir: string, keep: string): void {
  const others = readdirSync(dir)
    .filter((f) => /^profiles-[0-9a-f]+\.json$/.test(f) && join(dir, f) !== keep)
    .map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  for (const o of others.slice(MAX_PROFILE_FILES - 1)) rmSync(join(dir, o.f), { force: true });
}
