// Two server processes on one database: credits and rate limits hold across processes.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, before, test } from 'node:test';
import { openDatabase, dropDatabase } from '../../../server/db/connection.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { addUser } from '../../../server/cli/accounts.ts';
import { HyperlinkerClient } from '../../../shared/api-client.ts';
import { awaitFreshWindow, corpusDoc, freshDatabaseUrl, startServiceProcess, type ServiceProcess } from '../../helpers/http-harness.ts';

const databaseUrl = freshDatabaseUrl('multi');
const children: ChildProcess[] = [];
const urls: string[] = [];

const processes: ServiceProcess[] = [];

async function startProcess(): Promise<string> {
  const started = await startServiceProcess(databaseUrl, { RATE_LIMIT_PER_MINUTE: '30', ORG_RATE_LIMIT_PER_MINUTE: '1000', MAX_CONCURRENT_PER_KEY: '20', ENGINE_QUEUE_MAX: '20' });
  children.push(started.child);
  processes.push(started);
  return started.url;
}

before(async () => {
  urls.push(...(await Promise.all([startProcess(), startProcess()])));
});
after(async () => {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.on('exit', r)))));
  await dropDatabase(databaseUrl);
  const errors = processes.flatMap((p) => p.serverErrors);
  assert.deepEqual(errors, [], 'no server errors in any process');
});

async function userWithKey(credits: number): Promise<HyperlinkerClient[]> {
  const pool = await openDatabase(databaseUrl, 1);
  await migrate(pool);
  const email = `multi-${Math.random().toString(36).slice(2)}@example.org`;
  await addUser(pool, { email, password: 'password-123', credits });
  await pool.end();
  const login = await new HyperlinkerClient({ baseUrl: urls[0]! }).login(email, 'password-123');
  assert.ok(login.ok);
  const created = await new HyperlinkerClient({ baseUrl: urls[0]!, sessionToken: login.data.token }).createKey();
  assert.ok(created.ok);
  return urls.map((baseUrl) => new HyperlinkerClient({ baseUrl, apiKey: created.data.key }));
}

test('5 credits, 20 concurrent direct calls over two processes: exactly 5 × 200 and 15 × 402', async () => {
  const clients = await userWithKey(5);
  const doc = corpusDoc();
  const results = await Promise.all(Array.from({ length: 20 }, (_, i) => clients[i % 2]!.direct({ file: doc })));
  const statuses = results.map((r) => r.status).sort();
  assert.deepEqual(statuses.filter((s) => s === 200).length, 5, `statuses: ${statuses.join(',')}`);
  assert.deepEqual(statuses.filter((s) => s === 402).length, 15, `statuses: ${statuses.join(',')}`);
});

test('rate limit of 30 per key holds across two processes', async () => {
  const clients = await userWithKey(0);
  await awaitFreshWindow();
  const statuses: number[] = [];
  for (let i = 0; i < 32; i++) statuses.push((await clients[i % 2]!.crossref({ file: new Uint8Array([1]) })).status);
  assert.deepEqual(statuses.slice(0, 30), Array(30).fill(403), statuses.join(","));
  assert.deepEqual(statuses.slice(30), [429, 429]);
});
