// GET /readyz's decision: database answering, every migration applied, engine pool taking tasks; each failing
// check named. The route on the real service: test/server/http/metrics.int.test.ts sits beside it (app.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MIGRATIONS } from '../../../../server/db/migrations.ts';
import { readiness } from '../../../../server/http/services/readiness.ts';
import type { EnginePool } from '../../../../server/worker/pool.ts';
import { scriptedPool } from '../../../helpers/service-context.ts';

const engine = (alive: boolean) => ({ alive }) as unknown as EnginePool;
const applied = (versions: number[]) => scriptedPool([versions.map((version) => ({ version }))]);

test('ready when the database answers, every migration is applied and the engine pool is alive', async () => {
  assert.deepEqual(await readiness({ pool: applied(MIGRATIONS.map((m) => m.version)), engine: engine(true) }), { ok: true, checks: { database: true, migrations: true, engine: true, accepting: true } });
});

test('a migration not applied, a failing database, or a closed engine pool: not ready, naming the check', async () => {
  assert.deepEqual((await readiness({ pool: applied(MIGRATIONS.slice(0, -1).map((m) => m.version)), engine: engine(true) })).checks, { database: true, migrations: false, engine: true, accepting: true });
  const down = scriptedPool([Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })]);
  assert.deepEqual(await readiness({ pool: down, engine: engine(true) }), { ok: false, checks: { database: false, migrations: false, engine: true, accepting: true } });
  assert.equal((await readiness({ pool: applied(MIGRATIONS.map((m) => m.version)), engine: engine(false) })).ok, false);
});

test('a draining process (SIGTERM) is not ready, so the proxy takes it out', async () => {
  const { Drain } = await import('../../../../server/http/drain.ts');
  const drain = new Drain();
  drain.begin();
  const ready = await readiness({ pool: applied(MIGRATIONS.map((m) => m.version)), engine: engine(true), drain });
  assert.deepEqual(ready, { ok: false, checks: { database: true, migrations: true, engine: true, accepting: false } });
});
