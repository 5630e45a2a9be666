// Denial of service (issue 11, items 1–5) against the real service: hostile docs events, forged
// forwarded addresses and a full limiter store, pathological documents, slow clients, busy engine.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { countWindows } from '../../../server/db/rate-limits.ts';
import { pathologicalDocx } from '../../helpers/pathological.ts';
import { expectError, startTestService, type TestService } from '../../helpers/http-harness.ts';

let t: TestService;

before(async () => {
  t = await startTestService('abuse', {
    HOST: '127.0.0.1',
    TRUST_PROXY: 'true',
    RATE_LIMIT_ADDRESS_SLOTS: '16',
    DOCS_EVENTS_RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_PER_MINUTE: '1000',
    UPLOAD_IDLE_TIMEOUT_MS: '1000',
    HEADERS_TIMEOUT_MS: '1000',
    MAX_MATCHES_PER_DOCUMENT: '100',
    MAX_CONCURRENT_PER_KEY: '1',
    ENGINE_THREADS: '1',
    ENGINE_QUEUE_MAX: '0',
  });
});
after(async () => {
  await t.stop();
});

/** Polls /healthz one request at a time until stopped; returns the slowest answer in ms. */
function watchHealth(url: string): { stop(): Promise<number> } {
  let running = true;
  let worst = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const r = await fetch(`${url}/healthz`);
      await r.arrayBuffer();
      worst = Math.max(worst, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return worst;
    },
  };
}

const postEvent = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${t.url}/docs-events`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** Opens a raw connection, writes `opening`, and reports when the server closed it (and its status line). */
function held(opening: string, capMs: number, drip?: string): Promise<{ seconds: number; status: number; closed: boolean }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(t.service.port, '127.0.0.1');
    let received = '';
    let timer: NodeJS.Timeout | undefined;
    const finish = (closed: boolean): void => {
      clearInterval(timer);
      clearTimeout(cap);
      socket.destroy();
      resolve({ seconds: (performance.now() - started) / 1000, status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0), closed });
    };
    const cap = setTimeout(() => finish(false), capMs);
    socket.on('connect', () => {
      socket.write(opening);
      if (drip) timer = setInterval(() => socket.write(drip), 300);
    });
    socket.on('data', (d) => (received += d.toString()));
    socket.on('close', () => finish(true));
    socket.on('error', () => undefined);
  });
}

function stalledUpload(key: string): string {
  return (
    `POST /hyperlink-scan HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n` +
    'Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 1000000\r\n\r\n' +
    '--b\r\nContent-Disposition: form-data; name="file"; filename="m.docx"\r\n\r\nPK'
  );
}

describe('item 1: POST /docs-events with a hostile 1 MB body', () => {
  test('answers at once while /healthz keeps answering', async () => {
    const health = watchHealth(t.url);
    const started = performance.now();
    const r = await postEvent({ event_type: 'search', path: '/docs', query: 'a'.repeat(1_000_000), result_count: 0 });
    const ms = performance.now() - started;
    const worst = await health.stop();
    assert.equal(r.status, 202);
    // The issue asks for < 100 ms; generous slack for a loaded test machine (bench:abuse measures it).
    assert.ok(ms < 1000, `answered in ${ms.toFixed(0)} ms`);
    assert.ok(worst < 1000, `/healthz blocked ${worst.toFixed(0)} ms`);
  });
});

describe('item 2: forwarded addresses and the limiter store', () => {
  test('a flood of forged X-Forwarded-For adds a bounded number of rows', async () => {
    const before = await countWindows(t.service.ctx.pool);
    for (let i = 0; i < 300; i += 20) {
      await Promise.all(Array.from({ length: 20 }, (_, j) => postEvent({ event_type: 'page_view', path: '/x' }, { 'x-forwarded-for': `198.51.${(i + j) >> 8}.${(i + j) & 255}` }).then((r) => r.arrayBuffer())));
    }
    const added = (await countWindows(t.service.ctx.pool)) - before;
    assert.ok(added <= 16, `${added} rows for 300 forged addresses`);
  });

  test('only configured proxies are trusted: forged addresses from elsewhere count as the socket address', async () => {
    const strict = await startTestService('abuse_proxy', { TRUST_PROXY: '10.9.9.9', DOCS_EVENTS_RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const r = await fetch(`${strict.url}/docs-events`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` }, body: JSON.stringify({ event_type: 'page_view', path: '/x' }) });
        statuses.push(r.status);
      }
      assert.ok(statuses.includes(429), statuses.join(' '));
    } finally {
      await strict.stop();
    }
  });
});

describe('item 3: pathological documents and a busy engine', () => {
  test('more matches than the limit is 422 too-many-matches with the count', async () => {
    const { client } = await (await t.user({})).key();
    const r = await client.scan({ file: await pathologicalDocx(20_000), settings: { doi: true } });
    const body = expectError(r, 422) as { reason?: string; count?: number; limit?: number };
    assert.equal(body.reason, 'too-many-matches');
    assert.ok((body.count ?? 0) > 100);
    assert.equal(body.limit, 100);
  });

  test('one key may have one document in flight here; one more is 429 too_many_concurrent', async () => {
    const { key, client } = await (await t.user({})).key();
    const first = held(stalledUpload(key), 10_000);
    await new Promise((r) => setTimeout(r, 200));
    const second = expectError(await client.scan({ file: new Uint8Array([80, 75]) }), 429);
    assert.equal(second.reason, 'too_many_concurrent');
    await first;
  });

  test('engine busy and no room in the queue is 503 engine_busy with Retry-After', async () => {
    const doc = await pathologicalDocx(1024 * 1024);
    const clients = await Promise.all([0, 1, 2].map(async () => (await (await t.user({})).key()).client));
    const results = await Promise.all(clients.map((c) => c.scan({ file: doc, settings: { doi: true } })));
    const statuses = results.map((r) => r.status);
    assert.ok(statuses.includes(503), statuses.join(' '));
    for (const r of results) {
      assert.ok(r.status === 422 || r.status === 503, `status ${r.status}`);
      if (r.status === 503) {
        assert.equal(expectError(r, 503).reason, 'engine_busy');
        assert.ok(Number(r.headers.get('retry-after')) > 0);
      }
    }
  });
});

describe('item 4: slow clients and HOST', () => {
  test('listens on HOST', () => {
    assert.equal((t.service.server.address() as AddressInfo).address, '127.0.0.1');
  });

  test('a stalled upload and a slowloris are released within seconds, not minutes', async () => {
    const { key } = await (await t.user({})).key();
    const [stalled, loris] = await Promise.all([held(stalledUpload(key), 15_000), held('GET /healthz HTTP/1.1\r\nHost: x\r\n', 15_000, 'X-Drip: 1\r\n')]);
    assert.ok(stalled.closed && stalled.seconds < 8, `stalled upload held ${stalled.seconds.toFixed(1)} s`);
    assert.equal(stalled.status, 408);
    assert.ok(loris.closed && loris.seconds < 8, `slowloris held ${loris.seconds.toFixed(1)} s`);
  });
});

describe('item 2: a full limiter store', () => {
  test('is "limit unknown", never a 500, on public and document routes', async () => {
    const pool = t.service.ctx.pool;
    const { client } = await (await t.user({})).key();
    // A small MEMORY table filled to the brim (rows of a far-future window, which no purge frees).
    const conn = await pool.getConnection();
    try {
      await conn.query('SET SESSION max_heap_table_size = 65536');
      await conn.query('ALTER TABLE rate_limit_counters ENGINE=MEMORY');
      for (let i = 0; ; i++) {
        try {
          await conn.query('INSERT INTO rate_limit_counters (bucket, window_start, hits) VALUES (?, ?, 1)', [`filler:${i}`, 9e15]);
        } catch (err) {
          assert.equal((err as { code?: string }).code, 'ER_RECORD_FILE_FULL');
          break;
        }
      }
    } finally {
      conn.release();
    }
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await postEvent({ event_type: 'page_view', path: '/x' }, { 'x-forwarded-for': `192.0.2.${i}` })).status);
    for (let i = 0; i < 3; i++) statuses.push((await client.scan({ file: new Uint8Array(0) })).status);
    assert.ok(statuses.every((s) => s < 500), statuses.join(' '));
    assert.ok(t.service.ctx.rateLimiter.fallbackHits > 0, 'the store did fail and the fallback counted');
  });
});
