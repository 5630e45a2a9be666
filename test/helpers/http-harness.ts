// Test harness: a fresh MariaDB database per test file, the real service in process on an ephemeral
// port, and helpers to create users, sessions and keys. Not a test file itself.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { spawn, type ChildProcess } from 'node:child_process';
import { addUser, type UserAddOptions } from '../../server/cli/accounts.ts';
import { dropDatabase } from '../../server/db/connection.ts';
import { loadConfig } from '../../server/http/config.ts';
import { startService, type RunningService } from '../../server/http/server.ts';
import { HyperlinkerClient } from '../../shared/api-client.ts';
import { CORPUS_DIR } from './corpus.ts';
import { contractDrift, recordContractDrift } from './openapi-check.ts';
import { freshDatabaseUrl } from './test-database.ts';

export const CORPUS = CORPUS_DIR;
export const SMALL_DOC = `${CORPUS}/plos-pone-0117949.docx`;
export const TEST_TOKEN_SECRET = 'test-token-secret-0123456789abcdef';

export function corpusDoc(path = SMALL_DOC): Uint8Array {
  return new Uint8Array(readFileSync(path));
}

export { freshDatabaseUrl };

export interface TestService {
  service: RunningService;
  url: string;
  databaseUrl: string;
  client: HyperlinkerClient;
  /** Every answer of status 500 or above other than 503 (a contract answer): "METHOD path → status". stop() fails on any. */
  serverErrors: string[];
  /** Creates a user (and organisation membership) through the same code path as the CLI. */
  user(options: Partial<UserAddOptions> & { email?: string }): Promise<TestUser>;
  stop(): Promise<void>;
}

export interface TestUser {
  userId: string;
  orgId: string | null;
  email: string;
  password: string;
  session: HyperlinkerClient;
  /** Creates an individual key and returns a client carrying it. */
  key(name?: string): Promise<{ id: string; key: string; client: HyperlinkerClient }>;
}

let counter = 0;

export async function startTestService(tag: string, env: Record<string, string> = {}): Promise<TestService> {
  const databaseUrl = freshDatabaseUrl(tag);
  // The registry defaults to a closed loopback port: no test ever reaches the internet.
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', DATABASE_URL: databaseUrl, TOKEN_SECRET: TEST_TOKEN_SECRET, ENGINE_THREADS: '2', LOGIN_ADDRESS_RATE_LIMIT_PER_MINUTE: '100000', LOGIN_RATE_LIMIT_PER_MINUTE: '1000', CROSSREF_API_URL: 'http://127.0.0.1:9', ...env });
  const service = await startService(config);
  const client = new HyperlinkerClient({ baseUrl: service.url });
  const serverErrors = recordServerErrors(service);
  // Every JSON answer this test file fetches from the service is validated against its OpenAPI document.
  recordContractDrift(service.url);
  return {
    service,
    url: service.url,
    databaseUrl,
    client,
    serverErrors,
    async user(options) {
      counter += 1;
      const email = options.email ?? `user${counter}-${randomBytes(3).toString('hex')}@example.org`;
      const password = options.password ?? `pw-${randomBytes(6).toString('hex')}`;
      const { userId, orgId } = await addUser(service.ctx.pool, { ...options, email, password });
      const login = await client.login(email, password);
      if (!login.ok) throw new Error(`login failed: ${login.status}`);
      const session = client.withSession(login.data.token);
      return {
        userId,
        orgId,
        email,
        password,
        session,
        async key(name) {
          const created = await session.createKey(name ? { name } : undefined);
          if (!created.ok) throw new Error(`key creation failed: ${created.status} ${created.error.error}`);
          return { id: created.data.id, key: created.data.key, client: client.withApiKey(created.data.key) };
        },
      };
    },
    async stop() {
      await service.close();
      await dropDatabase(databaseUrl);
      // A 500 is always a bug: any test file whose requests met one fails in its after() hook.
      if (serverErrors.length > 0) throw new Error(`the service answered ${serverErrors.length} server error(s): ${serverErrors.slice(0, 10).join('; ')}`);
      // Drift between answers and the OpenAPI document (shared/openapi.ts) fails the file too.
      const drift = await contractDrift(service.url);
      if (drift.length > 0) throw new Error(`${drift.length} answer(s) differ from the OpenAPI document: ${[...new Set(drift)].slice(0, 10).join('; ')}`);
    },
  };
}

/** Records every answer of the service with status 500 or above except 503 (engine, resolver or store temporarily unavailable). */
function recordServerErrors(service: RunningService): string[] {
  const seen: string[] = [];
  service.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    res.on('finish', () => {
      if (res.statusCode >= 500 && res.statusCode !== 503) seen.push(`${req.method} ${req.url} → ${res.statusCode}`);
    });
  });
  return seen;
}

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  /** Answers of status 500 or above other than 503 the process logged: "METHOD path → status". */
  serverErrors: string[];
}

/**
 * Starts the service as a process of its own (`node --import tsx server/http/main.ts`) on databaseUrl,
 * port 0, and resolves once it listens. Its access log is read to record server errors, so that a test
 * may assert none (a 500 is always a bug).
 */
export function startServiceProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ServiceProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/http/main.ts'], {
      env: { ...process.env, PORT: '0', DATABASE_URL: databaseUrl, TOKEN_SECRET: TEST_TOKEN_SECRET, LOG_LEVEL: 'info', TRIAL_CREDITS: '0', ENGINE_THREADS: '1', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const serverErrors: string[] = [];
    let buffer = '';
    let started = false;
    const timer = setTimeout(() => reject(new Error('server did not start in 60 s')), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        let entry: { msg?: string; port?: number; status?: number; method?: string; path?: string };
        try {
          entry = JSON.parse(line) as typeof entry;
        } catch {
          continue;
        }
        if (entry.msg === 'listening' && !started) {
          started = true;
          clearTimeout(timer);
          resolve({ child, url: `http://127.0.0.1:${entry.port}`, serverErrors });
        }
        if (entry.msg === 'request' && typeof entry.status === 'number' && entry.status >= 500 && entry.status !== 503) {
          serverErrors.push(`${entry.method} ${entry.path} → ${entry.status}`);
        }
      }
    });
    child.on('exit', (code) => {
      if (!started) reject(new Error(`server exited with ${code}`));
    });
  });
}

/** Asserts the contract's ErrorResponse shape and returns it. */
export function expectError(result: { ok: boolean; status: number; headers: Headers; error?: unknown }, status: number): { error: string; reason?: string | null; requestId?: string; retry_after?: number } {
  if (result.ok) throw new Error(`expected ${status}, got ${result.status} ok`);
  if (result.status !== status) throw new Error(`expected ${status}, got ${result.status}: ${JSON.stringify(result.error)}`);
  const body = result.error as { error: string; reason?: string | null; requestId?: string };
  if (typeof body.error !== 'string') throw new Error(`error body without error string: ${JSON.stringify(body)}`);
  if (!body.requestId || body.requestId !== result.headers.get('x-request-id')) throw new Error(`requestId missing or not equal to X-Request-Id: ${JSON.stringify(body)}`);
  return body;
}

/** expectError for an answer fetched directly (a body or header the client would not send). */
export async function expectFetchError(res: Response, status: number): Promise<ReturnType<typeof expectError>> {
  return expectError({ ok: res.ok, status: res.status, headers: res.headers, error: await res.json() }, status);
}

/** Rate limits use fixed one-minute windows: start a counting test early in a window so it cannot straddle two. */
export async function awaitFreshWindow(neededMs = 20_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < neededMs) await new Promise((r) => setTimeout(r, left + 50));
}

/**
 * Asserts a session route's authentication failures (contract, Authentication): no Authorization header
 * is 401 Missing authorization header, a token that is no live session 401 Unauthorized, each an ErrorResponse.
 */
export async function expectSessionRequired(t: TestService, method: 'GET' | 'POST' | 'DELETE', path: string): Promise<void> {
  const send = (headers: Record<string, string>) =>
    fetch(`${t.url}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, ...(method === 'GET' ? {} : { body: '{}' }) });
  for (const [headers, error] of [[{}, 'Missing authorization header'], [{ authorization: 'not-a-live-session' }, 'Unauthorized']] as const) {
    const res = await send(headers);
    const body = await expectFetchError(res, 401);
    if (body.error !== error) throw new Error(`${method} ${path}: expected "${error}", got ${JSON.stringify(body)}`);
  }
}

/** The JSON text {"x":{"x":…{}…}} nested depth levels deep (built as text: JSON.stringify itself overflows). */
export function nestedJson(depth: number): string {
  return `${'{"x":'.repeat(depth)}{}${'}'.repeat(depth)}`;
}
