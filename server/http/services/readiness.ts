// GET /readyz: whether this process should get traffic (a proxy's health check), apart from /healthz (alive):
// the database answers within a second, every migration is applied, the engine pool takes tasks, and the
// process is not draining (SIGTERM, server/http/drain.ts).
import type { AppContext } from '../context.ts';
import { pendingMigrations } from '../../db/migrate.ts';

export interface Readiness {
  ok: boolean;
  checks: { database: boolean; migrations: boolean; engine: boolean; accepting: boolean };
}

const within = <T>(ms: number, work: Promise<T>): Promise<T> =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref())]);

export async function readiness(ctx: Pick<AppContext, 'pool' | 'engine' | 'drain'>): Promise<Readiness> {
  const pending = await within(1000, pendingMigrations(ctx.pool)).catch(() => null);
  const checks = { database: pending !== null, migrations: pending !== null && pending.length === 0, engine: ctx.engine.alive, accepting: ctx.drain?.accepting ?? true };
  return { ok: checks.database && checks.migrations && checks.engine && checks.accepting, checks };
}
