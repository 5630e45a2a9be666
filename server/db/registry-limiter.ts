// The registry limiter shared by every process of the service (Crossref counts requests per client,
// not per process). State lives in MySQL (migration 8):
//   registry_limits  one row per request class: the limits the registry announced (per window and
//                    at once) and a pause every process obeys (429 with Retry-After);
//   registry_slots   one row per granted request: when it left (granted_at: its grant, moved to the moment the
//                    client marks it sent; counted in a sliding window) and whether it is still in flight
//                    (released_at NULL and lease not expired).
// A 429 halves the share of the announced rate every process grants (registry_limits.rate_share, migration 15);
// it climbs back additively (server/resolver/aimd.ts). A row written from confirmed announcements says so
// (registry_limits.confirmed, migration 16): a new process then opens up at once instead of probing alone.
// A slot is granted inside a transaction that locks the limit rows, so two processes never both
// take the last slot. The window counts per class; the concurrency limit counts every class in flight. Times are the database's clock (NOW(3)), the one clock all processes share.
// Announced limits are untrusted: clamped (server/resolver/limits.ts) when announced and again when read
// from the table, and followed by this process alone until confirmed (the same announcement on several
// answers over a few seconds) before they are written for every process.

import type { Pool, PoolConnection, RowDataPacket } from 'mysql2/promise';
import type { LimiterSlot, RateLimits, RegistryLimiter, RequestClass } from '../resolver/ports.ts';
import { clampLimits } from '../resolver/limits.ts';
import { afterRateLimited, sharedLimits, shareAt } from '../resolver/aimd.ts';
import { abortReason } from '../common/abort.ts';
import { execute, selectRows } from './connection.ts';

const DB_NOW_MS = 'CAST(ROUND(UNIX_TIMESTAMP(NOW(3)) * 1000) AS SIGNED)';
const CLASSES: readonly RequestClass[] = ['search', 'lookup'];
/** An account counts as waiting this long after its last try (tries come every poll or window). */
const WAITER_TTL_MS = 2_000;

export interface MysqlLimiterOptions {
  /** Limits to start from until the registry announces its own (the documented polite or public pool). */
  initial: Record<RequestClass, RateLimits>;
  /**
   * A slot's lease: renewed every third of it while its process lives, so a slot held by a process that
   * died (kill -9) is free again within this time. Default 5 s.
   */
  leaseMs?: number;
  /**
   * Added to the window, so that requests granted one window apart never reach the registry inside
   * one: the time between a grant and the request's arrival varies (event loop, connection set-up,
   * network). Default 100 ms plus 5% of the window.
   */
  marginMs?: number;
  /** Longest wait between two attempts when every concurrency slot is taken. Default 50 ms. */
  pollMs?: number;
  /**
   * An announcement is written for every process once this process saw it on `count` answers spanning at
   * least `spanMs` (default 5 answers over 2 s); until then only this process follows it.
   */
  confirmAfter?: { count: number; spanMs: number };
}

interface Announcement {
  limits: RateLimits;
  signature: string;
  seen: number;
  firstAt: number;
}

type Attempt = { slotId: number } | { waitMs: number };

interface LimitRow extends RowDataPacket {
  request_class: string;
  rate_limit: number;
  interval_ms: number;
  concurrency: number;
  paused_until: number;
  rate_share: number;
  rate_share_at: number;
  confirmed: number;
}

export class MysqlRegistryLimiter implements RegistryLimiter {
  private ready: Promise<void> | null = null;
  private readonly written = new Map<RequestClass, string>();
  /** This process's latest announcement per class (followed here at once, shared once confirmed). */
  private readonly announced = new Map<RequestClass, Announcement>();
  private readonly wakers = new Set<() => void>();
  private grants = 0;
  /** Slots of this process still in flight (their leases are renewed). */
  private readonly open = new Set<number>();
  private renewer: NodeJS.Timeout | null = null;
  /**
   * Until the registry first answers this process (or announces its limits), it takes a slot only when none is in
   * flight anywhere, unless the class's row holds limits confirmed by the registry's answers (to some process):
   * else they are the documented start ones, which the registry may not allow.
   */
  private probing = true;
  /** Requests of this process waiting, per account (an account's waiter row lapses when none is left). */
  private readonly waiting = new Map<string, number>();
  private readonly leaseMs: number;
  private readonly marginMs: number;
  private readonly pollMs: number;

  constructor(private readonly pool: Pool, private readonly options: MysqlLimiterOptions) {
    this.leaseMs = options.leaseMs ?? 5_000;
    this.marginMs = options.marginMs ?? -1;
    this.pollMs = options.pollMs ?? 50;
  }

  /** Rows for every class, with the starting limits (a row already there keeps what was announced). */
  private ensureRows(): Promise<void> {
    this.ready ??= (async () => {
      for (const c of CLASSES) {
        const l = this.options.initial[c];
        await execute(this.pool, 'INSERT IGNORE INTO registry_limits (request_class, rate_limit, interval_ms, concurrency) VALUES (?, ?, ?, ?)', [c, l.limit, l.intervalMs, l.concurrency]);
      }
    })().catch((err) => { this.ready = null; throw err; });
    return this.ready;
  }

  async acquire(requestClass: RequestClass, signal?: AbortSignal, account = ''): Promise<LimiterSlot> {
    await this.ensureRows();
    this.waiting.set(account, (this.waiting.get(account) ?? 0) + 1);
    try {
      for (;;) {
        if (signal?.aborted) throw abortReason(signal);
        const attempt = await this.attempt(requestClass, account);
        if ('slotId' in attempt) {
          if (signal?.aborted) { this.release(attempt.slotId); throw abortReason(signal); }
          return this.slot(attempt.slotId);
        }
        await this.sleep(attempt.waitMs, signal);
      }
    } finally {
      const left = (this.waiting.get(account) ?? 1) - 1;
      if (left > 0) this.waiting.set(account, left);
      else {
        this.waiting.delete(account);
        // Nothing of this account waits here any more: other accounts need not wait for its turn.
        if (account) execute(this.pool, 'UPDATE registry_waiters SET waiting_until = 0 WHERE account = ?', [account]).catch(() => undefined);
      }
    }
  }

  /** One try under the class's row lock: a slot, or how long to wait before the next try. */
  private async attempt(requestClass: RequestClass, account: string): Promise<Attempt> {
    const conn = await this.pool.getConnection();
    try {
      await conn.beginTransaction();
      try {
        const result = await this.attemptIn(conn, requestClass, account);
        await conn.commit();
        return result;
      } catch (err) {
        await conn.rollback().catch(() => undefined);
        if ((err as { code?: string }).code === 'ER_LOCK_DEADLOCK' || (err as { code?: string }).code === 'ER_LOCK_WAIT_TIMEOUT') return { waitMs: 5 };
        throw err;
      }
    } finally {
      conn.release();
    }
  }

  private async attemptIn(conn: PoolConnection, requestClass: RequestClass, account: string): Promise<Attempt> {
    // Both class rows are locked (in key order, so never a deadlock): the concurrency limit counts the
    // requests of every class in flight, as the registry does.
    const rows = await selectRows<LimitRow>(
      conn,
      'SELECT request_class, rate_limit, interval_ms, concurrency, paused_until, rate_share, rate_share_at, confirmed FROM registry_limits ORDER BY request_class FOR UPDATE',
    );
    const row = rows.find((r) => r.request_class === requestClass);
    if (!row) throw new Error(`registry_limits has no row for ${requestClass}`);
    // The time is read once the lock is held: NOW() in the locking statement is its start, before
    // any wait for the lock, and a grant recorded that early would let the next one in too soon.
    const [clock] = await selectRows<{ now_ms: number } & RowDataPacket>(conn, `SELECT ${DB_NOW_MS} AS now_ms`);
    const now = Number(clock!.now_ms);
    const pausedUntil = Math.max(...rows.map((r) => Number(r.paused_until)));
    if (pausedUntil > now) return { waitMs: pausedUntil - now };
    // Every try says the account waits, before the window and concurrency checks: a try that finds the registry
    // busy must still count, or an account whose polls keep landing while another account holds the slot is never
    // seen waiting and is served only when a poll happens to find the slot free.
    if (account) await this.markWaiting(conn, account, now);
    const limits = this.limitsFor(requestClass, row);
    const share = shareAt({ share: Number(row.rate_share), at: Number(row.rate_share_at) }, now, limits.intervalMs);
    const { limit, intervalMs: interval } = sharedLimits(limits.limit, limits.intervalMs, share);
    const span = Math.round(interval + (this.marginMs >= 0 ? this.marginMs : 100 + interval * 0.05));
    const recent = await selectRows<{ granted_at: number } & RowDataPacket>(
      conn,
      'SELECT granted_at FROM registry_slots WHERE request_class = ? AND granted_at > ? ORDER BY granted_at',
      [requestClass, now - span],
    );
    if (recent.length >= limit) {
      // The window frees a place when its (count − limit + 1)-th oldest grant leaves it.
      const frees = Number(recent[recent.length - limit]!.granted_at) + span;
      return { waitMs: Math.max(1, frees - now + 1) };
    }
    const [open] = await selectRows<{ n: number } & RowDataPacket>(
      conn,
      'SELECT COUNT(*) AS n FROM registry_slots WHERE released_at IS NULL AND expires_at > ?',
      [now],
    );
    const probing = this.probing && !Number(row.confirmed);
    if (Number(open!.n) >= (probing ? 1 : limits.concurrency)) return { waitMs: this.pollMs };
    if (account && !(await this.accountsTurn(conn, account, now))) return { waitMs: this.pollMs };
    const inserted = await execute(conn, 'INSERT INTO registry_slots (request_class, granted_at, expires_at) VALUES (?, ?, ?)', [requestClass, now, now + this.leaseMs]);
    if (account) await execute(conn, 'UPDATE registry_waiters SET last_granted_at = ? WHERE account = ?', [now, account]);
    this.grants++;
    if (this.grants % 200 === 0) this.cleanup(now);
    return { slotId: Number(inserted.insertId) };
  }

  /**
   * The limits this process works with: its own announcement when it has one, else the shared row, clamped
   * either way (a row written by an older version, or by hand, cannot starve the registry's users).
   */
  private limitsFor(requestClass: RequestClass, row: LimitRow): RateLimits {
    const mine = this.announced.get(requestClass)?.limits;
    const shared = { limit: Number(row.rate_limit), intervalMs: Number(row.interval_ms), concurrency: Number(row.concurrency) };
    const l = clampLimits({ ...shared, ...mine }, this.options.initial[requestClass], true);
    return { limit: Math.max(1, l.limit), intervalMs: l.intervalMs || this.options.initial[requestClass].intervalMs, concurrency: Math.max(1, l.concurrency) };
  }

  /**
   * Fair shares: the account has said it is waiting (markWaiting, for a few seconds, refreshed by each try), and may
   * take the slot only when no other waiting account was served less recently. Under the limit rows' lock.
   */
  private async markWaiting(conn: PoolConnection, account: string, now: number): Promise<void> {
    await execute(conn, 'INSERT INTO registry_waiters (account, waiting_until) VALUES (?, ?) ON DUPLICATE KEY UPDATE waiting_until = VALUES(waiting_until)', [account, now + WAITER_TTL_MS]);
  }

  private async accountsTurn(conn: PoolConnection, account: string, now: number): Promise<boolean> {
    const [first] = await selectRows<{ account: string } & RowDataPacket>(
      conn,
      'SELECT account FROM registry_waiters WHERE waiting_until > ? ORDER BY last_granted_at, account LIMIT 1',
      [now],
    );
    return !first || first.account === account;
  }

  private slot(id: number): LimiterSlot {
    this.open.add(id);
    this.renewer ??= setInterval(() => this.renew(), Math.max(100, Math.floor(this.leaseMs / 3)));
    this.renewer.unref();
    let released = false;
    let sent = false;
    return {
      // The database's clock when the update runs: a little after the request left, never before.
      sent: () => {
        sent = true;
        execute(this.pool, `UPDATE registry_slots SET granted_at = GREATEST(granted_at, ${DB_NOW_MS}) WHERE id = ?`, [id]).catch(() => undefined);
      },
      release: () => {
        if (released) return;
        released = true;
        // An answer came (a request that never left says nothing about the registry).
        if (sent) this.probing = false;
        this.release(id);
      },
    };
  }

  /** Extends the leases of this process's slots in flight: alive, it keeps them; dead, they lapse within a lease. */
  private renew(): void {
    if (!this.open.size) {
      if (this.renewer) clearInterval(this.renewer);
      this.renewer = null;
      return;
    }
    const ids = [...this.open];
    execute(this.pool, `UPDATE registry_slots SET expires_at = ${DB_NOW_MS} + ? WHERE released_at IS NULL AND id IN (${ids.map(() => '?').join(',')})`, [this.leaseMs, ...ids]).catch(() => undefined);
  }

  private release(id: number): void {
    this.open.delete(id);
    execute(this.pool, `UPDATE registry_slots SET released_at = ${DB_NOW_MS} WHERE id = ?`, [id])
      .catch(() => undefined) // the lease expires on its own
      .finally(() => { for (const wake of [...this.wakers]) wake(); });
  }

  /** Forgets slots long out of every window and no longer in flight. */
  private cleanup(now: number): void {
    execute(this.pool, 'DELETE FROM registry_slots WHERE granted_at < ? AND (released_at IS NOT NULL OR expires_at < ?) LIMIT 5000', [now - 10 * 60_000, now]).catch(() => undefined);
  }

  /** Waits up to `ms`, less when a slot of this process is released; rejects when the signal aborts. */
  private sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => { done(); reject(abortReason(signal!)); };
      const timer = setTimeout(done, Math.max(1, ms));
      this.wakers.add(done);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  async updateLimits(requestClass: RequestClass, limits: RateLimits): Promise<void> {
    this.probing = false;
    const ok = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max;
    // Windows longer than the clean-up horizon (10 minutes) would lose grants they still count.
    if (!ok(limits.limit, 100_000) || !ok(limits.intervalMs, 600_000) || !ok(limits.concurrency, 10_000)) return;
    const sane = clampLimits(limits, this.options.initial[requestClass], true);
    const signature = `${sane.limit}/${sane.intervalMs}/${sane.concurrency}`;
    const now = Date.now();
    const last = this.announced.get(requestClass);
    const current = last?.signature === signature ? { ...last, seen: last.seen + 1 } : { limits: sane, signature, seen: 1, firstAt: now };
    this.announced.set(requestClass, current);
    const confirm = this.options.confirmAfter ?? { count: 5, spanMs: 2000 };
    if (current.seen < confirm.count || now - current.firstAt < confirm.spanMs) return;
    if (this.written.get(requestClass) === signature) return;
    await this.ensureRows();
    await execute(this.pool, 'UPDATE registry_limits SET rate_limit = ?, interval_ms = ?, concurrency = ?, confirmed = 1 WHERE request_class = ?', [sane.limit, sane.intervalMs, sane.concurrency, requestClass]);
    this.written.set(requestClass, signature);
  }

  async pauseUntil(untilEpochMs: number): Promise<void> {
    // The caller's clock says when; the database's clock keeps it, so every process waits the same span.
    const delta = Math.min(Math.round(untilEpochMs - Date.now()), 3_600_000);
    if (!(delta > 0)) return;
    await this.ensureRows();
    await execute(this.pool, `UPDATE registry_limits SET paused_until = GREATEST(paused_until, ${DB_NOW_MS} + ?)`, [delta]);
  }

  async rateLimited(requestClass: RequestClass): Promise<void> {
    await this.ensureRows();
    const conn = await this.pool.getConnection();
    try {
      await conn.beginTransaction();
      try {
        const [row] = await selectRows<LimitRow & { now_ms: number }>(
          conn,
          `SELECT rate_limit, interval_ms, concurrency, rate_share, rate_share_at, ${DB_NOW_MS} AS now_ms FROM registry_limits WHERE request_class = ? FOR UPDATE`,
          [requestClass],
        );
        if (row) {
          const now = Number(row.now_ms);
          const state = { share: Number(row.rate_share), at: Number(row.rate_share_at) };
          const next = afterRateLimited(state, now, this.limitsFor(requestClass, row).intervalMs);
          if (next !== state) await execute(conn, 'UPDATE registry_limits SET rate_share = ?, rate_share_at = ? WHERE request_class = ?', [next.share, next.at, requestClass]);
        }
        await conn.commit();
      } catch (err) {
        await conn.rollback().catch(() => undefined);
        throw err;
      }
    } finally {
      conn.release();
    }
  }

  /** The limits every process currently works with (tests, diagnostics). */
  async currentLimits(): Promise<Record<string, RateLimits & { pausedUntil: number; rateShare: number }>> {
    await this.ensureRows();
    const rows = await selectRows<RowDataPacket>(this.pool, `SELECT request_class, rate_limit, interval_ms, concurrency, paused_until, rate_share, rate_share_at, ${DB_NOW_MS} AS now_ms FROM registry_limits`);
    const out: Record<string, RateLimits & { pausedUntil: number; rateShare: number }> = {};
    for (const r of rows) {
      const intervalMs = Number(r.interval_ms);
      const rateShare = shareAt({ share: Number(r.rate_share), at: Number(r.rate_share_at) }, Number(r.now_ms), intervalMs);
      out[String(r.request_class)] = { limit: Number(r.rate_limit), intervalMs, concurrency: Number(r.concurrency), pausedUntil: Number(r.paused_until), rateShare };
    }
    return out;
  }
}
