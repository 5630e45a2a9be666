// Issue 24, item 4 (engine side), against the real service with two engine workers: the workers are shared per
// account, not per key. Two keys of one account scanning a heavy document cannot hold both workers: another
// account's small scan starts at once and is answered while the heavy ones still run (before: it waited for one
// of them to finish). Free scans are limited per account whatever the key: 429 with retry_after.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { pathologicalDocx } from '../../helpers/pathological.ts';
import { corpusDoc, expectError, startTestService, type TestService } from '../../helpers/http-harness.ts';

let t: TestService;

before(async () => {
  t = await startTestService('engine_fairness', {
    ENGINE_THREADS: '2',
    MAX_MATCHES_PER_DOCUMENT: '1000000',
    // The heavy scans do all their engine work and answer a small 422 response-too-large: their time is the engine's.
    MAX_SCAN_RESPONSE_MB: '1',
    FREE_SCAN_RATE_LIMIT_PER_MINUTE: '6',
    RATE_LIMIT_PER_MINUTE: '1000',
  });
});
after(async () => {
  await t.stop();
});

describe('engine workers shared per account', () => {
  test("two keys of one account scanning heavy documents leave a worker for another account's small scan", async () => {
    // 4 MB of dense mentions: several seconds of engine work each (1 MB took about 2 s once the engine got faster, and
    // a heavy scan then ended before the small one in a clean CI run).
    const heavy = await pathologicalDocx(4 * 1024 * 1024);
    const hog = await t.user({});
    const hogKeys = [await hog.key('one'), await hog.key('two')];
    const other = (await (await t.user({})).key()).client;
    const small = corpusDoc();
    // The other account's scan alone, for its figure on this (busy, shared) machine.
    const alone = performance.now();
    assert.equal((await other.scan({ file: small })).status, 200);
    const aloneMs = performance.now() - alone;

    const started = performance.now();
    const heavyDone: number[] = [];
    const heavyScans = hogKeys.map(({ client }) => client.scan({ file: heavy, settings: { doi: true } }).then((r) => {
      heavyDone.push(performance.now() - started);
      return r.status;
    }));
    // Both heavy requests past their checks and upload, in the engine (they take tens of seconds there).
    const deadline = Date.now() + 20_000;
    while (t.service.ctx.engine.running + t.service.ctx.engine.queued < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 1000));
    const smallStarted = performance.now();
    const smallScan = await other.scan({ file: small });
    const smallMs = performance.now() - smallStarted;
    const smallDone = performance.now() - started;
    const statuses = await Promise.all(heavyScans);
    assert.equal(smallScan.status, 200);
    for (const s of statuses) assert.equal(s, 422, 'the heavy scans answer response-too-large');
    assert.ok(smallDone < Math.min(...heavyDone), `the small scan ended at ${smallDone.toFixed(0)} ms, the heavy ones at ${heavyDone.map((d) => d.toFixed(0)).join(', ')} ms`);
    console.log(`# small scan alone ${aloneMs.toFixed(0)} ms, beside the hog ${smallMs.toFixed(0)} ms (${(smallMs / aloneMs).toFixed(2)}×); heavy scans ended at ${heavyDone.map((d) => d.toFixed(0)).join(', ')} ms`);
  });

  test('free scans are limited per account, whatever the key: 429 rate_limited with retry_after', async () => {
    const u = await t.user({});
    const keys = [await u.key('a'), await u.key('b'), await u.key('c')];
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await keys[i % 3]!.client.scan({ file: new Uint8Array([80, 75]) })).status);
    assert.ok(statuses.every((s) => s === 400), statuses.join(' '));
    const refused = expectError(await keys[0]!.client.scan({ file: new Uint8Array([80, 75]) }), 429);
    assert.equal(refused.reason, 'rate_limited');
    assert.ok((refused.retry_after ?? 0) > 0);
    // Another account is not limited by this one's scans.
    assert.equal((await (await (await t.user({})).key()).client.scan({ file: new Uint8Array([80, 75]) })).status, 400);
  });
});
