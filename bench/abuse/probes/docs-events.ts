// Probe: POST /docs-events with hostile 200,000-character and 1 MB texts (no @, no spaces: the input
// that made the e-mail pattern quadratic), while /healthz is polled.
import { send, Tally } from '../harness.ts';
import type { Probe } from '../probe.ts';

export const docsEventsProbe: Probe = {
  name: 'docs-events',
  about: 'POST /docs-events with a hostile 200,000-character query and a 1 MB body',
  async run({ service, health, deadlineMs }) {
    const tally = new Tally();
    const figures: string[] = [];
    let slowest = 0;
    health.start();
    for (const [label, chars] of [['200k query', 200_000], ['1 MB body', 1_048_000 - 200]] as const) {
      const body = JSON.stringify({ event_type: 'search', path: '/docs', query: 'a'.repeat(chars), result_count: 0 });
      const a = await send(`${service.url}/docs-events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, timeoutMs: deadlineMs / 2 });
      tally.add(a.status);
      slowest = Math.max(slowest, a.ms);
      figures.push(`${label}: ${a.status || 'no answer'} in ${a.ms.toFixed(0)} ms`);
    }
    // The error text of a playground response goes through the same masking.
    const error = JSON.stringify({ event_type: 'playground_response', path: '/p', status: 400, error: 'x'.repeat(500_000) });
    const e = await send(`${service.url}/docs-events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: error, timeoutMs: deadlineMs / 2 });
    tally.add(e.status);
    slowest = Math.max(slowest, e.ms);
    figures.push(`500k error text: ${e.status || 'no answer'} in ${e.ms.toFixed(0)} ms`);
    const h = await health.stop();
    figures.push(h.text);
    return {
      figures,
      goals: [
        { goal: 'health never blocked > 100 ms', held: h.worstMs <= 100, detail: `${h.worstMs.toFixed(0)} ms` },
        { goal: 'hostile body answered < 100 ms', held: slowest <= 100, detail: `${slowest.toFixed(0)} ms` },
      ],
      // Hostile texts are valid events: 202 is the right answer here, so only 5xx and non-answers count against it.
      statuses: tally.text,
    };
  },
};
