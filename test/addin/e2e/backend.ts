// The real service for the end-to-end test: server/http/main.ts in a child process on its own fresh
// MariaDB database, with CORS for the pane's origin, and a user made with `hyperlinker user add`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { HyperlinkerClient } from '../../../shared/api-client.ts';
import { dropDatabase } from '../../../server/db/connection.ts';
import { freshDatabaseUrl } from '../../helpers/http-harness.ts';

export interface Backend {
  url: string;
  email: string;
  password: string;
  /** A session client for the test's own calls (listing and revoking keys behind the pane's back). */
  session: HyperlinkerClient;
  /** Stops the service (the database stays until close). */
  stop(): Promise<void>;
  /** Stops and starts the service on the same port and database, with a new TOKEN_SECRET: every scan token it gave is now foreign. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

const repo = new URL('../../../', import.meta.url).pathname;

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

async function waitForHttp(url: string, child: ChildProcess, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) return false;
    try {
      await fetch(url);
      return true;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  return false;
}

/** plan: the test user's plan (default the CLI's, free); 'pro' lets it use Crossref resolution. */
export async function startBackend(paneOrigin: string, opts: { plan?: 'free' | 'pro' } = {}): Promise<Backend> {
  const port = await freePort();
  const databaseUrl = freshDatabaseUrl('addin_e2e');
  const env = { ...process.env, PORT: String(port), NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, CORS_ORIGINS: paneOrigin, TRIAL_CREDITS: '50', CROSSREF_API_URL: 'http://127.0.0.1:9' }; // the registry: never the internet
  let child: ChildProcess;
  let stderr = '';
  const launch = (secret: string) => {
    stderr = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'server/http/main.ts'], { cwd: repo, env: { ...env, TOKEN_SECRET: secret }, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr?.on('data', (d) => (stderr += String(d)));
  };
  launch(randomBytes(24).toString('hex'));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const url = `http://127.0.0.1:${port}`;
  try {
    if (!(await waitForHttp(`${url}/healthz`, child!, 60_000))) throw new Error(`the service did not start: ${stderr.slice(-800)}`);
    const email = `addin-e2e-${randomBytes(4).toString('hex')}@example.org`;
    const password = `Pw-${randomBytes(9).toString('hex')}`;
    const add = spawnSync(process.execPath, ['bin/hyperlinker.mjs', 'user', 'add', '--email', email, '--password', password, '--credits', '50', ...(opts.plan ? ['--plan', opts.plan] : [])], { cwd: repo, env, encoding: 'utf8' });
    if (add.status !== 0) throw new Error(`user add failed: ${add.stderr || add.stdout}`);
    const client = new HyperlinkerClient({ baseUrl: url, fetch: (...a) => fetch(...a) });
    const login = await client.login(email, password);
    if (!login.ok) throw new Error(`login failed: ${JSON.stringify(login.error)}`);
    return {
      url,
      email,
      password,
      session: client.withSession(login.data.token),
      stop,
      restart: async () => {
        await stop();
        launch(randomBytes(24).toString('hex'));
        if (!(await waitForHttp(`${url}/healthz`, child!, 60_000))) throw new Error(`the service did not restart: ${stderr.slice(-800)}`);
      },
      close: async () => {
        await stop();
        await dropDatabase(databaseUrl);
      },
    };
  } catch (e) {
    await stop();
    await dropDatabase(databaseUrl).catch(() => undefined);
    throw e;
  }
}
