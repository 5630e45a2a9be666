// `npm run bench:api`: the service's own overhead. Starts the service against a fresh database, creates
// a user and a key, and runs autocannon against /hyperlink-scan (a small and a large corpus document) and
// against routes that do no document work: GET /openapi.json (no auth, no database) and an authenticated,
// rate-limited document route that stops before the engine (missing file → 400). The difference of the
// last two p50s is what auth + rate limiting cost. Last, the event loop under load: GET /healthz probed
// every 10 ms while four synthetic 25 MB manuscripts are uploaded and scanned at once, then linked at once
// through /hyperlink (a 33 MB base64 answer each; goal p99 < 50 ms for both).
// BENCH_SECONDS sets the autocannon runs' length; BENCH_SKIP_LOAD=1 skips the health-under-load cases;
// BENCH_LOAD_ROUTES=hyperlink-scan (or hyperlink) runs one of them.
// A script, not a test.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { addUser } from '../server/cli/accounts.ts';
import { dropDatabase } from '../server/db/connection.ts';
import { loadConfig } from '../server/http/config.ts';
import { startService } from '../server/http/server.ts';
import { HyperlinkerClient } from '../shared/api-client.ts';
import { syntheticPath } from './synthetic.ts';
import { percentile, startHealthProbe } from './common/health-probe.ts';
import { startCompiledService } from './service/compiled-service.ts';

const CORPUS = process.env.CORPUS_DIR ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../shared/corpus');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const databaseUrl = `mysql://root@127.0.0.1:3306/hl_bench_${process.pid}`;

function multipartBody(file: Buffer | null): { body: Buffer; contentType: string } {
  const boundary = '----hyperlinkerbench';
  const parts: Buffer[] = [];
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="m.docx"\r\nContent-Type: application/octet-stream\r\n\r\n`), file, Buffer.from('\r\n'));
  } else {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="settings"\r\n\r\n{}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function measure(label: string, url: string, options: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: Buffer; connections?: number }): Promise<void> {
  const result = await autocannon({ url, method: options.method ?? 'GET', headers: options.headers, body: options.body, connections: options.connections ?? 4, duration: SECONDS });
  const statuses = Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => `${code}×${(s as { count: number }).count}`).join(' ');
  console.log(`${label.padEnd(48)} ${result.requests.average.toFixed(1).padStart(8)} req/s   p50 ${result.latency.p50.toFixed(2).padStart(7)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   [${statuses}]`);
}


/** Probes GET /healthz while `load` runs; prints its latency percentiles. */
async function healthUnderLoad(label: string, url: string, load: () => Promise<string[]>): Promise<void> {
  const probe = startHealthProbe(url, 10);
  await new Promise((r) => setTimeout(r, 500)); // the probe's own start-up
  const t0 = performance.now();
  let statuses: string[];
  try {
    statuses = await load();
  } catch (err) {
    await probe.stop().catch(() => undefined);
    throw err;
  }
  const wall = performance.now() - t0;
  const { latencies, failures } = await probe.stop();
  const sorted = [...latencies].sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  console.log(
    `${label.padEnd(48)} ${String(sorted.length).padStart(5)} probes in ${(wall / 1000).toFixed(1)} s   p50 ${percentile(sorted, 50).toFixed(1)} ms   p99 ${p99.toFixed(1)} ms${p99 < 50 ? '' : ' (goal < 50 ms)'}   max ${sorted[sorted.length - 1]?.toFixed(1)} ms   [uploads ${statuses.join(' ')}${failures ? `, ${failures} probes failed` : ''}]`,
  );
}

const docs = readdirSync(CORPUS).filter((n) => n.endsWith('.docx')).map((n) => ({ path: `${CORPUS}/${n}`, size: statSync(`${CORPUS}/${n}`).size })).sort((a, b) => a.size - b.size);
const small = docs.find((d) => d.path.endsWith('plos-pone-0117949.docx')) ?? docs[0]!;
const large = docs[docs.length - 1]!;

const serviceEnv = { DATABASE_URL: databaseUrl, TOKEN_SECRET: 'bench-secret', RATE_LIMIT_PER_MINUTE: '100000000', ORG_RATE_LIMIT_PER_MINUTE: '100000000', MAX_CONCURRENT_PER_KEY: '64', ENGINE_QUEUE_MAX: '64' };
const service = await startService(loadConfig({ ...process.env, ...serviceEnv, PORT: '0', LOG_LEVEL: 'warn' }));
try {
  // Credits for the /hyperlink load case (four documents); the other cases spend none.
  await addUser(service.ctx.pool, { email: 'bench@example.org', password: 'bench-password', credits: 100 });
  const client = new HyperlinkerClient({ baseUrl: service.url });
  const login = await client.login('bench@example.org', 'bench-password');
  if (!login.ok) throw new Error('login failed');
  const key = await client.withSession(login.data.token).createKey({ name: 'bench' });
  if (!key.ok) throw new Error('key creation failed');
  const auth = { authorization: `Bearer ${key.data.key}` };

  console.log(`bench:api  ${SECONDS}s per run, engine threads ${service.ctx.config.engineThreads}`);
  const noFile = multipartBody(null);
  // One connection first: latency without queueing on a 2-core machine shared with MariaDB and autocannon.
  for (const connections of [1, 4]) {
    await measure(`GET /openapi.json (no auth, no db) c=${connections}`, `${service.url}/openapi.json`, { connections });
    await measure(`POST /hyperlink-scan no file (auth+limit) c=${connections}`, `${service.url}/hyperlink-scan`, { method: 'POST', headers: { ...auth, 'content-type': noFile.contentType }, body: noFile.body, connections });
  }
  for (const [label, doc] of [['small', small], ['large', large]] as const) {
    const body = multipartBody(readFileSync(doc.path));
    const name = doc.path.split('/').pop()!;
    await measure(`POST /hyperlink-scan ${label} (${name}, ${Math.round(doc.size / 1024)} KB)`, `${service.url}/hyperlink-scan`, { method: 'POST', headers: { ...auth, 'content-type': body.contentType }, body: body.body });
  }
  if (process.env.BENCH_SKIP_LOAD !== '1') {
    const synthetic = multipartBody(readFileSync(await syntheticPath()));
    const four = (route: string) => async (): Promise<string[]> => {
      const replies = await Promise.all(
        Array.from({ length: 4 }, async () => {
          const r = await fetch(`${compiled.url}/${route}`, { method: 'POST', headers: { ...auth, 'content-type': synthetic.contentType }, body: new Uint8Array(synthetic.body.buffer as ArrayBuffer, synthetic.body.byteOffset, synthetic.body.length) });
          await r.arrayBuffer();
          return r.status;
        }),
      );
      return replies.map(String);
    };
    const routes = (process.env.BENCH_LOAD_ROUTES ?? 'hyperlink-scan,hyperlink').split(',').filter(Boolean);
    // Its own process (as `npm start`), so neither the uploads' client work nor the probe share its event loop.
    const compiled = await startCompiledService(serviceEnv, (process.env.BENCH_SERVICE_ARGS ?? '').split(' ').filter(Boolean));
    try {
      for (const route of routes) {
        const what = route === 'hyperlink' ? 'links (/hyperlink)' : 'scans';
        await healthUnderLoad(`GET /healthz, 4 × 25 MB ${what} at once (${process.env.ENGINE_THREADS ?? 2} engine threads)`, compiled.url, four(route));
      }
    } finally {
      await compiled.stop();
    }
  }
} finally {
  await service.close();
  await dropDatabase(databaseUrl);
}
