// The CSL check pool (issue 24, item 1): uploaded styles are checked in a worker of their own, answers are
// cached by the file's hash, a check that passes the time cap is refused with the limit named and its worker
// replaced, and the service thread never builds an engine.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { CslFileError } from '../../../server/csl/csl-file.ts';
import { citeprocEnginesBuilt } from '../../helpers/citeproc-engines.ts';
import { CslCheckPool } from '../../../server/worker/csl-check-pool.ts';
import { deepCsl, fanOutCsl } from '../../helpers/hostile-csl.ts';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const ieee = readFileSync(new URL('../../../server/csl/styles/ieee.csl', import.meta.url));

async function reasonOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof CslFileError, String(err));
    return err.reason;
  }
  return 'accepted';
}

test('a style is checked in the worker once; the same file again is answered from the cache', async () => {
  const pool = new CslCheckPool({ timeoutMs: 60_000 });
  try {
    const built = citeprocEnginesBuilt();
    const style = await pool.check(ieee);
    assert.equal(style.id, 'ieee');
    assert.equal(citeprocEnginesBuilt(), built, 'no engine was built on this thread');
    assert.equal(pool.checksRun, 1);
    assert.equal((await pool.check(Buffer.from(ieee))).key, style.key);
    assert.equal(pool.checksRun, 1);
    // refusals are cached too
    assert.equal(await reasonOf(pool.check(enc(fanOutCsl(40)))), 'csl_macro_expansion');
    assert.equal(await reasonOf(pool.check(enc(fanOutCsl(40)))), 'csl_macro_expansion');
    assert.equal(pool.checksRun, 2);
    assert.equal(await reasonOf(pool.check(enc(deepCsl(30_000)))), 'csl_too_deep');
    // size and emptiness are read on this thread, no worker needed
    assert.equal(await reasonOf(pool.check(new Uint8Array())), 'csl_empty');
    assert.equal(await reasonOf(pool.check(new Uint8Array(300_000).fill(32))), 'csl_too_large');
    assert.equal(pool.checksRun, 3);
  } finally {
    await pool.close();
  }
});

test('a check past the time cap is refused as csl_render_timeout, not remembered, and the next check gets a fresh worker', async () => {
  // 1 ms: no worker even starts in time, the stand-in for a render that never ends
  const pool = new CslCheckPool({ timeoutMs: 1 });
  try {
    assert.equal(await reasonOf(pool.check(ieee)), 'csl_render_timeout');
    assert.equal(await reasonOf(pool.check(ieee)), 'csl_render_timeout');
    assert.equal(pool.checksRun, 2, 'a time-out is not cached: it may be the load');
  } finally {
    await pool.close();
  }
});

test('more checks than the queue holds are refused as busy, not queued without bound', async () => {
  const pool = new CslCheckPool({ timeoutMs: 60_000, queueMax: 1 });
  try {
    // distinct files (a salt in the id), so no check is shared
    const reasons = await Promise.all([0, 1, 2, 3, 4].map((i) => reasonOf(pool.check(enc(fanOutCsl(10, String(i)))))));
    assert.ok(reasons.includes('csl_check_busy'), reasons.join(' '));
    assert.ok(reasons.includes('accepted'), reasons.join(' '));
  } finally {
    await pool.close();
  }
});
