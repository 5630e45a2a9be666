// The service the end-to-end test points the pane at: the real service (server/http/main.ts on
// MariaDB, a fresh user and API key) when it starts, else a tiny HTTP server answering scan and
// apply with the real engine (server/engine), never canned JSON.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { HyperlinkerClient } from '../../../shared/api-client.ts';
import { parseSettingsJson } from '../../../shared/settings.ts';
import type { ReviewDecision } from '../../../shared/contract.ts';

export interface Backend {
  kind: 'service' | 'engine';
  url: string;
  apiKey: string;
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

export async function startRealService(log: (m: string) => void): Promise<Backend | null> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/http/main.ts'], {
    cwd: repo,
    env: { ...process.env, PORT: String(port), NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += String(d)));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const url = `http://127.0.0.1:${port}`;
  try {
    if (!(await waitForHttp(`${url}/openapi.json`, child, 30_000))) throw new Error(`service did not start: ${stderr.slice(-500)}`);
    const email = `addin-e2e-${randomBytes(4).toString('hex')}@example.org`;
    const password = `Pw-${randomBytes(9).toString('hex')}`;
    const add = spawnSync(process.execPath, ['bin/hyperlinker.mjs', 'user', 'add', '--email', email, '--password', password, '--credits', '10'], { cwd: repo, encoding: 'utf8' });
    if (add.status !== 0) throw new Error(`user add failed: ${add.stderr || add.stdout}`);
    const client = new HyperlinkerClient({ baseUrl: url, fetch: (...a) => fetch(...a) });
    const login = await client.login(email, password);
    if (!login.ok) throw new Error(`login failed: ${JSON.stringify(login.error)}`);
    const key = await client.withSession(login.data.token).createKey({ name: 'addin e2e' });
    if (!key.ok) throw new Error(`key creation failed: ${JSON.stringify(key.error)}`);
    return { kind: 'service', url, apiKey: key.data.key, close: stop };
  } catch (e) {
    log(`real service unavailable (${e instanceof Error ? e.message : String(e)}); using the engine`);
    await stop();
    return null;
  }
}

async function formOf(req: IncomingMessage): Promise<FormData> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const request = new Request('http://local/', { method: 'POST', headers: req.headers as Record<string, string>, body: Buffer.concat(chunks) });
  return request.formData();
}

async function fileBytes(form: FormData): Promise<Uint8Array> {
  const f = form.get('file');
  if (!(f instanceof Blob)) throw new Error('missing file');
  return new Uint8Array(await f.arrayBuffer());
}

/** scan and apply answered by server/engine directly (no auth, no tokens beyond a placeholder). */
export async function startEngineServer(): Promise<Backend> {
  const { scan, apply } = await import('../../../server/engine/index.ts');
  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    (async () => {
      const form = await formOf(req);
      const settingsField = form.get('settings');
      const settings = parseSettingsJson(settingsField instanceof Blob ? await settingsField.text() : (settingsField ?? undefined));
      const bytes = await fileBytes(form);
      if (req.url === '/hyperlink-scan') {
        const packet = scan(bytes, settings);
        return send(200, { ...packet, scanToken: packet.scanToken ?? 'engine-local' });
      }
      if (req.url === '/hyperlink-apply') {
        const decisions = JSON.parse(String(form.get('decisions'))) as ReviewDecision[];
        const out = apply(bytes, settings, decisions);
        return send(200, { ...out, docx: Buffer.from(out.docx).toString('base64') });
      }
      send(404, { error: 'Not found' });
    })().catch((e: unknown) => send(500, { error: e instanceof Error ? e.message : String(e) }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { kind: 'engine', url, apiKey: 'sk_service_live_engine_local', close: () => new Promise((r) => server.close(() => r())) };
}

export async function startBackend(log: (m: string) => void): Promise<Backend> {
  return (await startRealService(log)) ?? startEngineServer();
}
