// The service as `npm start` runs it: compiled dist/server (rebuilt first), in its own process, on a given
// database. Used by bench:api (the event loop under load) and by npm run bench (the service's memory).
import { spawn, spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALLOCATOR_ENV } from '../../server/common/allocator-env.ts';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface CompiledService {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

/** Builds dist/server, starts `node dist/server/main.js` on PORT 0 with `env` and resolves once it listens; with the
 * allocator settings `npm start` and the systemd unit give it (server/common/allocator-env.ts). */
export async function startCompiledService(env: Record<string, string>, nodeArgs: string[] = []): Promise<CompiledService> {
  const build = spawnSync(process.execPath, [resolve(REPO, 'scripts/build-server.mjs')], { cwd: REPO, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build:server failed: ${build.stderr}`);
  const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', resolve(REPO, 'dist/server/main.js')], { cwd: REPO, env: { ...process.env, ...ALLOCATOR_ENV, ...env, PORT: '0', LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((ok, fail) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /"port":(\d+)[^\n]*"msg":"listening"/.exec(buffer);
      if (match) ok(`http://127.0.0.1:${match[1]}`);
      if (buffer.length > 1e6) buffer = buffer.slice(-1e4);
    });
    child.on('exit', (code) => fail(new Error(`compiled service exited with ${code}`)));
  });
  child.stdout!.resume();
  return { url, pid: child.pid!, stop: () => new Promise((r) => { if (child.exitCode !== null) return r(); child.on('exit', () => r()); child.kill('SIGTERM'); }) };
}
