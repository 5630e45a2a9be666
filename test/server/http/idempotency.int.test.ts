// Idempotency-Key on the charged routes (issue 22, item 3), on MariaDB: a retry with the key gets the first
// answer and is not charged again; other input with the key is 409; a key in flight is 409 with retry_after;
// a process killed mid-request (kill -9) leaves its key to the retry once its lease ends, and the dead
// request's credit is refunded, so the document is charged exactly once.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { HyperlinkerClient } from '../../../shared/api-client.ts';
import { CORPUS, corpusDoc, expectError, startServiceProcess, startTestService, type ServiceProcess, type TestService } from '../../helpers/http-harness.ts';

const BIG_DOC = `${CORPUS}/plos-pcbi-1004082.messy.docx`;

let t: TestService;
const processes: ServiceProcess[] = [];
before(async () => {
  t = await startTestService('idempotency', { TRIAL_CREDITS: '0', MAX_CONCURRENT_PER_KEY: '4' });
});
after(async () => {
  for (const { child } of processes) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(processes.map(({ child }) => new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.on('exit', r)))));
  await t.stop();
  assert.deepEqual(processes.flatMap((p) => p.serverErrors), [], 'no server errors in the service processes');
});

async function scalar(sql: string, params: unknown[]): Promise<number> {
  const [rows] = await t.service.ctx.pool.query(sql, params);
  return Number(Object.values((rows as Record<string, unknown>[])[0]!)[0]);
}
const balance = (userId: string) => scalar('SELECT credits FROM users WHERE id = ?', [userId]);
const reservations = (userId: string, status: string) => scalar("SELECT COUNT(*) FROM credit_reservations WHERE account_id = ? AND status = ?", [userId, status]);
const charged = (userId: string) => scalar('SELECT COUNT(*) FROM usage_events WHERE user_id = ? AND credits_used = 1', [userId]);

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('Idempotency-Key', () => {
  test('the same key and input again answers the first answer (Idempotent-Replayed) with no second charge; other input or route is 409', async () => {
    const u = await t.user({ credits: 5 });
    const { client } = await u.key();
    const first = await client.direct({ file: corpusDoc(), idempotencyKey: 'order-17/direct' });
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('idempotent-replayed'), null);
    const again = await client.direct({ file: corpusDoc(), idempotencyKey: 'order-17/direct' });
    assert.equal(again.status, 200);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.ok(first.ok && again.ok);
    assert.equal(again.data.docx, first.data.docx, 'the same document');
    assert.deepEqual([await balance(u.userId), await reservations(u.userId, 'settled'), await charged(u.userId)], [4, 1, 1], 'charged once');

    const other = await client.direct({ file: corpusDoc(), settings: { doi: false }, idempotencyKey: 'order-17/direct' });
    assert.equal(expectError(other, 409).reason, 'idempotency_key_reused');
    const scanned = await client.scan({ file: corpusDoc() });
    assert.ok(scanned.ok);
    const elsewhere = await client.apply({ file: corpusDoc(), scanToken: scanned.data.scanToken, scanFingerprint: scanned.data.scanFingerprint, decisions: [], idempotencyKey: 'order-17/direct' });
    assert.equal(expectError(elsewhere, 409).reason, 'idempotency_key_reused', 'a key is bound to its route');

    // Another key of the same account shares the key space (Stripe scopes keys to the account).
    const { client: second } = await u.key('second');
    const fromSecond = await second.direct({ file: corpusDoc(), idempotencyKey: 'order-17/direct' });
    assert.equal(fromSecond.headers.get('idempotent-replayed'), 'true');
    // Another account's same key is its own.
    const v = await t.user({ credits: 1 });
    const { client: theirs } = await v.key();
    const fresh = await theirs.direct({ file: corpusDoc(), idempotencyKey: 'order-17/direct' });
    assert.equal(fresh.status, 200);
    assert.equal(fresh.headers.get('idempotent-replayed'), null);
    assert.equal(await balance(v.userId), 0);
    assert.equal(await balance(u.userId), 4);
  });

  test('apply with a key: retried twice, charged once; a refused request (bad token) keeps no key, so its retry runs afresh', async () => {
    const u = await t.user({ credits: 3 });
    const { client } = await u.key();
    const scanned = await client.scan({ file: corpusDoc() });
    assert.ok(scanned.ok);
    const input = { file: corpusDoc(), scanToken: scanned.data.scanToken, scanFingerprint: scanned.data.scanFingerprint, decisions: [], idempotencyKey: 'apply-1' };
    const answers = [await client.apply(input), await client.apply(input), await client.apply(input)];
    assert.deepEqual(answers.map((a) => a.status), [200, 200, 200]);
    assert.deepEqual(answers.map((a) => a.headers.get('idempotent-replayed')), [null, 'true', 'true']);
    assert.equal(await balance(u.userId), 2);
    const refused = await client.apply({ ...input, scanToken: 'forged', idempotencyKey: 'apply-2' });
    expectError(refused, 401);
    assert.equal(await scalar('SELECT COUNT(*) FROM idempotency_keys WHERE idem_key = ?', ['apply-2']), 0);
    assert.equal(await balance(u.userId), 2);
  });

  test('a key whose request is still running is 409 idempotency_in_flight with retry_after; a malformed key is 400', async () => {
    const u = await t.user({ credits: 3 });
    const { client } = await u.key();
    const doc = corpusDoc(BIG_DOC);
    const running = client.direct({ file: doc, idempotencyKey: 'slow-one' });
    await until('the key claimed', async () => (await scalar("SELECT COUNT(*) FROM idempotency_keys WHERE idem_key = 'slow-one'", [])) === 1, 30_000);
    const meanwhile = await client.direct({ file: doc, idempotencyKey: 'slow-one' });
    const body = expectError(meanwhile, 409);
    assert.equal(body.reason, 'idempotency_in_flight');
    assert.ok(Number.isInteger(body.retry_after) && body.retry_after! >= 1, JSON.stringify(body));
    assert.equal(meanwhile.headers.get('retry-after'), String(body.retry_after));
    assert.equal((await running).status, 200);
    assert.equal(await balance(u.userId), 2);
    for (const bad of ['', 'has space', 'x'.repeat(256), 'naïve']) {
      const res = await fetch(`${t.url}/hyperlink`, { method: 'POST', headers: { authorization: `Bearer ${(await u.key()).key}`, 'idempotency-key': bad }, body: new FormData() });
      assert.equal(res.status, 400, JSON.stringify(bad));
      assert.equal(((await res.json()) as { reason: string }).reason, 'invalid_idempotency_key');
    }
  });

  test('kill -9 mid-request: the retry waits out the lease (409), then takes the key over; the dead credit is refunded and the document charged once', async () => {
    const u = await t.user({ credits: 2 });
    const { key } = await u.key();
    const proc = await startServiceProcess(t.databaseUrl, { IDEMPOTENCY_LEASE_MS: '8000' });
    processes.push(proc);
    const doc = corpusDoc(BIG_DOC);
    const dying = new HyperlinkerClient({ baseUrl: proc.url, apiKey: key }).direct({ file: doc, idempotencyKey: 'killed-1' }).then((r) => r.status, () => 'dropped');
    await until('the credit reserved', async () => (await reservations(u.userId, 'pending')) === 1, 30_000);
    proc.child.kill('SIGKILL');
    assert.equal(await dying, 'dropped');
    assert.equal(await balance(u.userId), 1, 'the dead request holds one credit');
    const retry = new HyperlinkerClient({ baseUrl: t.url, apiKey: key });
    const early = await retry.direct({ file: doc, idempotencyKey: 'killed-1' });
    assert.equal(expectError(early, 409).reason, 'idempotency_in_flight', 'the lease is still running');
    let answer = early;
    const deadline = Date.now() + 30_000;
    while (answer.status === 409 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      answer = await retry.direct({ file: doc, idempotencyKey: 'killed-1' });
    }
    assert.equal(answer.status, 200, 'the retry delivers once the lease ran out');
    assert.deepEqual([await balance(u.userId), await reservations(u.userId, 'refunded'), await reservations(u.userId, 'settled'), await charged(u.userId)], [1, 1, 1, 1]);
    const replay = await retry.direct({ file: doc, idempotencyKey: 'killed-1' });
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(await balance(u.userId), 1);
  });

  test('an answer too large to keep is recomputed on the retry, not charged again', async () => {
    const u = await t.user({ credits: 3 });
    const { key } = await u.key();
    const proc = await startServiceProcess(t.databaseUrl, { IDEMPOTENCY_MAX_STORED_MB: '0' });
    processes.push(proc);
    const client = new HyperlinkerClient({ baseUrl: proc.url, apiKey: key });
    const first = await client.direct({ file: corpusDoc(), idempotencyKey: 'big-answer' });
    const second = await client.direct({ file: corpusDoc(), idempotencyKey: 'big-answer' });
    assert.deepEqual([first.status, second.status], [200, 200]);
    assert.ok(first.ok && second.ok && first.data.docx.length > 0 && second.data.linkCount === first.data.linkCount);
    assert.equal(await scalar("SELECT COUNT(*) FROM idempotency_keys WHERE idem_key = 'big-answer' AND status = 'done' AND response_body IS NULL", []), 1);
    assert.deepEqual([await balance(u.userId), await charged(u.userId)], [2, 1]);
    proc.child.kill('SIGTERM');
  });
});
