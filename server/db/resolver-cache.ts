// The resolver's answers in MySQL (migration 9), shared by every process: keyed by cacheKey() (the
// resolver version, the written DOI and the normalised reference text, hashed), each row with its own
// expiry (the resolver keeps positive answers longer than negative ones). Expired rows and rows of
// an earlier resolver version are never returned and are purged in batches. The style-detection
// outcome of a list shares the table (status 'style', its own content-addressed key), so a warm
// resolve renders no style either.

import type { Pool, RowDataPacket } from 'mysql2/promise';
import { RESOLVER_VERSION } from '../resolver/cache-key.ts';
import type { StyleDetectionOutcome } from '../engine/citation-style-hooks.ts';
import type { CachedResolution, ResolverCache } from '../resolver/ports.ts';
import { isStyleOutcome } from '../resolver/style-cache.ts';
import { execute, selectRows } from './connection.ts';

const STATUSES = new Set(['ready', 'low_confidence', 'unmatched']);
const MAX_TTL_MS = 365 * 24 * 3600 * 1000;
/** The status column of a style-detection row (never one of the answers' statuses). */
const STYLE_STATUS = 'style';

function isCachedResolution(v: unknown): v is CachedResolution {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  const codes = Array.isArray(o.reasons) && o.reasons.every((r) => typeof (r as { code?: unknown } | null)?.code === 'string');
  return typeof o.status === 'string' && STATUSES.has(o.status) && codes && (o.work === null || (typeof o.work === 'object' && o.work !== null));
}

export class MysqlResolverCache implements ResolverCache {
  constructor(private readonly pool: Pool, private readonly version: string = RESOLVER_VERSION) {}

  private async read(key: string): Promise<unknown> {
    const [row] = await selectRows<{ answer_json: string } & RowDataPacket>(
      this.pool,
      'SELECT answer_json FROM resolver_cache WHERE cache_key = ? AND resolver_version = ? AND expires_at > NOW(3)',
      [key, this.version],
    );
    if (!row) return null;
    try {
      return JSON.parse(row.answer_json) as unknown;
    } catch {
      return null;
    }
  }

  async get(key: string): Promise<CachedResolution | null> {
    const value = await this.read(key);
    return isCachedResolution(value) ? value : null;
  }

  async put(key: string, value: CachedResolution, ttlMs: number): Promise<void> {
    if (!isCachedResolution(value)) return; // only the resolver's own answers
    await this.write(key, value.status, value, ttlMs);
  }

  async getStyle(key: string): Promise<StyleDetectionOutcome | null> {
    const value = await this.read(key);
    return isStyleOutcome(value) ? value : null;
  }

  async putStyle(key: string, value: StyleDetectionOutcome, ttlMs: number): Promise<void> {
    if (!isStyleOutcome(value)) return;
    await this.write(key, STYLE_STATUS, value, ttlMs);
  }

  private async write(key: string, status: string, value: unknown, ttlMs: number): Promise<void> {
    if (!/^[0-9a-f]{64}$/.test(key)) return; // only the resolver's own keys
    const ttl = Math.max(0, Math.min(Math.round(ttlMs), MAX_TTL_MS));
    await execute(
      this.pool,
      `INSERT INTO resolver_cache (cache_key, resolver_version, status, answer_json, expires_at)
       VALUES (?, ?, ?, ?, DATE_ADD(NOW(3), INTERVAL ? MICROSECOND))
       ON DUPLICATE KEY UPDATE resolver_version = VALUES(resolver_version), status = VALUES(status), answer_json = VALUES(answer_json),
         created_at = NOW(3), expires_at = VALUES(expires_at)`,
      [key, this.version, status, JSON.stringify(value), ttl * 1000],
    );
  }

  /** Deletes expired rows and rows of other resolver versions, at most `batch` of each; returns how many went. */
  async purge(batch = 5000): Promise<number> {
    const expired = await execute(this.pool, 'DELETE FROM resolver_cache WHERE expires_at <= NOW(3) LIMIT ?', [batch]);
    const stale = await execute(this.pool, 'DELETE FROM resolver_cache WHERE resolver_version <> ? LIMIT ?', [this.version, batch]);
    return expired.affectedRows + stale.affectedRows;
  }

  /** Number of live answers (tests, diagnostics). */
  async size(): Promise<number> {
    const [row] = await selectRows<{ n: number } & RowDataPacket>(this.pool, 'SELECT COUNT(*) AS n FROM resolver_cache WHERE expires_at > NOW(3)');
    return Number(row?.n ?? 0);
  }
}
