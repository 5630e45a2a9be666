// Probe: the registry's capacity is shared per account, and a process that dies holding registry slots gives them
// back within seconds (issue 24 item 4). The registry announces the polite pool's 3 searches per second, so the
// registry, not the CPU, bounds a resolve. Before: six resolves from one account took another account's resolve
// from 5.3 s to 84.1 s; a kill -9 during a resolve left its slots held for 64.7 s, blocking the other process.
// Each phase starts from an empty answer cache (a cached resolve asks the registry nothing), so the phases compare
// cold resolves of the same manuscript. Times are per reference, as the manuscripts differ in length.
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import type { ResolverReport } from '../../../shared/contract.ts';
import { paidAccountKey } from '../accounts.ts';
import { multipart, spawnServiceProcess, Tally, type BenchService } from '../harness.ts';
import type { Probe } from '../probe.ts';
import { RESOLVE_DOCS } from '../registry.ts';

const HOG_DOCS = ['rb-dev-04.docx', 'rb-dev-05.docx', 'rb-dev-06.docx'];
const VICTIM_DOC = 'rb-dev-07.docx';
const KILL_AFTER_MS = 4000;

interface Resolved {
  status: number;
  ms: number;
  references: number;
}

async function resolveOn(baseUrl: string, key: string, doc: string, timeoutMs: number, tally: Tally, cancel?: AbortSignal): Promise<Resolved> {
  const form = multipart({ settings: JSON.stringify({ doi: true, crossref: true }) }, new Uint8Array(readFileSync(join(RESOLVE_DOCS, doc))));
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}/hyperlink-crossref`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': form.contentType }, body: new Uint8Array(form.body), signal: cancel ? AbortSignal.any([cancel, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs) }).catch(() => null);
  const text = res ? await res.text().catch(() => '') : '';
  if (!cancel?.aborted) tally.add(res?.status ?? 0);
  let references = 0;
  try {
    references = res?.status === 200 ? (JSON.parse(text) as ResolverReport).references.length : 0;
  } catch {
    references = 0;
  }
  return { status: res?.status ?? 0, ms: performance.now() - t0, references };
}

const clearCache = async (service: BenchService): Promise<void> => {
  await service.db.query('DELETE FROM resolver_cache');
};
/** Ids of the registry slots in flight now (granted, not released, lease not expired). */
const openSlots = async (service: BenchService): Promise<number[]> => {
  const [rows] = await service.db.query('SELECT id FROM registry_slots WHERE released_at IS NULL AND expires_at > CAST(ROUND(UNIX_TIMESTAMP(NOW(3)) * 1000) AS SIGNED)');
  return (rows as { id: number }[]).map((r) => Number(r.id));
};
const perRef = (r: Resolved): number => r.ms / Math.max(1, r.references);
const secs = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

export const registryShareProbe: Probe = {
  name: 'registry-share',
  about: `account A resolves ${HOG_DOCS.length} manuscripts at once beside account B's one, then A's resolves run on a second process killed (kill -9) with its registry requests in flight; registry at 3 searches/s`,
  async run({ service, health, deadlineMs, registry }) {
    if (!registry) throw new Error('no registry in this bench run');
    registry.mode = 'polite';
    const tally = new Tally();
    const hog = await paidAccountKey(service, 'hog');
    const victim = await paidAccountKey(service, 'victim');
    const figures: string[] = [];
    const goals: { goal: string; held: boolean; detail: string }[] = [];
    const timeout = deadlineMs * 2;

    // 1. B alone, cold.
    await clearCache(service);
    const alone = await resolveOn(service.url, victim, VICTIM_DOC, timeout, tally);
    figures.push(`B alone: ${alone.status}, ${alone.references} references in ${secs(alone.ms)} (${perRef(alone).toFixed(0)} ms per reference)`);

    // 2. A's resolves at once, B's beside them (started once A's hold the registry).
    await clearCache(service);
    health.start();
    // A's resolves are cancelled once B's is done (the service stops a resolve whose client went away).
    const stopHogs = new AbortController();
    const hogs = HOG_DOCS.map((doc) => resolveOn(service.url, hog, doc, timeout, tally, stopHogs.signal));
    await new Promise((r) => setTimeout(r, 2000));
    const beside = await resolveOn(service.url, victim, VICTIM_DOC, timeout, tally);
    stopHogs.abort();
    const hogDone = await Promise.all(hogs);
    const h1 = await health.stop();
    const shareRatio = perRef(beside) / perRef(alone);
    figures.push(`B beside A's ${HOG_DOCS.length} resolves: ${beside.status} in ${secs(beside.ms)}: ${shareRatio.toFixed(2)}× its time alone; A's (cancelled when B's was done): ${hogDone.map((r) => (r.status ? `${r.status} in ${secs(r.ms)}` : `running at ${secs(r.ms)}`)).join(', ')}`);
    figures.push(`${h1.text}; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${availableParallelism()} cores`);
    goals.push({ goal: "B's resolve within 2× of its time alone while A resolves (before: 5.3 s → 84.1 s, 15.9×)", held: beside.status === 200 && shareRatio <= 2, detail: `${shareRatio.toFixed(2)}×` });

    // 3. A's resolves on a second process on the same database, killed mid-resolve; B resolves on the first.
    // Until the kill the registry answers 1.5 s late, so the killed process dies with its requests in flight.
    await clearCache(service);
    registry.mode = 'laggy';
    const second = await spawnServiceProcess(service.databaseUrl, service.env);
    const secondUrl = `http://127.0.0.1:${second.port}`;
    const killed = HOG_DOCS.map((doc) => resolveOn(secondUrl, hog, doc, timeout, new Tally()));
    // Killed once its requests are in flight (at least KILL_AFTER_MS in, as soon as it holds slots, at most 30 s).
    const spawnedAt = performance.now();
    let heldAtKill: number[] = [];
    while (performance.now() - spawnedAt < 30_000) {
      await new Promise((r) => setTimeout(r, 100));
      // A's process holds every slot in flight now (B has not started): these are the slots a dead process leaves.
      heldAtKill = await openSlots(service);
      if (heldAtKill.length > 0 && performance.now() - spawnedAt >= KILL_AFTER_MS) break;
    }
    const killMs = performance.now() - spawnedAt;
    second.child.kill('SIGKILL');
    const killedAt = performance.now();
    registry.mode = 'polite';
    health.start();
    const afterKill = resolveOn(service.url, victim, VICTIM_DOC, timeout, tally);
    let releasedMs = Number.NaN;
    while (performance.now() - killedAt < 30_000) {
      const open = new Set(await openSlots(service));
      if (!heldAtKill.some((id) => open.has(id))) {
        releasedMs = performance.now() - killedAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const victimAfterKill = await afterKill;
    const h2 = await health.stop();
    await Promise.all(killed);
    const killRatio = perRef(victimAfterKill) / perRef(alone);
    figures.push(`kill -9 of the second process ${secs(killMs)} into A's resolves: ${heldAtKill.length} registry slots in flight at the kill; all open slots gone ${Number.isNaN(releasedMs) ? 'not within 30 s' : `${secs(releasedMs)} after it`}`);
    figures.push(`B on the first process right after the kill: ${victimAfterKill.status} in ${secs(victimAfterKill.ms)}: ${killRatio.toFixed(2)}× its time alone; ${h2.text}`);
    goals.push({ goal: 'slots of the killed process released within 10 s (before: 64.7 s)', held: !Number.isNaN(releasedMs) && releasedMs <= 10_000, detail: Number.isNaN(releasedMs) ? 'not within 30 s' : secs(releasedMs) });
    goals.push({ goal: "B's resolve after the kill within 2× of its time alone", held: victimAfterKill.status === 200 && killRatio <= 2, detail: `${killRatio.toFixed(2)}×` });
    goals.push({ goal: '/healthz p99 < 100 ms', held: h1.p99Ms < 100 && h2.p99Ms < 100, detail: `p99 ${h1.p99Ms.toFixed(0)} / ${h2.p99Ms.toFixed(0)} ms` });
    registry.mode = 'ok';
    return { figures, goals, statuses: tally.text };
  },
};
