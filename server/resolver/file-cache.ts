// The command line's ResolverCache: one JSON file per answer under the user's cache directory
// ($XDG_CACHE_HOME/hyperlinker/resolver, else ~/.cache/hyperlinker/resolver), fanned out by the
// first two hex digits of the key. Expired or unreadable entries count as misses; writes are atomic.

import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { CachedResolution, ResolverCache } from './ports.ts';

export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.startsWith('/') ? env.XDG_CACHE_HOME : join(homedir(), '.cache');
  return join(base, 'hyperlinker', 'resolver');
}

interface Entry {
  expiresAt: number;
  value: CachedResolution;
}

export class FileCache implements ResolverCache {
  constructor(readonly dir: string = defaultCacheDir(), private readonly now: () => number = Date.now) {}

  private path(key: string): string {
    if (!/^[0-9a-f]{16,128}$/.test(key)) throw new Error('cache keys are hex digests');
    return join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  async get(key: string): Promise<CachedResolution | null> {
    try {
      const entry = JSON.parse(readFileSync(this.path(key), 'utf8')) as Entry;
      if (typeof entry.expiresAt !== 'number' || entry.expiresAt <= this.now() || !entry.value?.status) return null;
      return entry.value;
    } catch {
      return null;
    }
  }

  async put(key: string, value: CachedResolution, ttlMs: number): Promise<void> {
    const path = this.path(key);
    mkdirSync(join(this.dir, key.slice(0, 2)), { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    try {
      writeFileSync(tmp, JSON.stringify({ expiresAt: this.now() + ttlMs, value } satisfies Entry));
      renameSync(tmp, path);
    } catch {
      rmSync(tmp, { force: true });
    }
  }
}
