// `npm run bench:abuse`: the service under the attacks of issue 11, on 127.0.0.1 only, bounded in
// time and count. One service process over a fresh database; each probe prints the figure that
// matters and whether its goals held. Add a probe: write bench/abuse/probes/NAME.ts exporting a
// Probe (bench/abuse/probe.ts) and list it in PROBES below; settings it needs go in SERVICE_ENV.
// `npm run bench:abuse -- NAME…` runs only the named probes.
import { HealthWatch, startBenchService } from './abuse/harness.ts';
import type { Probe } from './abuse/probe.ts';
import { accountShareProbe } from './abuse/probes/account-share.ts';
import { chunkedBombProbe } from './abuse/probes/chunked-bomb.ts';
import { cslUploadProbe } from './abuse/probes/csl-upload.ts';
import { docsEventsProbe } from './abuse/probes/docs-events.ts';
import { forwardedFloodProbe } from './abuse/probes/forwarded-flood.ts';
import { hostileRegistryProbe } from './abuse/probes/hostile-registry.ts';
import { LOGIN_LIMIT_PER_ACCOUNT, loginBurstProbe } from './abuse/probes/login-burst.ts';
import { loginFloodProbe } from './abuse/probes/login-flood.ts';
import { memoryProbe } from './abuse/probes/memory.ts';
import { pathologicalProbe } from './abuse/probes/pathological.ts';
import { presetFloodProbe } from './abuse/probes/preset-flood.ts';
import { registryShareProbe } from './abuse/probes/registry-share.ts';
import { slowUploadProbe } from './abuse/probes/slow-upload.ts';
import { styleStallProbe } from './abuse/probes/style-stall.ts';
import { startBenchRegistry } from './abuse/registry.ts';
import { benchArgs } from './common/args.ts';

/** In run order; the flood makes the limiter store full, so it runs last. */
const PROBES: Probe[] = [docsEventsProbe, cslUploadProbe, styleStallProbe, pathologicalProbe, slowUploadProbe, chunkedBombProbe, accountShareProbe, memoryProbe, hostileRegistryProbe, registryShareProbe, loginBurstProbe, loginFloodProbe, presetFloodProbe, forwardedFloodProbe];

const SERVICE_ENV: Record<string, string> = {
  TRUST_PROXY: 'true', // as in the issue: the flood forges X-Forwarded-For
  RATE_LIMIT_ADDRESS_SLOTS: process.env.ABUSE_ADDRESS_SLOTS ?? '512',
  DOCS_EVENTS_RATE_LIMIT_PER_MINUTE: '120',
  RATE_LIMIT_PER_MINUTE: '1000',
  ENGINE_THREADS: '2',
  LOGIN_RATE_LIMIT_PER_MINUTE: String(LOGIN_LIMIT_PER_ACCOUNT),
  LOGIN_ADDRESS_RATE_LIMIT_PER_MINUTE: '60',
  ENGINE_IDLE_MS: '5000', // the memory probe waits for idle workers to be shut down
  MAX_CONCURRENT_PER_KEY: '4', // the memory probe sends three documents of one key at once
};
const PROBE_DEADLINE_MS = Number(process.env.ABUSE_PROBE_SECONDS ?? 75) * 1000;

const wanted = benchArgs(import.meta.url, {}, ({ positional }) => positional);
const probes = wanted.length ? PROBES.filter((p) => wanted.includes(p.name)) : PROBES;
if (!probes.length) {
  console.error(`no such probe; known: ${PROBES.map((p) => p.name).join(', ')}`);
  process.exit(2);
}

const registry = await startBenchRegistry();
SERVICE_ENV.CROSSREF_API_URL = registry.url;
SERVICE_ENV.CROSSREF_MAILTO = 'abuse-bench@example.org';
const service = await startBenchService(SERVICE_ENV);
let broken = 0;
try {
  console.log(`bench:abuse  service ${service.url}  env ${Object.entries(SERVICE_ENV).map(([k, v]) => `${k}=${v}`).join(' ')}`);
  for (const probe of probes) {
    console.log(`\n## ${probe.name}: ${probe.about}`);
    const health = new HealthWatch(service.url);
    const started = performance.now();
    const result = await Promise.race([
      probe.run({ service, health, deadlineMs: PROBE_DEADLINE_MS, registry }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`probe exceeded ${PROBE_DEADLINE_MS * 2} ms`)), PROBE_DEADLINE_MS * 2).unref()),
    ]).catch(async (err: unknown) => {
      await health.stop();
      return { figures: [`failed: ${err instanceof Error ? err.message : String(err)}`], goals: [{ goal: 'probe completes', held: false, detail: 'failed' }], statuses: '' };
    });
    for (const line of result.figures) console.log(`  ${line}`);
    const serverErrors = /(?:^|\s)(?:5(?!03)\d\d|none)×/.test(result.statuses);
    for (const g of [...result.goals, { goal: 'never a 500 (or no answer)', held: !serverErrors, detail: result.statuses }]) {
      if (!g.held) broken += 1;
      console.log(`  ${g.held ? 'held  ' : 'BROKEN'} ${g.goal}: ${g.detail}`);
    }
    console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
} finally {
  await service.stop();
  await registry.close();
}
console.log(`\n${broken === 0 ? 'all goals held' : `${broken} goal(s) broken`}`);
process.exit(broken === 0 ? 0 : 1);
