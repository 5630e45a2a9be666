// EnginePool bounds (issue 11, items 3 and 5): idle workers are shut down, none kept warm, and the
// match limit reaches the engine.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EngineError, EnginePool } from '../../../server/worker/pool.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { pathologicalDocx } from '../../helpers/pathological.ts';

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
