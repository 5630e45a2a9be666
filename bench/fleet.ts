// `npm run bench:fleet` (issue 22, item 4): three service replicas on one MariaDB behind HAProxy
// (deploy/haproxy.cfg), as test/deploy/fleet.int.test.ts starts them. Prints, with the load average:
//   - the floor: GET /healthz p50/p99 straight to a replica and through the proxy, idle;
//   - the mixed load (scan, scan + apply, direct, resolve against the fake registry, account reads) from two
//     users and two organisations: operations and documents per second, retries;
//   - /healthz p50/p99 through the proxy while that load runs (goal p99 < 50 ms at a load the machine carries),
//     probed from a process of its own so the load's client work does not delay the probe.
// FLEET_WORKERS (default 4) concurrent clients, FLEET_OPS (default 10) operations each; `-- --kill` also
// SIGKILLs one replica a third of the way in and restarts it (figures of a fleet losing a member).
// A script, not a test.
import { loadavg } from 'node:os';
import { corpusDoc } from '../test/helpers/http-harness.ts';
import { fleetAccounts, ledger, resolveManuscript, startFleet } from '../test/helpers/fleet.ts';
import { CHARGED_OPS, droppedAttempts, mixedLoad } from '../test/helpers/fleet-load.ts';
import { benchArgs } from './common/args.ts';
import { percentile, startHealthProbe } from './common/health-probe.ts';

const WORKERS = Number(process.env.FLEET_WORKERS ?? 4);
const OPS = Number(process.env.FLEET_OPS ?? 10);
const KILL = benchArgs(import.meta.url, { kill: { type: 'boolean' } }, ({ values }) => values.kill === true);

const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');

async function idleHealth(url: string, n = 200): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await (await fetch(`${url}/healthz`)).arrayBuffer();
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}

const fmt = (sorted: number[]): string => `p50 ${percentile(sorted, 50).toFixed(1)} ms  p99 ${percentile(sorted, 99).toFixed(1)} ms  (n=${sorted.length})`;

console.log(`bench:fleet: 3 replicas (ENGINE_THREADS=1 each) behind HAProxy, ${WORKERS} clients x ${OPS} operations${KILL ? ', one replica SIGKILLed and restarted' : ''}; load average at start ${load()}`);
const fleet = await startFleet('bench_fleet');
try {
  const accounts = await fleetAccounts(fleet, { users: 2, orgs: 2 }, 10_000);
  const direct = await idleHealth(fleet.replicas[0]!.url);
  const proxied = await idleHealth(fleet.proxyUrl);
  console.log(`idle /healthz straight to a replica   ${fmt(direct)}   load ${load()}`);
  console.log(`idle /healthz through HAProxy         ${fmt(proxied)}   load ${load()}`);

  const probe = startHealthProbe(fleet.proxyUrl, 20);
  const t0 = performance.now();
  const total = WORKERS * OPS;
  let restarted = null as Promise<void> | null; // set in a callback, which narrowing does not see
  const records = await mixedLoad(accounts, {
    workers: WORKERS,
    opsPerWorker: OPS,
    doc: corpusDoc(),
    resolveDoc: resolveManuscript,
    onOpDone: (done) => {
      if (KILL && done === Math.floor(total / 3)) restarted = fleet.signal(1, 'SIGKILL').then(() => fleet.start(1));
    },
  });
  const seconds = (performance.now() - t0) / 1000;
  const loadAfter = load();
  const health = await probe.stop();
  if (restarted) await restarted;
  const sorted = health.latencies.sort((a, b) => a - b);
  const docs = records.filter((r) => CHARGED_OPS.has(r.op) && r.final === 200).length;
  const byOp = new Map<string, number>();
  for (const r of records) byOp.set(r.op, (byOp.get(r.op) ?? 0) + 1);
  console.log(`mixed load: ${records.length} operations in ${seconds.toFixed(1)} s = ${(records.length / seconds).toFixed(2)} ops/s, ${(docs / seconds).toFixed(2)} charged documents/s (${[...byOp].map(([k, v]) => `${k} ${v}`).join(', ')}); load ${loadAfter}`);
  console.log(`  not 200 in the end: ${records.filter((r) => r.final !== 200).length}; retried: ${records.filter((r) => r.attempts.length > 1).length}; attempts dropped: ${droppedAttempts(records).length}`);
  console.log(`/healthz through HAProxy under load   ${fmt(sorted)}   failures ${health.failures}   (goal p99 < 50 ms; ratio to the idle proxied p99: ${(percentile(sorted, 99) / percentile(proxied, 99)).toFixed(1)}x)`);
  let reconciled = true;
  for (const [i, a] of accounts.entries()) {
    const books = await ledger(fleet.pool, a);
    const delivered = records.filter((r) => r.account === i && CHARGED_OPS.has(r.op) && r.final === 200).length;
    if (a.credits - books.balance !== delivered || books.settled !== delivered || books.usageCharged !== delivered || books.pending !== 0) reconciled = false;
  }
  console.log(`credits: ${reconciled ? 'every account reconciles (spent = settled = charged usage rows = documents delivered, none pending)' : 'DO NOT RECONCILE'}`);
  const errors = fleet.serverErrors();
  if (errors.length) console.log(`server errors: ${errors.join('; ')}`);
} finally {
  await fleet.stop();
}
