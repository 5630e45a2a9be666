// withReservedCredit's decisions on an in-memory reservation store (the SQL of server/db/reservations.ts
// is run against MariaDB by test/server/http/credit-reservations.int.test.ts): a credit is settled only
// with a delivered document, refunded on every other path, and recording trouble is never a 500.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { NewReservation, ReservationStatus } from '../../../../server/db/reservations.ts';
import type { UsageEvent } from '../../../../server/db/usage.ts';
import { HttpError } from '../../../../server/http/errors.ts';
import { startReservationSweeper, withReservedCredit, type Charge, type ReservationStore } from '../../../../server/http/services/credit-reservation.ts';
import { scriptedPool, serviceContext } from '../../../helpers/service-context.ts';

class MemoryReservations implements ReservationStore {
  credits: number;
  readonly rows = new Map<string, { status: ReservationStatus; usage?: UsageEvent }>();
  settleFails: 'before-commit' | 'after-commit' | null = null;
  settleAnswers = true;
  constructor(credits: number) {
    this.credits = credits;
  }
  async reserve(_r: NewReservation): Promise<string | null> {
    if (this.credits <= 0) return null;
    this.credits--;
    const id = `r${this.rows.size + 1}`;
    this.rows.set(id, { status: 'pending' });
    return id;
  }
  async refund(id: string): Promise<boolean> {
    const row = this.rows.get(id);
    if (row?.status !== 'pending') return false;
    row.status = 'refunded';
    this.credits++;
    return true;
  }
  async settle(id: string, usage: UsageEvent): Promise<boolean> {
    const row = this.rows.get(id)!;
    if (this.settleFails === 'after-commit') {
      row.status = 'settled';
      row.usage = usage;
    }
    if (this.settleFails) throw Object.assign(new Error('connection lost'), { code: 'PROTOCOL_CONNECTION_LOST' });
    if (!this.settleAnswers) return false;
    row.status = 'settled';
    row.usage = usage;
    return true;
  }
  async status(id: string): Promise<ReservationStatus | null> {
    return this.rows.get(id)?.status ?? null;
  }
  statuses(): ReservationStatus[] {
    return [...this.rows.values()].map((r) => r.status);
  }
}

const charge = (extra: Partial<Charge> = {}): Charge => ({ account: { kind: 'user', id: 'u1' }, apiKeyId: 'k1', route: 'hyperlink', requestId: 'req-1', ...extra });
const usage = (linkCount: number): UsageEvent => ({ apiKeyId: 'k1', userId: 'u1', orgId: null, route: 'hyperlink', status: 200, scanFingerprint: null, linkCount, creditsUsed: 1, requestId: 'req-1' });
const rethrow = async (err: unknown): Promise<never> => {
  throw err;
};

async function refusal(p: Promise<unknown>): Promise<{ status: number; reason: string | undefined }> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof HttpError, `expected an HttpError, got ${String(err)}`);
    return { status: err.status, reason: err.reason };
  }
  assert.fail('expected a refusal');
}

test('a delivered document settles its credit with the usage of its output', async () => {
  const ctx = serviceContext();
  const store = new MemoryReservations(2);
  const out = await withReservedCredit(ctx, charge(), async () => ({ links: 7 }), (o) => usage(o.links), rethrow, store);
  assert.deepEqual(out, { links: 7 });
  assert.equal(store.credits, 1);
  assert.deepEqual(store.statuses(), ['settled']);
  assert.equal(store.rows.get('r1')!.usage!.linkCount, 7);
});

test('no credit left: 402 no_credits, and the engine never runs', async () => {
  const store = new MemoryReservations(0);
  let ran = false;
  const r = await refusal(withReservedCredit(serviceContext(), charge(), async () => { ran = true; return 1; }, () => usage(0), rethrow, store));
  assert.deepEqual(r, { status: 402, reason: 'no_credits' });
  assert.equal(ran, false);
});

test('the engine fails: the credit is refunded before onFailure answers', async () => {
  const store = new MemoryReservations(1);
  const seen: Array<[string, number]> = [];
  const mapped = new HttpError(400, 'DOCX rejected', 'not-a-zip');
  const r = await refusal(withReservedCredit(serviceContext(), charge(), async () => { throw new Error('bad zip'); }, () => usage(0), async (err) => {
    seen.push([(err as Error).message, store.credits]);
    throw mapped;
  }, store));
  assert.deepEqual(r, { status: 400, reason: 'not-a-zip' });
  assert.deepEqual(seen, [['bad zip', 1]]);
  assert.deepEqual(store.statuses(), ['refunded']);
});

test('the client has gone by the time the output is ready: refunded, answered client_closed', async () => {
  const store = new MemoryReservations(1);
  const r = await refusal(withReservedCredit(serviceContext(), charge({ clientGone: () => true }), async () => 'doc', () => usage(1), rethrow, store));
  assert.deepEqual(r, { status: 400, reason: 'client_closed' });
  assert.equal(store.credits, 1);
  assert.deepEqual(store.statuses(), ['refunded']);
});

test('recording fails before its commit: refunded, 503 usage_not_recorded, logged without the document', async () => {
  const ctx = serviceContext();
  const store = new MemoryReservations(1);
  store.settleFails = 'before-commit';
  const r = await refusal(withReservedCredit(ctx, charge(), async () => 'doc', () => usage(1), rethrow, store));
  assert.deepEqual(r, { status: 503, reason: 'usage_not_recorded' });
  assert.equal(store.credits, 1);
  assert.deepEqual(store.statuses(), ['refunded']);
  assert.deepEqual(ctx.logLines.map((l) => [l.level, l.fields]), [['error', { requestId: 'req-1', errCode: 'PROTOCOL_CONNECTION_LOST' }]]);
});

test('recording fails after its commit went through: the charged document is delivered', async () => {
  const store = new MemoryReservations(1);
  store.settleFails = 'after-commit';
  const out = await withReservedCredit(serviceContext(), charge(), async () => 'doc', () => usage(1), rethrow, store);
  assert.equal(out, 'doc');
  assert.equal(store.credits, 0);
  assert.deepEqual(store.statuses(), ['settled']);
});

test('a reservation no longer pending (swept as abandoned) is not settled: 503 usage_not_recorded', async () => {
  const store = new MemoryReservations(1);
  store.settleAnswers = false;
  const r = await refusal(withReservedCredit(serviceContext(), charge(), async () => 'doc', () => usage(1), rethrow, store));
  assert.deepEqual(r, { status: 503, reason: 'usage_not_recorded' });
});

test('the sweeper refunds reservations older than the engine time-out plus the grace', async () => {
  // One sweep runs at start: it asks for pending reservations older than 5000 + 2500 ms (in microseconds, back from now).
  const pool = scriptedPool([[]]);
  const ctx = serviceContext({ pool, env: { ENGINE_TIMEOUT_MS: '5000', CREDIT_RESERVATION_GRACE_MS: '2500' } });
  const stop = await startReservationSweeper(ctx);
  stop();
  assert.equal(pool.queries.length, 1);
  assert.match(pool.queries[0]!.sql, /status = 'pending' AND created_at < TIMESTAMPADD/);
  assert.equal(pool.queries[0]!.params[0], -7_500_000);
});
