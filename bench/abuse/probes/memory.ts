// Probe: memory. Three scans of the synthetic 25 MB manuscript at once (two engine workers, one
// queued), the service's RSS sampled every 100 ms; then idle until the engine workers are shut down
// (ENGINE_IDLE_MS, 5 s in this bench) and RSS read again: it must come back down.
import { readFileSync } from 'node:fs';
import { syntheticPath } from '../../synthetic.ts';
import { multipart, rssMb, send, Tally } from '../harness.ts';
import type { Probe } from '../probe.ts';

const UPLOADS = 3;
const IDLE_WAIT_MS = Number(process.env.ABUSE_IDLE_WAIT_MS ?? 20_000);

export const memoryProbe: Probe = {
  name: 'memory',
  about: `${UPLOADS} scans of the synthetic 25 MB manuscript at once, then idle: peak RSS and RSS after idle`,
  async run({ service, health, deadlineMs }) {
    const form = multipart({}, new Uint8Array(readFileSync(await syntheticPath())));
    const baseline = rssMb(service.pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(service.pid))), 100);
    const tally = new Tally();
    health.start();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: UPLOADS }, () =>
        send(`${service.url}/hyperlink-scan`, { method: 'POST', headers: { authorization: `Bearer ${service.apiKey}`, 'content-type': form.contentType }, body: form.body, timeoutMs: deadlineMs }),
      ),
    );
    const busySeconds = (performance.now() - started) / 1000;
    const h = await health.stop();
    for (const a of answers) tally.add(a.status);
    const afterWork = rssMb(service.pid);
    await new Promise((r) => setTimeout(r, IDLE_WAIT_MS));
    clearInterval(sampler);
    const idle = rssMb(service.pid);
    const fellBy = peak - idle;
    return {
      figures: [
        `RSS before ${baseline.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, right after ${afterWork.toFixed(0)} MB, after ${IDLE_WAIT_MS / 1000} s idle ${idle.toFixed(0)} MB`,
        `${UPLOADS} scans: ${tally.text} in ${busySeconds.toFixed(1)} s`,
        h.text,
      ],
      goals: [
        { goal: 'scans answered 200', held: answers.every((a) => a.status === 200), detail: tally.text },
        { goal: 'RSS falls back after idle (gives back ≥ half of what the burst took)', held: fellBy >= (peak - baseline) / 2, detail: `peak ${peak.toFixed(0)} → ${idle.toFixed(0)} MB (baseline ${baseline.toFixed(0)})` },
      ],
      // Legitimate work: 200 is the right answer here.
      statuses: tally.text,
    };
  },
};
