// Issue 22, item 4: three service processes on one MariaDB behind HAProxy (deploy/haproxy.cfg), a mixed load
// (scan, apply, direct, resolve against the fake registry, account reads) from two users and two organisations,
// one replica killed with SIGKILL mid-load and started again. Checked: every operation ends answered; the only
// attempts that failed were in flight when the replica died; every charged operation is charged exactly once
// (balances reconcile with settled reservations and usage rows, nothing left pending); no 500 anywhere.
// Then SIGTERM: a replica drains (the request in flight finishes and is charged, a new one gets 503 draining with
// retry_after, the proxy keeps answering), and one whose deadline passes refunds what it was still running.
// Timings (throughput, /healthz p99 through the proxy) belong to `npm run bench:fleet`, not here.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { HyperlinkerClient } from '../../shared/api-client.ts';
import { CORPUS, corpusDoc, expectError } from '../helpers/http-harness.ts';
import { fleetAccounts, ledger, resolveManuscript, startFleet, type Fleet, type FleetAccount } from '../helpers/fleet.ts';
import { CHARGED_OPS, droppedAttempts, mixedLoad } from '../helpers/fleet-load.ts';
import { systemTool } from '../helpers/system-tool.ts';

const haproxy = systemTool('haproxy', '/usr/sbin/haproxy', 'haproxy');
const BIG_DOC = `${CORPUS}/plos-pcbi-1004082.messy.docx`;
const CREDITS = 400;

let fleet: Fleet;
let accounts: FleetAccount[];

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('a fleet of three replicas behind HAProxy', { skip: haproxy.skip }, () => {
  before(async () => {
    fleet = await startFleet('fleet');
    accounts = await fleetAccounts(fleet, { users: 2, orgs: 2 }, CREDITS);
  });
  after(async () => {
    if (!fleet) return;
    const errors = fleet.serverErrors();
    await fleet.stop();
    assert.deepEqual(errors, [], 'no answer of 500 or above other than 503 in any replica');
  });

  test('SIGKILL of one replica mid-load: only the killed connections fail, retries with their key succeed, every credit reconciles', async () => {
    // From the signal sent to the process gone: a connection the replica accepted in that span dies with it.
    let killAt = 0;
    let goneAt = 0;
    let restarted = null as Promise<void> | null; // set in a callback, which narrowing does not see
    const records = await mixedLoad(accounts, {
      workers: 6,
      opsPerWorker: 8,
      doc: corpusDoc(),
      resolveDoc: resolveManuscript,
      onOpDone: (done) => {
        if (done !== 12) return;
        killAt = Date.now();
        restarted = fleet.signal(1, 'SIGKILL').then(async () => {
          goneAt = Date.now();
          await new Promise((r) => setTimeout(r, 1500));
          await fleet.start(1);
        });
      },
    });
    assert.ok(killAt > 0 && restarted, 'the replica was killed mid-load');
    await restarted;

    const unanswered = records.filter((r) => r.final !== 200);
    assert.deepEqual(unanswered.map((r) => `${r.op}: ${r.final} ${JSON.stringify(r.attempts.at(-1))}`), [], 'every operation answered 200 in the end');
    // A dropped connection or a proxy's 502/504 happens only to an attempt that was in flight when the replica died.
    const dropped = droppedAttempts(records);
    for (const a of dropped) assert.ok(a.startedAt <= goneAt && a.endedAt >= killAt, `${a.op} failed outside the kill: ${JSON.stringify(a)} (kill from ${killAt} to ${goneAt})`);
    const refusals = records.flatMap((r) => r.attempts.filter((a) => typeof a.status === 'number' && a.status >= 500 && a.status !== 502 && a.status !== 504));
    assert.deepEqual(refusals, [], 'no 503 or 500 from a live replica');

    for (const [i, account] of accounts.entries()) {
      const delivered = records.filter((r) => r.account === i && CHARGED_OPS.has(r.op) && r.final === 200).length;
      const books = await ledger(fleet.pool, account);
      assert.deepEqual(
        { spent: account.credits - books.balance, settled: books.settled, usageCharged: books.usageCharged, pending: books.pending },
        { spent: delivered, settled: delivered, usageCharged: delivered, pending: 0 },
        `account ${i} (${account.kind}): one credit per delivered document, no other`,
      );
    }
    // The restarted replica serves again, directly and through the proxy.
    assert.equal((await fetch(`${fleet.replicas[1]!.url}/readyz`)).status, 200);
    await fleet.proxyReady();
    const replayed = records.filter((r) => r.attempts.some((a) => a.replayed)).length;
    const retried = records.filter((r) => r.attempts.length > 1).length;
    console.log(`fleet: ${records.length} operations, ${dropped.length} attempts dropped by the kill, ${retried} retried, ${replayed} answered from the first answer (Idempotent-Replayed)`);
  });

  test('SIGTERM drains: the request in flight finishes and is charged once, a new one gets 503 draining with retry_after, the proxy keeps answering', async () => {
    const account = accounts[0]!;
    const before = await ledger(fleet.pool, account);
    const replica = fleet.replicas[0]!;
    const direct = new HyperlinkerClient({ baseUrl: replica.url, apiKey: account.apiKey });
    const running = direct.direct({ file: corpusDoc(BIG_DOC), idempotencyKey: 'drain-finishes' });
    await until('the credit reserved', async () => (await ledger(fleet.pool, account)).pending === before.pending + 1);
    const exit = fleet.signal(0, 'SIGTERM');
    await until('the replica draining', async () => (await fetch(`${replica.url}/readyz`).then((r) => r.status, () => 0)) === 503);
    const answer = await direct.scan({ file: corpusDoc() }).catch(async (err: Error & { cause?: { code?: string } }) => {
      const state = await Promise.race([exit, new Promise((r) => setTimeout(() => r('still running'), 200))]);
      throw new Error(`the draining replica did not answer (${err.cause?.code ?? String(err)}); the process: ${String(state)}`);
    });
    const refused = expectError(answer, 503);
    assert.equal(refused.reason, 'draining');
    assert.ok(Number.isInteger(refused.retry_after) && refused.retry_after! >= 1);
    // Through the proxy: answered by the others (a request that reached the draining replica before its health
    // check failed gets the 503 with retry_after; the client retries).
    for (let i = 0; i < 4; i++) {
      let answer = await account.key.scan({ file: corpusDoc() });
      if (answer.status === 503) answer = await account.key.scan({ file: corpusDoc() });
      assert.equal(answer.status, 200);
    }
    assert.equal((await running).status, 200, 'the request in flight finished');
    assert.equal(await exit, 0, 'the process ended by itself once idle');
    const books = await ledger(fleet.pool, account);
    assert.deepEqual([before.balance - books.balance, books.settled - before.settled, books.pending], [1, 1, 0]);
    await fleet.start(0);
    await fleet.proxyReady();
  });

  test('SIGTERM past the drain deadline: the charged request still running is refunded; its retry through the proxy is charged once', async () => {
    const account = accounts[2]!;
    const before = await ledger(fleet.pool, account);
    await fleet.signal(0, 'SIGKILL');
    await fleet.start(0, { DRAIN_TIMEOUT_MS: '0' });
    const replica = fleet.replicas[0]!;
    const doc = corpusDoc(BIG_DOC);
    const cut = new HyperlinkerClient({ baseUrl: replica.url, apiKey: account.apiKey }).direct({ file: doc, idempotencyKey: 'drain-refunds' }).then((r) => r.status, () => 'dropped');
    await until('the credit reserved', async () => (await ledger(fleet.pool, account)).pending === before.pending + 1);
    assert.equal(await fleet.signal(0, 'SIGTERM'), 0);
    assert.ok(['dropped', 503].includes(await cut), 'the request was not delivered');
    const refunded = await ledger(fleet.pool, account);
    assert.deepEqual([refunded.balance, refunded.pending, refunded.refunded - before.refunded], [before.balance, 0, 1], 'refunded before the process ended');
    let answer = await account.key.direct({ file: doc, idempotencyKey: 'drain-refunds' });
    const deadline = Date.now() + 60_000;
    while (answer.status !== 200 && Date.now() < deadline) {
      assert.ok([409, 503, 502].includes(answer.status), `retry answered ${answer.status}`);
      await new Promise((r) => setTimeout(r, 500));
      answer = await account.key.direct({ file: doc, idempotencyKey: 'drain-refunds' });
    }
    assert.equal(answer.status, 200, 'the retry delivers once the dead lease ran out');
    const books = await ledger(fleet.pool, account);
    assert.deepEqual([before.balance - books.balance, books.settled - before.settled, books.usageCharged - before.usageCharged, books.pending], [1, 1, 1, 0]);
    await fleet.start(0);
  });
});
