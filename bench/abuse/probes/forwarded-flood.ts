// Probe: a flood of /docs-events from forged X-Forwarded-For addresses (the service runs with
// TRUST_PROXY=true, as in the issue), counting the rows it adds to rate_limit_counters; then the
// store made full (MAX_ROWS) to show a full store answers like an unknown limit, never 500.
import { countWindows } from '../../../server/db/rate-limits.ts';
import { multipart, send, Tally } from '../harness.ts';
import type { Probe } from '../probe.ts';

const FORGED = 3000;
const CONCURRENCY = 16;

async function pool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) await task(next++);
  }));
}

const forged = (i: number): string => `198.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}, 10.0.0.${i % 250}`;

export const forwardedFloodProbe: Probe = {
  name: 'forwarded-flood',
  about: `${FORGED} /docs-events with forged X-Forwarded-For, then the limiter store made full`,
  async run({ service, health }) {
    const tally = new Tally();
    const before = await countWindows(service.db);
    health.start();
    const started = performance.now();
    await pool(FORGED, CONCURRENCY, async (i) => {
      const a = await send(`${service.url}/docs-events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forged(i) },
        body: JSON.stringify({ event_type: 'page_view', path: '/docs' }),
      });
      tally.add(a.status === 202 ? 202 : a.status);
    });
    const floodMs = performance.now() - started;
    const accepted = tally.counts.get(202) ?? 0;
    const rows = (await countWindows(service.db)) - before;

    // The store full, as a flood on the old code left it: a small MEMORY table filled with rows of a
    // far-future window (no purge frees them) until it refuses with ER_RECORD_FILE_FULL.
    const conn = await service.db.getConnection();
    let filler = 0;
    try {
      await conn.query('DELETE FROM rate_limit_counters');
      await conn.query('SET SESSION max_heap_table_size = 65536');
      await conn.query('ALTER TABLE rate_limit_counters ENGINE=MEMORY');
      for (; filler < 100_000; filler++) {
        try {
          await conn.query('INSERT INTO rate_limit_counters (bucket, window_start, hits) VALUES (?, ?, 1)', [`filler:${filler}`, 9e15]);
        } catch {
          break;
        }
      }
    } finally {
      conn.release();
    }
    const full = new Tally();
    await pool(400, CONCURRENCY, async (i) => {
      const a = await send(`${service.url}/docs-events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forged(FORGED + i) },
        body: JSON.stringify({ event_type: 'page_view', path: '/docs' }),
      });
      full.add(a.status);
    });
    const form = multipart({}, null);
    for (let i = 0; i < 5; i++) {
      const a = await send(`${service.url}/hyperlink-scan`, { method: 'POST', headers: { authorization: `Bearer ${service.apiKey}`, 'content-type': form.contentType }, body: form.body });
      full.add(a.status);
    }
    const h = await health.stop();
    const fullNon4xx = [...full.counts].filter(([s]) => s >= 500 || s === 0).reduce((n, [, c]) => n + c, 0);
    const alarms = service.errorLogs.filter((l) => l.includes('rate-limit store')).length;
    for (const [s, n] of full.counts) for (let i = 0; i < n; i++) tally.add(s);
    return {
      figures: [
        `flood: ${FORGED} requests in ${(floodMs / 1000).toFixed(1)} s, ${accepted} accepted`,
        `limiter rows added: ${rows} for ${FORGED} forged addresses`,
        `store full (${filler} filler rows): ${full.text} (alarm lines logged: ${alarms})`,
        h.text,
      ],
      goals: [
        { goal: 'limiter rows bounded (≤ address slots + a few)', held: rows <= Number(process.env.ABUSE_ADDRESS_SLOTS ?? 512) + 10, detail: `${rows} rows` },
        { goal: 'store full: no 500', held: fullNon4xx === 0, detail: full.text },
        { goal: 'health never blocked > 100 ms', held: h.worstMs <= 100, detail: `${h.worstMs.toFixed(0)} ms` },
      ],
      statuses: tally.text,
    };
  },
};
