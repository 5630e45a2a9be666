// The compiled build (scripts/build-server.mjs): the CLI and the service run from dist-like output with no
// TypeScript loader anywhere (no tsx in execArgv or NODE_OPTIONS), the service's engine worker included.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { openDatabase, dropDatabase } from '../../server/db/connection.ts';
import { migrate } from '../../server/db/migrate.ts';
import { addUser } from '../../server/cli/accounts.ts';
import { HyperlinkerClient } from '../../shared/api-client.ts';
import { corpusDoc, freshDatabaseUrl, SMALL_DOC, TEST_TOKEN_SECRET } from '../helpers/http-harness.ts';

const REPO = new URL('../../', import.meta.url).pathname;
// Inside the repository, so the bundles resolve their npm packages from its node_modules.
const OUT = join(REPO, 'test-output', `build-${process.pid}`);
const plainEnv = (): NodeJS.ProcessEnv => {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  return env;
};
let child: ChildProcess | null = null;
const databaseUrl = freshDatabaseUrl('build');

before(() => {
  mkdirSync(join(REPO, 'test-output'), { recursive: true });
  // With the extra entry npm run bench compiles its measuring script by (--entry NAME=PATH).
  const r = spawnSync(process.execPath, ['scripts/build-server.mjs', '--outdir', OUT, '--entry', 'measure-one=bench/measure-one.ts'], { cwd: REPO, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  for (const entry of ['cli.js', 'main.js', 'engine-worker.js', 'csl-check-worker.js', 'migrate-cli.js', 'cli.js.map']) assert.ok(existsSync(join(OUT, entry)), entry);
});

after(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child!.on('exit', r));
  }
  rmSync(OUT, { recursive: true, force: true });
  await dropDatabase(databaseUrl);
});

function runCli(args: string[]) {
  const script = `const { main } = await import(${JSON.stringify(join(OUT, 'cli.js'))}); process.exitCode = await main(${JSON.stringify(args)});`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: REPO, encoding: 'utf8', env: plainEnv() });
}

test('compiled CLI: --help and link work without a TypeScript loader', () => {
  const help = runCli(['--help']);
  assert.equal(help.status, 0, help.stderr);
  assert.match(help.stdout, /usage: hyperlinker/);
  const out = join(OUT, 'linked.docx');
  const link = runCli(['link', SMALL_DOC, '-o', out, '--json']);
  assert.equal(link.status, 0, link.stderr);
  assert.ok((JSON.parse(link.stdout) as { linkCount: number }).linkCount > 0);
  assert.ok(statSync(out).size > 1000);
});

test('compiled service: starts and links through its engine worker thread', async () => {
  const pool = await openDatabase(databaseUrl, 1);
  await migrate(pool);
  await addUser(pool, { email: 'build@example.org', password: 'password-123', credits: 2 });
  await pool.end();
  const url = await new Promise<string>((resolve, reject) => {
    child = spawn(process.execPath, ['--enable-source-maps', join(OUT, 'main.js')], {
      cwd: REPO,
      env: { ...plainEnv(), PORT: '0', DATABASE_URL: databaseUrl, TOKEN_SECRET: TEST_TOKEN_SECRET, LOG_LEVEL: 'info', ENGINE_THREADS: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffer = '';
    const timer = setTimeout(() => reject(new Error('compiled service did not start in 30 s')), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /"port":(\d+)[^\n]*"msg":"listening"/.exec(buffer);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    });
    child.on('exit', (code) => reject(new Error(`compiled service exited with ${code}`)));
  });
  const login = await new HyperlinkerClient({ baseUrl: url }).login('build@example.org', 'password-123');
  assert.ok(login.ok);
  const key = await new HyperlinkerClient({ baseUrl: url, sessionToken: login.data.token }).createKey();
  assert.ok(key.ok);
  const result = await new HyperlinkerClient({ baseUrl: url, apiKey: key.data.key }).direct({ file: corpusDoc() });
  assert.equal(result.status, 200);
});

test('an extra entry (--entry) is built beside the service and runs with no loader: the bench\'s compiled scan of the sample', () => {
  const r = spawnSync(process.execPath, ['--expose-gc', join(OUT, 'measure-one.js'), 'scan', join(REPO, 'examples/sample.docx'), '1'], { cwd: REPO, env: plainEnv(), encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const m = JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}') as { ok?: boolean; mode?: string; peakRss?: number };
  assert.equal(m.ok, true, r.stdout);
  assert.equal(m.mode, 'scan');
  assert.ok((m.peakRss ?? 0) > 0);
});
