// `npm run bench:resolve-service`: the service's resolve path end to end. Starts the fake Crossref on
// the development registry (3 searches/s, 3 at once, 200–500 ms latency) and the service on a fresh
// database, then resolves the development manuscripts through POST /hyperlink-crossref with the event
// stream, cold (empty MySQL cache) and warm (same documents again), and prints wall time per 100
// references next to the floor the announced limit allows, registry calls per reference, 429s, and
// the time to the first progress event. Options: --docs N (default 3), --latency MIN,MAX; the
// limiter's window margin follows REGISTRY_WINDOW_MARGIN_MS when set.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addUser } from '../server/cli/accounts.ts';
import { dropDatabase } from '../server/db/connection.ts';
import { loadConfig } from '../server/http/config.ts';
import { startService } from '../server/http/server.ts';
import { HyperlinkerClient } from '../shared/api-client.ts';
import { loadRegistry, startFakeCrossref } from '../test/helpers/fake-crossref/server.ts';
import { benchArgs, numberArg, rangeArg } from './common/args.ts';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const RESOLVER_DIR = process.env.RESOLVER_DIR ?? join(ROOT, '..', 'shared', 'resolver');
const args = benchArgs(import.meta.url, { docs: { type: 'string' }, latency: { type: 'string' } }, ({ values: v }) => ({
  docs: numberArg(v.docs, 'docs', 3),
  latency: rangeArg(v.latency, 'latency', [200, 500]),
}));
const SEARCHES_PER_SECOND = 3;

async function main(): Promise<void> {
  const docsDir = join(RESOLVER_DIR, 'docs', 'resolve');
  const names = readdirSync(docsDir).filter((n) => n.endsWith('.docx')).sort().slice(0, args.docs);
  const latency = args.latency;
  const fake = await startFakeCrossref({ works: loadRegistry(join(RESOLVER_DIR, 'registry-dev.jsonl')), polite: { search: SEARCHES_PER_SECOND, lookup: 10, concurrency: 3 }, latencyMs: latency, seed: 7 });
  const databaseUrl = `mysql://root@127.0.0.1:3306/hl_bench_resolve_${process.pid}_${randomBytes(3).toString('hex')}`;
  const service = await startService(loadConfig({ PORT: '0', DATABASE_URL: databaseUrl, TOKEN_SECRET: 'bench-secret-0123456789abcdef', LOG_LEVEL: 'silent', CROSSREF_API_URL: fake.url, CROSSREF_MAILTO: 'bench@example.org', ...(process.env.REGISTRY_WINDOW_MARGIN_MS ? { REGISTRY_WINDOW_MARGIN_MS: process.env.REGISTRY_WINDOW_MARGIN_MS } : {}) }));
  try {
    const email = `bench-${randomBytes(4).toString('hex')}@example.org`;
    await addUser(service.ctx.pool, { email, password: 'bench-password-1', plan: 'pro', credits: 1000 });
    const login = await new HyperlinkerClient({ baseUrl: service.url }).login(email, 'bench-password-1');
    if (!login.ok) throw new Error('login failed');
    const key = await new HyperlinkerClient({ baseUrl: service.url, sessionToken: login.data.token }).createKey();
    if (!key.ok) throw new Error('key creation failed');
    const client = new HyperlinkerClient({ baseUrl: service.url, apiKey: key.data.key });
    const settings = { doi: true, crossref: true };
    console.log(`resolve through the service: ${names.length} manuscripts, fake Crossref ${SEARCHES_PER_SECOND} searches/s, 3 at once, ${latency[0]}–${latency[1]} ms`);
    console.log('phase  refs  wall s  s/100 refs  floor s/100  calls/ref  429s  first event ms  ready  review  unresolved');
    for (const phase of ['cold', 'warm'] as const) {
      fake.resetStats();
      let refs = 0, ms = 0, firstEvent = 0, ready = 0, review = 0, unresolved = 0;
      for (const name of names) {
        const file = new Uint8Array(readFileSync(join(docsDir, name)));
        const t0 = performance.now();
        let first = 0;
        const r = await client.crossrefStream({ file, settings }, { onProgress: () => { if (!first) first = performance.now() - t0; } });
        if (!r.ok) throw new Error(`${name}: ${r.status} ${JSON.stringify(r.error)}`);
        ms += performance.now() - t0;
        firstEvent += first;
        refs += r.data.references.length;
        ready += r.data.resolverReport?.resolved ?? 0;
        review += r.data.resolverReport?.reviewRequired ?? 0;
        unresolved += r.data.resolverReport?.unresolved ?? 0;
      }
      const calls = fake.stats.searches + fake.stats.lookups;
      const floor = fake.stats.searches / SEARCHES_PER_SECOND; // seconds the announced search limit needs at least
      console.log([
        phase.padEnd(5), String(refs).padStart(5), (ms / 1000).toFixed(1).padStart(7), ((ms / 1000) * 100 / refs).toFixed(2).padStart(11),
        (floor * 100 / refs).toFixed(2).padStart(12), (calls / refs).toFixed(2).padStart(10), String(fake.stats.rejected).padStart(5),
        (firstEvent / names.length).toFixed(0).padStart(15), String(ready).padStart(6), String(review).padStart(7), String(unresolved).padStart(11),
      ].join(' '));
    }
  } finally {
    await service.close();
    await fake.close();
    await dropDatabase(databaseUrl);
  }
}

await main();
