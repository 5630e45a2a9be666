// Probe: the chunked field bomb of issue 24 (item 2). Multipart uploads with Transfer-Encoding: chunked (no
// Content-Length): a small file part, then 30 text fields of 8 MB each (240 MB). Before the fix the service read
// every byte and kept them (about 28 such uploads took it to a 4 GB heap crash). Sent in waves of as many as the
// key may have in flight (MAX_CONCURRENT_PER_KEY), 28 in all; each must be refused while it arrives.
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fieldBomb, sendChunkedMultipart, type ChunkedOutcome } from '../../../test/helpers/chunked-upload.ts';
import { CORPUS_DIR } from '../../../test/helpers/corpus.ts';
import { rssMb, send, Tally } from '../harness.ts';
import type { Probe } from '../probe.ts';

const UPLOADS = 28;
const WAVE = 4;
const MB = 1024 * 1024;

export const chunkedBombProbe: Probe = {
  name: 'chunked-bomb',
  about: `${UPLOADS} chunked uploads of 30 text fields × 8 MB (${WAVE} at a time, one key): refused while they arrive?`,
  async run({ service, health, deadlineMs }) {
    const file = new Uint8Array(readFileSync(join(CORPUS_DIR, 'plos-pone-0117949.docx')));
    const baseline = rssMb(service.pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(service.pid))), 100);
    const tally = new Tally();
    const outcomes: ChunkedOutcome[] = [];
    // The floor: /healthz on this machine now, with no abuse (the machine is shared; its load is printed).
    health.start();
    await new Promise((r) => setTimeout(r, 3000));
    const floor = await health.stop();
    health.start();
    const started = performance.now();
    for (let sent = 0; sent < UPLOADS && performance.now() - started < deadlineMs; sent += WAVE) {
      const wave = await Promise.all(
        Array.from({ length: Math.min(WAVE, UPLOADS - sent) }, () =>
          sendChunkedMultipart(`${service.url}/hyperlink`, fieldBomb(file), { authorization: `Bearer ${service.apiKey}` }, deadlineMs),
        ),
      );
      outcomes.push(...wave);
    }
    const h = await health.stop();
    clearInterval(sampler);
    for (const o of outcomes) tally.add(o.status);
    const alive = (await send(`${service.url}/healthz`, { timeoutMs: 5000 })).status === 200;
    const slowest = Math.max(...outcomes.map((o) => o.ms)) / 1000;
    const mostWritten = Math.max(...outcomes.map((o) => o.writtenAtAnswer)) / MB;
    const reasons = [...new Set(outcomes.map((o) => o.reason ?? 'none'))].join(', ');
    const closed = outcomes.filter((o) => o.closes).length;
    return {
      figures: [
        `${outcomes.length} uploads of 240 MB each: ${tally.text} (reasons ${reasons}), ${closed} with Connection: close`,
        `slowest refusal ${slowest.toFixed(1)} s; at most ${mostWritten.toFixed(1)} MB written by the client before its answer`,
        `RSS before ${baseline.toFixed(0)} MB, peak ${peak.toFixed(0)} MB`,
        `${h.text}; with no abuse just before: p99 ${floor.p99Ms.toFixed(0)} ms; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${availableParallelism()} cores`,
      ],
      goals: [
        { goal: 'every upload refused 4xx while it arrives (≤ 40 MB written), connection closed', held: tally.clean && outcomes.every((o) => o.status >= 400 && o.status < 500 && o.writtenAtAnswer < 40 * MB && o.closes), detail: `${tally.text}, ≤ ${mostWritten.toFixed(1)} MB` },
        { goal: 'each answered within seconds (≤ 10 s)', held: slowest <= 10, detail: `slowest ${slowest.toFixed(1)} s` },
        { goal: 'service alive, RSS peak under baseline + 300 MB', held: alive && peak - baseline < 300, detail: `${alive ? 'alive' : 'DEAD'}, +${(peak - baseline).toFixed(0)} MB` },
        { goal: '/healthz p99 < 100 ms', held: h.p99Ms < 100, detail: `p99 ${h.p99Ms.toFixed(0)} ms` },
      ],
      statuses: tally.text,
    };
  },
};
