// Probe: the registry is untrusted input (issue 24 item 5). The service resolves a manuscript against
// a registry (test/helpers/hostile-registry.ts) that answers every search with a 400 MB body, then
// with wrong-typed records, then announcing "1 request per 600 s, 1 at once". Before: a 4.9 GB
// high-water mark and a 15.7 s stall; a 503 for the whole request; the limit believed and stored for
// every process. Each phase uses its own manuscript (answers of the earlier phases are cached).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ResolverReport } from '../../../shared/contract.ts';
import { POLITE_LIMITS } from '../../../server/resolver/ports.ts';
import type { HostileMode } from '../../../test/helpers/hostile-registry.ts';
import { paidAccountKey } from '../accounts.ts';
import { multipart, rssMb, Tally } from '../harness.ts';
import type { Probe } from '../probe.ts';
import { RESOLVE_DOCS } from '../registry.ts';

const RSS_GROWTH_GOAL_MB = 300;

export const hostileRegistryProbe: Probe = {
  name: 'hostile-registry',
  about: 'resolves against a registry sending 400 MB bodies, wrong-typed records, and "1 request per 600 s": memory, time, answers, stored limits',
  async run({ service, health, deadlineMs, registry }) {
    if (!registry) throw new Error('no hostile registry in this bench run');
    const key = await paidAccountKey(service, 'hostile');
    const tally = new Tally();
    const figures: string[] = [];
    const goals: { goal: string; held: boolean; detail: string }[] = [];
    const full = async (mode: HostileMode, doc: string): Promise<{ status: number; ms: number; report: ResolverReport | null }> => {
      registry.mode = mode;
      registry.stats.requests = 0;
      registry.stats.bytesSent = 0;
      const form = multipart({ settings: JSON.stringify({ doi: true, crossref: true }) }, new Uint8Array(readFileSync(join(RESOLVE_DOCS, doc))));
      const t0 = performance.now();
      const res = await fetch(`${service.url}/hyperlink-crossref`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': form.contentType }, body: new Uint8Array(form.body), signal: AbortSignal.timeout(deadlineMs) }).catch(() => null);
      const body = res ? await res.text().catch(() => '') : '';
      tally.add(res?.status ?? 0);
      let report: ResolverReport | null = null;
      try { report = res?.status === 200 ? (JSON.parse(body) as ResolverReport) : null; } catch { report = null; }
      return { status: res?.status ?? 0, ms: performance.now() - t0, report };
    };
    const held = (r: ResolverReport | null) => r?.references.filter((x) => x.status === 'held').length ?? 0;

    // 1. 400 MB bodies.
    health.start();
    const baseline = rssMb(service.pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(service.pid))), 50);
    const huge = await full('huge', 'rb-dev-01.docx');
    clearInterval(sampler);
    const h1 = await health.stop();
    figures.push(`400 MB bodies: ${huge.status} in ${(huge.ms / 1000).toFixed(1)} s, ${held(huge.report)}/${huge.report?.references.length ?? 0} references held, ${registry.stats.requests} registry requests, ${(registry.stats.bytesSent / 1048576).toFixed(0)} MB sent by the registry; RSS ${baseline.toFixed(0)} → peak ${peak.toFixed(0)} MB; ${h1.text}`);
    goals.push({ goal: 'huge bodies: 200 with the references held', held: huge.status === 200 && held(huge.report) > 0, detail: `${huge.status}, ${held(huge.report)} held` });
    goals.push({ goal: `huge bodies: RSS grows < ${RSS_GROWTH_GOAL_MB} MB (before: 4.9 GB)`, held: peak - baseline < RSS_GROWTH_GOAL_MB, detail: `+${(peak - baseline).toFixed(0)} MB` });
    goals.push({ goal: 'huge bodies: /healthz p95 under 100 ms (before: a 15.7 s stall)', held: /p95 (\d+)/.exec(h1.text) !== null && Number(/p95 (\d+)/.exec(h1.text)![1]) < 100, detail: h1.text });

    // 2. Wrong-typed records.
    const wrong = await full('wrong', 'rb-dev-02.docx');
    const dropped = wrong.report?.resolverReport?.registryRecordsDropped ?? 0;
    figures.push(`wrong-typed records: ${wrong.status} in ${(wrong.ms / 1000).toFixed(1)} s, ${dropped} records dropped, ${wrong.report?.resolverReport?.resolved ?? 0} resolved`);
    goals.push({ goal: 'wrong-typed records: 200 with the bad records counted (before: 503)', held: wrong.status === 200 && dropped > 0, detail: `${wrong.status}, ${dropped} dropped` });

    // 3. "1 request per 600 s, 1 at once".
    const starve = await full('starve', 'rb-dev-03.docx');
    const rows = (await service.db.query('SELECT request_class, rate_limit, interval_ms, concurrency FROM registry_limits'))[0] as { request_class: 'search' | 'lookup'; rate_limit: number; interval_ms: number; concurrency: number }[];
    const slower = rows.filter((r) => r.rate_limit / r.interval_ms < POLITE_LIMITS[r.request_class].limit / POLITE_LIMITS[r.request_class].intervalMs || r.concurrency < POLITE_LIMITS[r.request_class].concurrency);
    const refs = starve.report?.references.length ?? 0;
    figures.push(`"1 per 600 s" announced: ${starve.status} in ${(starve.ms / 1000).toFixed(1)} s for ${refs} references (${registry.stats.requests} registry requests, ${(registry.stats.requests / (starve.ms / 1000)).toFixed(1)}/s); stored limits ${rows.map((r) => `${r.request_class} ${r.rate_limit}/${r.interval_ms} ms ×${r.concurrency}`).join(', ')}`);
    goals.push({ goal: 'starving limits: not stored slower than the polite default', held: slower.length === 0, detail: slower.length ? `${slower.length} row(s) slower` : 'rows at or above the default' });
    goals.push({ goal: 'starving limits: the resolve still runs at the polite rate (within 2× of its floor + 5 s)', held: starve.status === 200 && starve.ms / 1000 <= (registry.stats.requests / POLITE_LIMITS.search.limit) * 2 + 5, detail: `${(starve.ms / 1000).toFixed(1)} s for ${registry.stats.requests} requests` });
    return { figures, goals, statuses: tally.text };
  },
};
