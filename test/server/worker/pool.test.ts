// EnginePool bounds (issue 11, items 3 and 5): idle workers are shut down, none kept warm, and the
// match limit reaches the engine.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { EngineError, EnginePool } from '../../../server/worker/pool.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { pathologicalDocx } from '../../helpers/pathological.ts';
import { citeprocEnginesBuilt } from '../../helpers/citeproc-engines.ts';

test('workers idle past idleMs are shut down; the match limit is enforced in the worker', async () => {
  const pool = new EnginePool({ threads: 1, timeoutMs: 60_000, idleMs: 300, limits: { maxMatches: 50 } });
  try {
    await assert.rejects(
      pool.scan(await pathologicalDocx(10_000), { ...DEFAULT_SETTINGS, doi: true }),
      (err: unknown) => err instanceof EngineError && err.failure.kind === 'too-much-output' && err.failure.reason === 'too-many-matches' && err.failure.limit === 50,
    );
    assert.equal(pool.threads, 1);
    const deadline = Date.now() + 10_000;
    while (pool.threads > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.equal(pool.threads, 0, 'the idle worker was shut down');
  } finally {
    await pool.close();
  }
});

test('style refinement runs in an engine worker (no engine built on this thread) and is bounded by its own time-out', async () => {
  const list = { citeStyle: 'off', entries: [{ text: 'Smith, J. (2020). Growth of moss on walls. Journal of Urban Botany, 12(3), 101–119.', printedLabel: null }] };
  const pool = new EnginePool({ threads: 1, timeoutMs: 120_000, idleMs: 300 });
  try {
    const built = citeprocEnginesBuilt();
    const outcome = await pool.refineStyle(list, [null]);
    assert.ok('detectedCslId' in outcome && typeof outcome.styleDetection === 'object', JSON.stringify(outcome));
    assert.equal(citeprocEnginesBuilt(), built, 'no citeproc engine was built on the calling thread');
    // 1 ms: the worker cannot finish; the task fails as a time-out instead of running on
    await assert.rejects(pool.refineStyle(list, [null], 1), (err: unknown) => err instanceof EngineError && err.failure.reason === 'timeout');
  } finally {
    await pool.close();
  }
});

test('each engine task writes one line with the request id it served, its operation, its times and its outcome', async () => {
  const { withEngineAccount } = await import('../../../server/worker/engine-account.ts');
  const lines: Array<{ level: string; fields: Record<string, unknown>; msg: string }> = [];
  const log = { info: (fields: Record<string, unknown>, msg: string) => lines.push({ level: 'info', fields, msg }), warn: (fields: Record<string, unknown>, msg: string) => lines.push({ level: 'warn', fields, msg }) };
  const pool = new EnginePool({ threads: 1, timeoutMs: 120_000, idleMs: 300, log });
  try {
    const doc = await pathologicalDocx(2000);
    await withEngineAccount('user:1', () => pool.scan(doc, DEFAULT_SETTINGS), 'req-scan-1');
    await assert.rejects(withEngineAccount('user:1', () => pool.scan(new Uint8Array([1, 2, 3]), DEFAULT_SETTINGS), 'req-bad-2'), EngineError);
  } finally {
    await pool.close();
  }
  assert.equal(lines.length, 2);
  assert.deepEqual([lines[0]!.level, lines[0]!.msg, lines[0]!.fields.requestId, lines[0]!.fields.op, lines[0]!.fields.outcome], ['info', 'engine task', 'req-scan-1', 'scan', 'ok']);
  assert.ok(Number.isInteger(lines[0]!.fields.ms) && Number.isInteger(lines[0]!.fields.queuedMs));
  assert.deepEqual([lines[1]!.level, lines[1]!.msg, lines[1]!.fields.requestId, lines[1]!.fields.op], ['warn', 'engine task failed', 'req-bad-2', 'scan']);
  assert.equal(typeof lines[1]!.fields.outcome, 'string');
});

test('style detection is on by default in the engine worker: a scan carries detectedCslId and a calibrated confidence', async () => {
  const { readFileSync } = await import('node:fs');
  const bytes = new Uint8Array(readFileSync(new URL('../../../examples/sample.docx', import.meta.url)));
  const pool = new EnginePool({ threads: 1, timeoutMs: 120_000, idleMs: 300 });
  try {
    const { packet } = await pool.scan(bytes, { ...DEFAULT_SETTINGS, doi: true });
    assert.ok('detectedCslId' in packet, 'detection ran without STYLE_DETECTION set');
    const confidence = packet.styleDetection?.confidence;
    assert.ok(confidence && confidence.probability > 0 && confidence.probability < 1, JSON.stringify(packet.styleDetection));
  } finally {
    await pool.close();
  }
});

test('after a large task its workers retire: every task in flight or waiting meanwhile answers as on a pool that never retires, and the large task leaves no thread behind', async () => {
  const { readFileSync } = await import('node:fs');
  const large = new Uint8Array(readFileSync(new URL('../../../examples/sample.docx', import.meta.url)));
  const small = await pathologicalDocx(2000);
  const settings = { ...DEFAULT_SETTINGS, doi: true };
  // What each document answers on a pool that never retires (a threshold no input reaches).
  const steady = new EnginePool({ threads: 1, timeoutMs: 120_000, idleMs: 300, retireAfterBytes: Number.MAX_SAFE_INTEGER });
  const expected = new Map<Uint8Array, string>();
  try {
    for (const doc of [large, small]) expected.set(doc, (await steady.scan(doc, settings)).graphHash);
    const smallLinks = (await steady.direct(small.slice(), settings)).linkCount;
    // sample.docx (49 KB) is large here, the 2,000-character manuscript small; idle workers would live a minute.
    const pool = new EnginePool({ threads: 2, timeoutMs: 120_000, idleMs: 60_000, queueMax: 32, perAccountThreads: 2, retireAfterBytes: 20_000 });
    try {
      const order = [large, small, small, large, small, large, small, large];
      // Scans and directs at once on two workers: large tasks retire their generation while others run on it or wait.
      const outcomes = await Promise.allSettled(order.flatMap((doc) => [
        pool.scan(doc, settings).then((r) => ({ doc, graphHash: r.graphHash })),
        ...(doc === small ? [pool.direct(small.slice(), settings).then((r) => ({ doc, links: r.linkCount }))] : []),
      ]));
      const failed = outcomes.filter((o) => o.status === 'rejected');
      assert.deepEqual(failed, [], 'no task failed while workers retired');
      for (const o of outcomes) {
        if (o.status !== 'fulfilled') continue;
        if ('graphHash' in o.value) assert.equal(o.value.graphHash, expected.get(o.value.doc));
        else assert.equal(o.value.links, smallLinks);
      }
      // A small task leaves its worker idle (kept for idleMs); a large one retires it at once.
      await pool.scan(small, settings);
      assert.ok(pool.threads >= 1, 'a small task keeps its worker');
      await pool.scan(large, settings);
      const deadline = Date.now() + 5_000;
      while (pool.threads > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      assert.equal(pool.threads, 0, 'the worker that ran the large task was destroyed, not kept idle');
      assert.equal((await pool.scan(small, settings)).graphHash, expected.get(small), 'the next task runs on a fresh worker');
    } finally {
      await pool.close();
    }
  } finally {
    await steady.close();
  }
});

test('from source in a process that registered tsx through its API (bin/hyperlinker.mjs), a worker still loads', () => {
  const poolUrl = new URL('../../../server/worker/pool.ts', import.meta.url).href;
  const script = [
    "const { register } = await import('tsx/esm/api');",
    'register();',
    `const { EnginePool } = await import(${JSON.stringify(poolUrl)});`,
    'const pool = new EnginePool({ threads: 1, timeoutMs: 60000 });',
    "const r = await pool.refineStyle({ entries: [], citeStyle: 'off' }, []);",
    'await pool.close();',
    'console.log(r.styleDetection.evidence.reason);',
  ].join('\n');
  const env = { ...process.env, NODE_OPTIONS: '' };
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: fileURLToPath(new URL('../../..', import.meta.url)), env, encoding: 'utf8' });
  assert.equal(out.trim(), 'no reference entries');
});
