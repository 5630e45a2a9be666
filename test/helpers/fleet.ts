// A fleet as docs/deploy.md describes it: service replicas (each its own process, fixed port) on one MariaDB
// database migrated once, behind HAProxy run with deploy/haproxy.cfg, resolving against the fake Crossref.
// Used by test/deploy/fleet.int.test.ts and bench/fleet.ts. Not a test file itself.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Pool } from 'mysql2/promise';
import { addUser } from '../../server/cli/accounts.ts';
import { dropDatabase, openDatabase } from '../../server/db/connection.ts';
import { migrate } from '../../server/db/migrate.ts';
import { HyperlinkerClient } from '../../shared/api-client.ts';
import { REPO_ROOT } from './corpus.ts';
import { buildDocx, p } from './docx-builder.ts';
import { REFS, WORKS } from './fake-crossref/fixtures.ts';
import { startFakeCrossref, type FakeCrossref } from './fake-crossref/server.ts';
import { startServiceProcess, type ServiceProcess } from './http-harness.ts';
import { freshDatabaseUrl } from './test-database.ts';

const HAPROXY_CONFIG = join(REPO_ROOT, 'deploy', 'haproxy.cfg');

/** A port free on 127.0.0.1 now (the kernel's pick, released at once). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const exited = (child: ChildProcess): Promise<number | string | null> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode ?? child.signalCode)
    : new Promise((r) => child.once('exit', (code, signal) => r(code ?? signal)));

interface Replica {
  port: number;
  url: string;
  process: ServiceProcess | null;
}

export interface Fleet {
  databaseUrl: string;
  proxyUrl: string;
  pool: Pool;
  fake: FakeCrossref;
  replicas: Replica[];
  /** Answers of status 500 or above other than 503 logged by any replica process, restarted ones included. */
  serverErrors(): string[];
  /** Starts replica i again on its port (env added to the fleet's). */
  start(i: number, env?: Record<string, string>): Promise<void>;
  /** Sends a signal to replica i; resolves with its exit code or signal once it has exited. */
  signal(i: number, signal: 'SIGKILL' | 'SIGTERM'): Promise<number | string | null>;
  /** Resolves once the proxy has answered /readyz `times` times in a row with 200 (every replica up takes a few). */
  proxyReady(times?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Environment of every replica: limits high enough for a load test, the proxy trusted, the fake registry. */
function replicaEnv(fakeUrl: string): Record<string, string> {
  return {
    TRUST_PROXY: '127.0.0.1',
    CROSSREF_API_URL: fakeUrl,
    CROSSREF_MAILTO: 'fleet-test@example.org',
    REGISTRY_WINDOW_MARGIN_MS: '400',
    RATE_LIMIT_PER_MINUTE: '100000',
    ORG_RATE_LIMIT_PER_MINUTE: '100000',
    FREE_SCAN_RATE_LIMIT_PER_MINUTE: '100000',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    LOGIN_ADDRESS_RATE_LIMIT_PER_MINUTE: '100000',
    MAX_CONCURRENT_PER_KEY: '50',
    ENGINE_QUEUE_MAX: '100',
    ENGINE_THREADS: '1',
    IDEMPOTENCY_LEASE_MS: '3000',
    LOG_LEVEL: 'info',
  };
}

export async function startFleet(tag: string, options: { replicas?: number; env?: Record<string, string> } = {}): Promise<Fleet> {
  const databaseUrl = freshDatabaseUrl(tag);
  // Migrations run once, before any replica starts (docs/deploy.md); each replica then finds nothing to do.
  const pool = await openDatabase(databaseUrl, 4);
  await migrate(pool);
  const fake = await startFakeCrossref({ works: WORKS, polite: { search: 5, lookup: 10, concurrency: 3 }, retryAfterSeconds: 1 });
  const baseEnv = { ...replicaEnv(fake.url), ...options.env };
  const replicas: Replica[] = [];
  for (let i = 0; i < (options.replicas ?? 3); i++) {
    const port = await freePort();
    replicas.push({ port, url: `http://127.0.0.1:${port}`, process: null });
  }
  const errors: string[] = [];
  const all: ServiceProcess[] = [];
  const start = async (i: number, env: Record<string, string> = {}): Promise<void> => {
    const r = replicas[i]!;
    const proc = await startServiceProcess(databaseUrl, { ...baseEnv, ...env, PORT: String(r.port), HOST: '127.0.0.1' });
    all.push(proc);
    r.process = proc;
  };
  await Promise.all(replicas.map((_, i) => start(i)));

  const proxyPort = await freePort();
  const proxyEnv: Record<string, string> = { HYPERLINKER_BIND: `127.0.0.1:${proxyPort}` };
  replicas.forEach((r, i) => {
    proxyEnv[`HYPERLINKER_APP${i + 1}`] = `127.0.0.1:${r.port}`;
  });
  const haproxy = spawn('haproxy', ['-db', '-f', HAPROXY_CONFIG], { env: { ...process.env, ...proxyEnv }, stdio: ['ignore', 'ignore', 'pipe'] });
  let haproxyLog = '';
  haproxy.stderr!.on('data', (c: Buffer) => {
    haproxyLog = (haproxyLog + c.toString()).slice(-20_000);
  });
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;

  const fleet: Fleet = {
    databaseUrl,
    proxyUrl,
    pool,
    fake,
    replicas,
    serverErrors: () => [...errors, ...all.flatMap((p) => p.serverErrors)],
    start,
    async signal(i, signal) {
      const child = replicas[i]!.process!.child;
      child.kill(signal);
      const code = await exited(child);
      replicas[i]!.process = null;
      return code;
    },
    async proxyReady(times = 6) {
      const deadline = Date.now() + 60_000;
      let streak = 0;
      while (streak < times) {
        if (haproxy.exitCode !== null) throw new Error(`haproxy exited: ${haproxyLog}`);
        if (Date.now() > deadline) throw new Error(`the proxy did not answer /readyz: ${haproxyLog.slice(-2000)}`);
        const ok = await fetch(`${proxyUrl}/readyz`).then((r) => r.ok, () => false);
        streak = ok ? streak + 1 : 0;
        await new Promise((r) => setTimeout(r, ok ? 100 : 250));
      }
    },
    async stop() {
      haproxy.kill('SIGTERM');
      await exited(haproxy);
      for (const r of replicas) if (r.process) r.process.child.kill('SIGKILL');
      await Promise.all(all.map((proc) => exited(proc.child)));
      await fake.close();
      await pool.end();
      await dropDatabase(databaseUrl);
    },
  };
  await fleet.proxyReady();
  return fleet;
}

/** A paying account of the load: an individual user or an organisation, with its key and its session. */
export interface FleetAccount {
  kind: 'user' | 'org';
  id: string;
  credits: number;
  apiKey: string;
  key: HyperlinkerClient;
  session: HyperlinkerClient;
}

/** Individual users and organisations on the pro plan with `credits` each; keys and sessions made through the proxy. */
export async function fleetAccounts(fleet: Fleet, counts: { users: number; orgs: number }, credits: number): Promise<FleetAccount[]> {
  const accounts: FleetAccount[] = [];
  const anonymous = new HyperlinkerClient({ baseUrl: fleet.proxyUrl });
  for (let i = 0; i < counts.users + counts.orgs; i++) {
    const isOrg = i >= counts.users;
    const email = `fleet-${i}-${Math.random().toString(36).slice(2)}@example.org`;
    const password = `pw-${Math.random().toString(36).slice(2)}`;
    const { userId, orgId } = await addUser(fleet.pool, { email, password, plan: 'pro', credits: isOrg ? 0 : credits, ...(isOrg ? { org: `Fleet Org ${i}`, role: 'owner' as const } : {}) });
    if (orgId) await fleet.pool.query("UPDATE organisations SET plan = 'pro', credits = ? WHERE id = ?", [credits, orgId]);
    const login = await anonymous.login(email, password);
    if (!login.ok) throw new Error(`login failed: ${login.status}`);
    const session = anonymous.withSession(login.data.token);
    const created = isOrg ? await session.createOrgKey({ name: 'fleet' }) : await session.createKey({ name: 'fleet' });
    if (!created.ok) throw new Error(`key creation failed: ${created.status}`);
    // The first individual key grants trial credits (TRIAL_CREDITS, 0 in these processes): read the balance back.
    const [rows] = await fleet.pool.query(isOrg ? 'SELECT credits FROM organisations WHERE id = ?' : 'SELECT credits FROM users WHERE id = ?', [orgId ?? userId]);
    accounts.push({ kind: isOrg ? 'org' : 'user', id: orgId ?? userId, credits: Number((rows as Array<{ credits: number }>)[0]!.credits), apiKey: created.data.key, key: anonymous.withApiKey(created.data.key), session });
  }
  return accounts;
}

/** What the books say for one account: balance, reservations by status, charged usage rows. */
export async function ledger(pool: Pool, account: Pick<FleetAccount, 'kind' | 'id'>): Promise<{ balance: number; settled: number; refunded: number; pending: number; usageCharged: number }> {
  const one = async (sql: string, params: unknown[]): Promise<number> => {
    const [rows] = await pool.query(sql, params);
    return Number(Object.values((rows as Record<string, unknown>[])[0]!)[0] ?? 0);
  };
  const balance = await one(account.kind === 'org' ? 'SELECT credits FROM organisations WHERE id = ?' : 'SELECT credits FROM users WHERE id = ?', [account.id]);
  const count = (status: string) => one('SELECT COUNT(*) FROM credit_reservations WHERE account_kind = ? AND account_id = ? AND status = ?', [account.kind, account.id, status]);
  const usageCharged = await one(
    account.kind === 'org' ? 'SELECT COALESCE(SUM(credits_used), 0) FROM usage_events WHERE org_id = ?' : 'SELECT COALESCE(SUM(credits_used), 0) FROM usage_events WHERE user_id = ? AND org_id IS NULL',
    [account.id],
  );
  return { balance, settled: await count('settled'), refunded: await count('refunded'), pending: await count('pending'), usageCharged };
}

/** The resolve manuscript: two works the fake registry holds and one reference unique to the request (one search). */
export function resolveManuscript(tag: string): Promise<Uint8Array> {
  const refs = [REFS.bacon, REFS.stroke, `Author ${tag}, Other B. A study of ${tag} phenomena in model systems. J Unknown Res. 2015;3:101-110.`];
  const body = p(`Prior work ${refs.map((_, i) => `[${i + 1}]`).join(', ')} shaped this study.`) + p('References', 'Heading1') + refs.map((r, i) => p(`${i + 1}. ${r}`)).join('');
  return buildDocx({ body });
}
