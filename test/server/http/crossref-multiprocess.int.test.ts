// Two service processes on one database resolving at the same time against the fake Crossref: the
// MySQL limiter keeps them together within the announced limits (the registry never refuses), and
// an answer one process found is served from the shared cache by the other with no registry call.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { addUser } from '../../../server/cli/accounts.ts';
import { dropDatabase, openDatabase } from '../../../server/db/connection.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { HyperlinkerClient } from '../../../shared/api-client.ts';
import { startFakeCrossref, type FakeCrossref } from '../../helpers/fake-crossref/server.ts';
import { WORKS } from '../../helpers/fake-crossref/fixtures.ts';
import { manuscript, maxServedInWindow, registryCalls, unknownRefs } from './crossref-helpers.ts';
import { freshDatabaseUrl, startServiceProcess, type ServiceProcess } from '../../helpers/http-harness.ts';

const databaseUrl = freshDatabaseUrl('xrefmulti');
// Concurrency as documented for the polite pool (3): the limiter starts there before any answer announces it.
const ANNOUNCED = { search: 4, lookup: 10, concurrency: 3 };
const SETTINGS = { doi: true, crossref: true };
// On a loaded test machine a granted request may reach the registry a few hundred ms after its
// grant (busy event loops, parallel test files); the window margin absorbs that, as it absorbs
// network jitter in production. What is tested here is that processes share one limiter.
const MARGIN = '400';
const processes: ServiceProcess[] = [];
let fake: FakeCrossref;
let clients: HyperlinkerClient[] = [];

before(async () => {
  fake = await startFakeCrossref({ works: WORKS, polite: ANNOUNCED, public: ANNOUNCED });
  // Migrate once before the processes start, so they do not race for the first migration.
  const pool = await openDatabase(databaseUrl, 1);
  await migrate(pool);
  const email = `xref-${Math.random().toString(36).slice(2)}@example.org`;
  await addUser(pool, { email, password: 'password-123', plan: 'pro' });
  await pool.end();
  const env = { CROSSREF_API_URL: fake.url, REGISTRY_WINDOW_MARGIN_MS: MARGIN, CROSSREF_MAILTO: 'multi@example.org', TRIAL_CREDITS: '10' };
  processes.push(...(await Promise.all([startServiceProcess(databaseUrl, env), startServiceProcess(databaseUrl, env)])));
  const urls = processes.map((p) => p.url);
  const login = await new HyperlinkerClient({ baseUrl: urls[0]! }).login(email, 'password-123');
  assert.ok(login.ok);
  const created = await new HyperlinkerClient({ baseUrl: urls[0]!, sessionToken: login.data.token }).createKey();
  assert.ok(created.ok);
  clients = urls.map((baseUrl) => new HyperlinkerClient({ baseUrl, apiKey: created.data.key }));
});
after(async () => {
  assert.deepEqual(processes.flatMap((p) => p.serverErrors), [], 'no server errors in the service processes');
  for (const { child } of processes) child.kill('SIGTERM');
  await Promise.all(processes.map(({ child: c }) => new Promise((r) => (c.exitCode !== null ? r(null) : c.on('exit', r)))));
  await fake.close();
  await dropDatabase(databaseUrl);
});

test('two processes resolving at once stay together within the announced limits; the cache is shared', async () => {
  const docA = await manuscript(unknownRefs(8, 'processA'));
  const docB = await manuscript(unknownRefs(8, 'processB'));
  fake.resetStats();
  const started = Date.now();
  const [a, b] = await Promise.all([clients[0]!.crossref({ file: docA, settings: SETTINGS }), clients[1]!.crossref({ file: docB, settings: SETTINGS })]);
  const elapsed = Date.now() - started;
  assert.ok(a.ok && b.ok, JSON.stringify([!a.ok && a.error, !b.ok && b.error]));
  assert.equal(fake.stats.searches, 16);
  assert.equal(fake.stats.rejected, 0, `the registry never refused a request over its limit (rate ${fake.stats.rejectedForRate}, concurrency ${fake.stats.rejectedForConcurrency}; served at ${fake.stats.served.map((s) => s.at).join(' ')})`);
  const peak = maxServedInWindow(fake, 'search');
  assert.ok(peak <= ANNOUNCED.search, `at most ${ANNOUNCED.search} searches in any second (saw ${peak})`);
  assert.ok(fake.stats.maxInFlight <= ANNOUNCED.concurrency, `at most ${ANNOUNCED.concurrency} in flight (saw ${fake.stats.maxInFlight})`);
  assert.ok(elapsed >= 3000, `16 searches at 4 per second take at least 3 s together (${elapsed} ms)`);

  // What process A found, process B answers from the shared cache.
  fake.resetStats();
  const again = await clients[1]!.crossref({ file: docA, settings: SETTINGS });
  assert.ok(again.ok);
  assert.equal(registryCalls(fake), 0);
  assert.deepEqual(again.data.references.map((r) => r.status), a.data.references.map((r) => r.status));
});
