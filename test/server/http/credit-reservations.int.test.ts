// Credits survive crashes and failed bookkeeping (issue 11, item 6): a credit is reserved with the
// request, settled with its usage row only when the document is ready to send, refunded otherwise;
// reservations of a process killed mid-request are refunded by any process, at start and periodically.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { HyperlinkerClient } from '../../../shared/api-client.ts';
import { CORPUS, corpusDoc, expectError, startServiceProcess, startTestService, type ServiceProcess, type TestService } from '../../helpers/http-harness.ts';

const BIG_DOC = `${CORPUS}/plos-pcbi-1004082.messy.docx`;

let t: TestService;
const children: ChildProcess[] = [];
before(async () => {
  t = await startTestService('reserve', { TRIAL_CREDITS: '0' });
});
after(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null || c.signalCode !== null ? r(null) : c.on('exit', r)))));
  await t.stop();
  assert.deepEqual(processes.flatMap((p) => p.serverErrors), [], 'no server errors in the service processes');
});

async function scalar(sql: string, params: unknown[]): Promise<number> {
  const [rows] = await t.service.ctx.pool.query(sql, params);
  return Number(Object.values((rows as Record<string, unknown>[])[0]!)[0]);
}

const balance = (userId: string): Promise<number> => scalar('SELECT credits FROM users WHERE id = ?', [userId]);
const countReservations = (userId: string, status: string): Promise<number> =>
  scalar("SELECT COUNT(*) FROM credit_reservations WHERE account_kind = 'user' AND account_id = ? AND status = ?", [userId, status]);

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const processes: ServiceProcess[] = [];

async function startProcess(env: Record<string, string> = {}): Promise<ServiceProcess> {
  // Several documents of one key in flight at once (the per-key concurrency limit would refuse them).
  const started = await startServiceProcess(t.databaseUrl, { MAX_CONCURRENT_PER_KEY: '16', ...env });
  children.push(started.child);
  processes.push(started);
  return started;
}

/** Sends n direct requests to a process, kills it (SIGKILL) once all n credits are reserved; returns how many were delivered first. */
async function killMidRequest(url: string, child: ChildProcess, key: string, userId: string, n: number): Promise<number> {
  const before = await countReservations(userId, 'pending');
  const client = new HyperlinkerClient({ baseUrl: url, apiKey: key });
  const doc = corpusDoc(BIG_DOC);
  const inFlight = Array.from({ length: n }, () => client.direct({ file: doc }).then((r) => r.status, () => 'dropped'));
  await until(`${n} pending reservations`, async () => (await countReservations(userId, 'pending')) >= before + n, 30_000);
  child.kill('SIGKILL');
  const outcomes = await Promise.all(inFlight);
  // One engine thread: at most the first document can have been delivered in the instant before the kill.
  assert.ok(outcomes.filter((o) => o === 'dropped').length >= n - 1, `requests died with the process: ${outcomes.join(',')}`);
  assert.ok(outcomes.every((o) => o === 'dropped' || o === 200), outcomes.join(','));
  return outcomes.filter((o) => o === 200).length;
}

describe('reserve, settle, refund', () => {
  test('a delivered document settles its reservation with one usage row', async () => {
    const u = await t.user({ credits: 2 });
    const { client } = await u.key();
    assert.equal((await client.direct({ file: corpusDoc() })).status, 200);
    assert.equal(await balance(u.userId), 1);
    assert.equal(await countReservations(u.userId, 'settled'), 1);
    assert.equal(await scalar('SELECT COUNT(*) FROM usage_events WHERE user_id = ? AND credits_used = 1', [u.userId]), 1);
  });

  test('when the usage row cannot be written the document is withheld (503) and no credit is taken', async () => {
    const u = await t.user({ credits: 2 });
    const { client } = await u.key();
    await t.service.ctx.pool.query('RENAME TABLE usage_events TO usage_events_away');
    let res;
    try {
      res = await client.direct({ file: corpusDoc() });
    } finally {
      await t.service.ctx.pool.query('RENAME TABLE usage_events_away TO usage_events');
    }
    const body = expectError(res, 503);
    assert.equal(body.reason, 'usage_not_recorded');
    assert.equal(await balance(u.userId), 2, 'the credit is back');
    assert.equal(await countReservations(u.userId, 'refunded'), 1);
    assert.equal(await countReservations(u.userId, 'pending'), 0);
  });
});

describe('a client that hangs up', () => {
  test('before its document is ready is not charged', async () => {
    const u = await t.user({ credits: 2 });
    const { key } = await u.key();
    const abort = new AbortController();
    const client = new HyperlinkerClient({ baseUrl: t.url, apiKey: key, fetch: (input, init) => fetch(input, { ...init, signal: abort.signal }) });
    const request = client.direct({ file: corpusDoc(BIG_DOC) }).then(() => 'answered', () => 'hung up');
    await until('the reservation', async () => (await countReservations(u.userId, 'pending')) === 1, 20_000);
    abort.abort();
    assert.equal(await request, 'hung up');
    await until('the refund', async () => (await countReservations(u.userId, 'refunded')) === 1, 20_000);
    assert.equal(await balance(u.userId), 2);
    assert.equal(await countReservations(u.userId, 'settled'), 0);
  });
});

describe('a process killed mid-request', () => {
  test('its reserved credits are refunded by a process starting later, then periodically by a running one', async () => {
    const u = await t.user({ credits: 10 });
    const { key } = await u.key();

    const first = await startProcess();
    const deliveredFirst = await killMidRequest(first.url, first.child, key, u.userId, 4);
    assert.equal(await balance(u.userId), 6, 'four credits taken: settled for delivered documents, held by the dead process for the others');

    // A short engine time-out and no grace: reservations older than one second count as abandoned.
    const sweeper = await startProcess({ ENGINE_TIMEOUT_MS: '1000', CREDIT_RESERVATION_GRACE_MS: '0' });
    await until('the refund at start', async () => (await balance(u.userId)) === 10 - deliveredFirst, 15_000);
    assert.equal(await countReservations(u.userId, 'refunded'), 4 - deliveredFirst);
    assert.equal(await countReservations(u.userId, 'pending'), 0);
    assert.equal(await scalar('SELECT COUNT(*) FROM usage_events WHERE user_id = ? AND credits_used > 0', [u.userId]), deliveredFirst, 'only delivered documents were charged');

    const second = await startProcess();
    const deliveredSecond = await killMidRequest(second.url, second.child, key, u.userId, 3);
    const expected = 10 - deliveredFirst - deliveredSecond;
    assert.equal(await balance(u.userId), expected - (3 - deliveredSecond));
    await until('the periodic refund by the running process', async () => (await balance(u.userId)) === expected, 15_000);
    assert.equal(await countReservations(u.userId, 'refunded'), 7 - deliveredFirst - deliveredSecond);
    sweeper.child.kill('SIGTERM');
  });
});
