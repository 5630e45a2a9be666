// The hourly housekeeping as the service starts it (startHousekeeping), on an in-memory store (the SQL of the
// purges runs against MariaDB in test/server/db/docs-events.int.test.ts and sessions.int.test.ts; the service
// starting it on MariaDB: test/server/http/housekeeping.int.test.ts): a first round at once, then one an hour;
// each table is purged in batches of 5,000 rows until a batch comes back short, never more than 40 batches in
// one round; the retention comes from DOCS_EVENTS_RETENTION_DAYS, ended sessions are kept 7 days; one table's
// failure does not keep the other from its purge, and is logged, not thrown.
import assert from 'node:assert/strict';
import { afterEach, mock, test } from 'node:test';
import { startHousekeeping, type HousekeepingStore } from '../../../../server/http/services/housekeeping.ts';
import { serviceContext, type TestContext } from '../../../helpers/service-context.ts';

const BATCH = 5_000;
const MAX_BATCHES = 40;
const HOUR = 3_600_000;

afterEach(() => mock.timers.reset());

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

/** The in-memory purges settle in microtasks: a whole round is done before the next macrotask. */
const roundDone = (): Promise<void> => new Promise((r) => setImmediate(r));

/** What the rounds logged, as "level message fields". */
function logged(ctx: TestContext): string[] {
  return ctx.logLines.map((l) => `${l.level} ${l.message} ${JSON.stringify(l.fields)}`);
}

/** Starts housekeeping on tables, lets its first round finish, stops it; answers the context (its log lines). */
async function firstRound(tables: MemoryTables, retentionDays = '90'): Promise<TestContext> {
  const ctx = serviceContext({ env: { DOCS_EVENTS_RETENTION_DAYS: retentionDays } });
  const stop = startHousekeeping(ctx, tables);
  await roundDone();
  stop();
  return ctx;
}

test('each table is purged in batches until a batch comes back short', async () => {
  const tables = new MemoryTables(2 * BATCH + 25, 7);
  const ctx = await firstRound(tables);
  assert.deepEqual(tables.calls, [`docs 90d ${BATCH}`, `docs 90d ${BATCH}`, `docs 90d ${BATCH}`, `sessions 7d ${BATCH}`]);
  assert.deepEqual(logged(ctx), [`info housekeeping deleted old rows {"docsEvents":${2 * BATCH + 25},"sessions":7}`]);
});

test('an exact multiple of the batch needs one more, empty, batch to know it is done', async () => {
  const tables = new MemoryTables(2 * BATCH, 0);
  await firstRound(tables, '1');
  assert.equal(tables.docsEvents, 0);
  assert.equal(tables.calls.filter((c) => c.startsWith('docs')).length, 3);
});

test('one round stops after 40 batches; the next hour goes on where it stopped', async () => {
  mock.timers.enable({ apis: ['setInterval'] });
  const ctx = serviceContext({ env: { DOCS_EVENTS_RETENTION_DAYS: '365' } });
  const tables = new MemoryTables((MAX_BATCHES + 5) * BATCH, 0);
  const stop = startHousekeeping(ctx, tables);
  await roundDone();
  assert.equal(tables.docsEvents, 5 * BATCH);
  assert.equal(tables.calls.filter((c) => c.startsWith('docs')).length, MAX_BATCHES);
  mock.timers.tick(HOUR - 1);
  await roundDone();
  assert.equal(tables.docsEvents, 5 * BATCH, 'no second round within the hour');
  mock.timers.tick(1);
  await roundDone();
  stop();
  assert.equal(tables.docsEvents, 0);
  assert.deepEqual(logged(ctx), [
    `info housekeeping deleted old rows {"docsEvents":${MAX_BATCHES * BATCH},"sessions":0}`,
    `info housekeeping deleted old rows {"docsEvents":${5 * BATCH},"sessions":0}`,
  ]);
  mock.timers.tick(HOUR);
  await roundDone();
  assert.equal(ctx.logLines.length, 2, 'stopped: no more rounds');
});

test('a failing table is named and the other is still purged', async () => {
  const docsDown = new MemoryTables(5, 5, 'docs');
  assert.deepEqual(logged(await firstRound(docsDown, '30')), [
    'info housekeeping deleted old rows {"docsEvents":0,"sessions":5}',
    'warn housekeeping purge failed; retried next hour {"tables":["docs_events"]}',
  ]);
  assert.equal(docsDown.sessions, 0);
  const sessionsDown = new MemoryTables(5, 5, 'sessions');
  assert.deepEqual(logged(await firstRound(sessionsDown, '30')), [
    'info housekeeping deleted old rows {"docsEvents":5,"sessions":0}',
    'warn housekeeping purge failed; retried next hour {"tables":["sessions"]}',
  ]);
  assert.equal(sessionsDown.docsEvents, 0);
});

test('started, a first round runs at once with DOCS_EVENTS_RETENTION_DAYS and logs what it deleted; failures are logged, not thrown', async () => {
  const tables = new MemoryTables(3, 0);
  const ctx = await firstRound(tables, '12');
  assert.equal(tables.docsEvents, 0);
  assert.ok(tables.calls.includes(`docs 12d ${BATCH}`));
  assert.deepEqual(ctx.logLines.map((l) => `${l.level} ${l.message}`), ['info housekeeping deleted old rows']);
  const failing = await firstRound(new MemoryTables(0, 0, 'sessions'), '12');
  assert.deepEqual(failing.logLines.map((l) => `${l.level} ${l.message}`), ['warn housekeeping purge failed; retried next hour']);
});

test('the retention defaults to 365 days, the longest insights window, and must be a whole number of at least 1', () => {
  assert.equal(serviceContext().config.docsEventsRetentionDays, 365);
  assert.throws(() => serviceContext({ env: { DOCS_EVENTS_RETENTION_DAYS: '0' } }), /DOCS_EVENTS_RETENTION_DAYS must be an integer of at least 1/);
});
