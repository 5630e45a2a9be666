// bench:abuse harness: one service process on 127.0.0.1 over a fresh database, a user with a key, a
// /healthz watcher that measures how long health answers take while a probe runs, and a tally of
// every status the abuse got. Probes (bench/abuse/probes/*.ts) only use what this file exports.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import type { Pool } from 'mysql2/promise';
import { addUser } from '../../server/cli/accounts.ts';
import { dropDatabase, openDatabase } from '../../server/db/connection.ts';
import { migrate } from '../../server/db/migrate.ts';
import { HyperlinkerClient } from '../../shared/api-client.ts';

export interface BenchService {
  url: string;
  port: number;
  /** Process id of the service (its RSS is read from /proc). */
  pid: number;
  databaseUrl: string;
  /** A connection pool of the bench itself, to look at the database (limiter rows). */
  db: Pool;
  apiKey: string;
  /** Log lines of level error the service wrote (alarms), newest last. */
  errorLogs: string[];
  /** The settings the service process was started with (a probe that starts a second process uses them). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export interface HttpAnswer {
  status: number;
  ms: number;
  bytes: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** Resident memory of a process in MB (Linux /proc), or NaN where it cannot be read. */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** One HTTP request to the bench service; status 0 means no answer (connection closed or time-out). */
export function send(url: string, options: { method?: string; headers?: Record<string, string>; body?: Buffer | string; timeoutMs?: number } = {}): Promise<HttpAnswer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, bytes: body.length, body: body.subarray(0, 4096).toString(), headers: res.headers });
      });
      res.on('error', () => resolve({ status: 0, ms: performance.now() - started, bytes: 0, body: '', headers: {} }));
    });
    req.setTimeout(options.timeoutMs ?? 60_000, () => req.destroy(new Error('timeout')));
    // No answer: the body says why (ECONNRESET, ECONNREFUSED, timeout), for the probe that wants to tell.
    req.on('error', (err: Error & { code?: string }) => resolve({ status: 0, ms: performance.now() - started, bytes: 0, body: err.code ?? err.message, headers: {} }));
    req.end(options.body);
  });
}

export function multipart(fields: Record<string, string>, file: Uint8Array | null): { body: Buffer; contentType: string } {
  const boundary = '----hyperlinkerabuse';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="m.docx"\r\nContent-Type: application/octet-stream\r\n\r\n`), Buffer.from(file), Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Polls /healthz one request at a time while running; reports the slowest answer. */
export class HealthWatch {
  private running = false;
  private loop: Promise<void> | null = null;
  worstMs = 0;
  answers = 0;
  failures = 0;
  private times: number[] = [];

  constructor(private readonly url: string) {}

  start(): void {
    this.running = true;
    this.worstMs = 0;
    this.answers = 0;
    this.failures = 0;
    this.times = [];
    this.loop = (async () => {
      while (this.running) {
        const a = await send(`${this.url}/healthz`, { timeoutMs: 120_000 });
        if (a.status === 200) this.answers += 1;
        else this.failures += 1;
        this.worstMs = Math.max(this.worstMs, a.ms);
        this.times.push(a.ms);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
  }

  async stop(): Promise<{ worstMs: number; p99Ms: number; answers: number; failures: number; text: string }> {
    this.running = false;
    await this.loop;
    const sorted = [...this.times].sort((a, b) => a - b);
    const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    const text = `/healthz blocked at most ${this.worstMs.toFixed(0)} ms (p50 ${at(0.5).toFixed(0)}, p95 ${at(0.95).toFixed(0)}, p99 ${at(0.99).toFixed(0)} ms over ${sorted.length} probes)`;
    return { worstMs: this.worstMs, p99Ms: at(0.99), answers: this.answers, failures: this.failures, text };
  }
}

/** Statuses a probe's abusive requests got; 500s and non-answers break the goals. */
export class Tally {
  readonly counts = new Map<number, number>();
  add(status: number): void {
    this.counts.set(status, (this.counts.get(status) ?? 0) + 1);
  }
  get text(): string {
    return [...this.counts].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s === 0 ? 'none' : s}×${n}`).join(' ');
  }
  /** Every answer a 4xx or a 503 (what the goals ask of abuse). */
  get clean(): boolean {
    return [...this.counts.keys()].every((s) => (s >= 400 && s < 500) || s === 503);
  }
}

/** A service process of the bench: its port and pid, and how to kill it. */
export interface ServiceProcess {
  port: number;
  pid: number;
  child: ChildProcess;
}

/** Spawns `node --import tsx server/http/main.ts` on 127.0.0.1, port 0, over `databaseUrl` (already migrated);
 * lines logged at level error are collected in `errorLogs`. */
export async function spawnServiceProcess(databaseUrl: string, env: Record<string, string>, errorLogs: string[] = []): Promise<ServiceProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/http/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATABASE_URL: databaseUrl, TOKEN_SECRET: 'abuse-bench-secret', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error('service did not start in 60 s')), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        const m = /"port":(\d+)[^\n]*"msg":"listening"/.exec(line);
        if (m) {
          clearTimeout(timer);
          resolve(Number(m[1]));
        }
        if (/"level":50/.test(line)) errorLogs.push(line);
      }
    });
    child.once('exit', (code) => reject(new Error(`service exited with ${code}`)));
  });
  return { port, pid: child.pid ?? 0, child };
}

/** Starts one service process over a fresh database, with a user and an API key. */
export async function startBenchService(env: Record<string, string>): Promise<BenchService> {
  const databaseUrl = `mysql://root@127.0.0.1:3306/hl_abuse_${process.pid}_${Date.now() % 100000}`;
  const db = await openDatabase(databaseUrl, 4);
  await migrate(db);
  const errorLogs: string[] = [];
  const { port, child } = await spawnServiceProcess(databaseUrl, env, errorLogs);
  const url = `http://127.0.0.1:${port}`;
  await addUser(db, { email: 'abuse@example.org', password: 'abuse-password', credits: 5 });
  const client = new HyperlinkerClient({ baseUrl: url });
  const login = await client.login('abuse@example.org', 'abuse-password');
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const key = await client.withSession(login.data.token).createKey({ name: 'abuse' });
  if (!key.ok) throw new Error(`key creation failed: ${key.status}`);
  return {
    url,
    port,
    pid: child.pid ?? 0,
    databaseUrl,
    db,
    apiKey: key.data.key,
    errorLogs,
    env,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      await db.end();
      await dropDatabase(databaseUrl);
    },
  };
}
