// The service's memory as users run it (`npm start`: compiled dist/server in its own process): the peak
// resident memory of the service process while /hyperlink-apply links a file, and the same for /hyperlink
// (direct). The file is scanned first through /hyperlink-scan, as the add-in does; every ready match is
// approved. Before each measured request the kernel's high-water mark of the process is reset
// (`echo 5 > /proc/PID/clear_refs`), so the peak read after it (VmHWM) belongs to that request alone: what
// the process held before (node, express, the database pool, a warm engine worker) plus what the request
// added. Needs MariaDB (127.0.0.1:3306 or BENCH_DATABASE_URL's server); a fresh database is made and dropped.
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { addUser } from '../../server/cli/accounts.ts';
import { dropDatabase, openDatabase } from '../../server/db/connection.ts';
import { HyperlinkerClient } from '../../shared/api-client.ts';
import type { ReviewDecision } from '../../shared/contract.ts';
import { startCompiledService } from './compiled-service.ts';
import { benchArgs, UsageError } from '../common/args.ts';

export interface RequestMemory {
  ms: number;
  /** RSS of the service process just before the request (after the high-water mark was reset). */
  rssBefore: number;
  /** Highest RSS of the service process during the request. */
  peakRss: number;
}

export interface ServiceMemory {
  bytes: number;
  /** RSS of the idle service after start-up, before any document. */
  idleRss: number;
  apply: RequestMemory;
  direct: RequestMemory;
}

/** A field of /proc/PID/status in bytes (VmRSS, VmHWM). */
function statusBytes(status: string, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!m) throw new Error(`no ${field} in /proc status`);
  return Number(m[1]) * 1024;
}

const status = (pid: number) => readFileSync(`/proc/${pid}/status`, 'utf8');

/** Runs `request` and returns the service's peak RSS over it alone. */
async function measured(pid: number, request: () => Promise<void>): Promise<RequestMemory> {
  writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
  const rssBefore = statusBytes(status(pid), 'VmRSS');
  const t0 = performance.now();
  await request();
  const ms = performance.now() - t0;
  return { ms, rssBefore, peakRss: statusBytes(status(pid), 'VmHWM') };
}

export async function serviceMemory(file: string): Promise<ServiceMemory> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? `mysql://root@127.0.0.1:3306/hl_bench_mem_${process.pid}`;
  const env = { DATABASE_URL: databaseUrl, TOKEN_SECRET: 'bench-secret', RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'warn' };
  const pool = await openDatabase(databaseUrl, 2);
  const service = await startCompiledService(env).catch(async (err) => { await pool.end(); await dropDatabase(databaseUrl); throw err; });
  try {
    const idleRss = statusBytes(status(service.pid), 'VmRSS');
    await addUser(pool, { email: 'bench@example.org', password: 'bench-password', credits: 10 });
    const client = new HyperlinkerClient({ baseUrl: service.url });
    const login = await client.login('bench@example.org', 'bench-password');
    if (!login.ok) throw new Error(`login: ${login.error.error}`);
    const key = await client.withSession(login.data.token).createKey({ name: 'bench' });
    if (!key.ok) throw new Error(`key: ${key.error.error}`);
    const api = client.withApiKey(key.data.key);
    const bytes = new Uint8Array(readFileSync(file));
    const settings = { doi: true };
    const scan = await api.scan({ file: bytes, settings });
    if (!scan.ok) throw new Error(`/hyperlink-scan: ${scan.status} ${scan.error.error}`);
    const decisions: ReviewDecision[] = scan.data.matches.filter((m) => m.status === 'ready').map((m) => ({ refId: m.refId, status: 'approved' }));
    const apply = await measured(service.pid, async () => {
      const r = await api.apply({ file: bytes, settings, scanToken: scan.data.scanToken, scanFingerprint: scan.data.scanFingerprint, decisions });
      if (!r.ok) throw new Error(`/hyperlink-apply: ${r.status} ${r.error.error}`);
    });
    const direct = await measured(service.pid, async () => {
      const r = await api.direct({ file: bytes, settings });
      if (!r.ok) throw new Error(`/hyperlink: ${r.status} ${r.error.error}`);
    });
    return { bytes: bytes.length, idleRss, apply, direct };
  } finally {
    await service.stop();
    await pool.end();
    await dropDatabase(databaseUrl);
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const file = benchArgs(import.meta.url, {}, ({ positional }) => {
    if (positional.length !== 1) throw new UsageError('usage: node --import tsx bench/service/memory.ts FILE');
    return positional[0]!;
  });
  console.log(JSON.stringify(await serviceMemory(file)));
}
