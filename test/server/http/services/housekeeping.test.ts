// The hourly housekeeping's rounds on an in-memory store (the SQL of the purges runs against MariaDB in
// test/server/db/docs-events.int.test.ts and sessions.int.test.ts): each table is purged in batches until a
// batch comes back short, never more than MAX_BATCHES in one round; the retention comes from the policy; one
// table's failure does not keep the other from its purge; the service starts and stops it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BATCH_ROWS, ENDED_SESSION_GRACE_DAYS, MAX_BATCHES, runHousekeeping, startHousekeeping, type HousekeepingStore } from '../../../../server/http/services/housekeeping.ts';
import { serviceContext } from '../../../helpers/service-context.ts';

class MemoryTables implements HousekeepingStore {
  calls: string[] = [];
  constructor(public docsEvents: number, public sessions: number, private readonly failing: 'docs' | 'sessions' | null = null) {}
  async purgeDocsEvents(days: number, batch: number): Promise<number> {
    this.calls.push(`docs ${days}d ${batch}`);
    if (this.failing === 'docs') throw Object.assign(new Error('lost'), { code: 'PROTOCOL_CONNECTION_LOST' });
    const n = Math.min(batch, this.docsEvents);
    this.docsEvents -= n;
    return n;
  }
  async purgeEndedSessions(graceDays: number, batch: number): Promise<number> {
    this.calls.push(`sessions ${graceDays}d ${batch}`);
    if (this.failing === 'sessions') throw new Error('lost');
    const n = Math.min(batch, this.sessions);
    this.sessions -= n;
    return n;
  }
}

test('each table is purged in batches until a batch comes back short', async () => {
  const tables = new MemoryTables(25, 7);
  const round = await runHousekeeping(tables, { docsEventsRetentionDays: 90 }, 10);
  assert.deepEqual(round, { docsEvents: 25, sessions: 7, failed: [] });
  assert.deepEqual(tables.calls, ['docs 90d 10', 'docs 90d 10', 'docs 90d 10', `sessions ${ENDED_SESSION_GRACE_DAYS}d 10`]);
});

test('an exact multiple of the batch needs one more, empty, batch to know it is done', async () => {
  const tables = new MemoryTables(20, 0);
  assert.equal((await runHousekeeping(tables, { docsEventsRetentionDays: 1 }, 10)).docsEvents, 20);
  assert.equal(tables.calls.filter((c) => c.startsWith('docs')).length, 3);
});

test('one round stops after MAX_BATCHES batches; the next round goes on', async () => {
  const backlog = (MAX_BATCHES + 5) * BATCH_ROWS;
  const tables = new MemoryTables(backlog, 0);
  assert.equal((await runHousekeeping(tables, { docsEventsRetentionDays: 365 })).docsEvents, MAX_BATCHES * BATCH_ROWS);
  assert.equal((await runHousekeeping(tables, { docsEventsRetentionDays: 365 })).docsEvents, 5 * BATCH_ROWS);
  assert.equal(tables.docsEvents, 0);
});

test('a failing table is named and the other is still purged', async () => {
  const docsDown = new MemoryTables(5, 5, 'docs');
  assert.deepEqual(await runHousekeeping(docsDown, { docsEventsRetentionDays: 30 }, 10), { docsEvents: 0, sessions: 5, failed: ['docs_events'] });
  const sessionsDown = new MemoryTables(5, 5, 'sessions');
  assert.deepEqual(await runHousekeeping(sessionsDown, { docsEventsRetentionDays: 30 }, 10), { docsEvents: 5, sessions: 0, failed: ['sessions'] });
});

test('started, a first round runs at once with DOCS_EVENTS_RETENTION_DAYS and logs what it deleted; failures are logged, not thrown', async () => {
  const ctx = serviceContext({ env: { DOCS_EVENTS_RETENTION_DAYS: '12' } });
  const tables = new MemoryTables(3, 0);
  const stop = startHousekeeping(ctx, tables);
  await new Promise((r) => setImmediate(r));
  stop();
  assert.equal(tables.docsEvents, 0);
  assert.ok(tables.calls.includes(`docs 12d ${BATCH_ROWS}`));
  assert.deepEqual(ctx.logLines.map((l) => `${l.level} ${l.message}`), ['info housekeeping deleted old rows']);
  ctx.logLines.length = 0;
  const stopFailing = startHousekeeping(ctx, new MemoryTables(0, 0, 'sessions'));
  await new Promise((r) => setImmediate(r));
  stopFailing();
  assert.deepEqual(ctx.logLines.map((l) => `${l.level} ${l.message}`), ['warn housekeeping purge failed; retried next hour']);
});

test('the retention defaults to 365 days, the longest insights window, and must be a whole number of at least 1', () => {
  assert.equal(serviceContext().config.docsEventsRetentionDays, 365);
  assert.throws(() => serviceContext({ env: { DOCS_EVENTS_RETENTION_DAYS: '0' } }), /DOCS_EVENTS_RETENTION_DAYS must be an integer of at least 1/);
});
