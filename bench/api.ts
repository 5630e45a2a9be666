// `npm run bench:api`: the service's own overhead. Starts the service against a fresh database, creates
// a user and a key, and runs autocannon against /hyperlink-scan (a small and a large corpus document) and
// against routes that do no document work: GET /openapi.json (no auth, no database) and an authenticated,
// rate-limited document route that stops before the engine (missing file → 400). The difference of the
// last two p50s is what auth + rate limiting cost. A script, not a test.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { addUser } from '../server/cli/accounts.ts';
import { dropDatabase } from '../server/db/connection.ts';
import { loadConfig } from '../server/http/config.ts';
import { startService } from '../server/http/server.ts';
import { HyperlinkerClient } from '../shared/api-client.ts';

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

const docs = readdirSync(CORPUS).filter((n) => n.endsWith('.docx')).map((n) => ({ path: `${CORPUS}/${n}`, size: statSync(`${CORPUS}/${n}`).size })).sort((a, b) => a.size - b.size);
const small = docs.find((d) => d.path.endsWith('plos-pone-0117949.docx')) ?? docs[0]!;
const large = docs[docs.length - 1]!;

const service = await startService(
  loadConfig({ ...process.env, PORT: '0', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', TOKEN_SECRET: 'bench-secret', RATE_LIMIT_PER_MINUTE: '100000000', ORG_RATE_LIMIT_PER_MINUTE: '100000000' }),
);
try {
  await addUser(service.ctx.pool, { email: 'bench@example.org', password: 'bench-password', credits: 0 });
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
} finally {
  await service.close();
  await dropDatabase(databaseUrl);
}
