// The command line's ResolverCache: one JSON file per answer under the user's cache directory
// ($XDG_CACHE_HOME/hyperlinker/resolver, else ~/.cache/hyperlinker/resolver), fanned out by the
// first two hex digits of the key. Expired or unreadable entries count as misses; writes are atomic.
// The style-detection outcome of a list is kept the same way under its own key (`style` instead of
// `value`).

import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { StyleDetectionOutcome } from '../engine/citation-style-hooks.ts';
import type { CachedResolution, ResolverCache } from './ports.ts';
import { isStyleOutcome } from './style-cache.ts';

export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.startsWith('/') ? env.XDG_CACHE_HOME : join(homedir(), '.cache');
  return join(base, 'hyperlinker', 'resolver');
}

interface Entry {
  expiresAt: number;
  value?: CachedResolution;
  style?: StyleDetectionOutcome;
}

export class FileCache implements ResolverCache {
  constructor(readonly dir: string = defaultCacheDir(), private readonly now: () => number = Date.now) {}

  private path(key: string): string {
    if (!/^[0-9a-f]{16,128}$/.test(key)) throw new Error('cache keys are hex digests');
    return join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  private read(key: string): Entry | null {
    try {
      const entry = JSON.parse(readFileSync(this.path(key), 'utf8')) as Entry;
      return typeof entry.expiresAt === 'number' && entry.expiresAt > this.now() ? entry : null;
    } catch {
      return null;
    }
  }

  private write(key: string, entry: Entry): void {
    const path = this.path(key);
    mkdirSync(join(this.dir, key.slice(0, 2)), { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    try {
      writeFileSync(tmp, JSON.stringify(entry));
      renameSync(tmp, path);
    } catch {
      rmSync(tmp, { force: true });
    }
  }

  async get(key: string): Promise<CachedResolution | null> {
    const value = this.read(key)?.value;
    return value?.status ? value : null;
  }

  async put(key: string, value: CachedResolution, ttlMs: number): Promise<void> {
    this.write(key, { expiresAt: this.now() + ttlMs, value });
  }

  async getStyle(key: string): Promise<StyleDetectionOutcome | null> {
    const style = this.read(key)?.style;
    return isStyleOutcome(style) ? style : null;
  }

  async putStyle(key: string, value: StyleDetectionOutcome, ttlMs: number): Promise<void> {
    this.write(key, { expiresAt: this.now() + ttlMs, style: value });
  }
}
