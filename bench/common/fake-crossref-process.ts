// The fake Crossref (test/helpers/fake-crossref/server.ts) in a process of its own, for `bench:resolver`.
// In the bench's own process the fake counts a request's arrival when its handler runs, and that handler waits
// behind the client's own work on the same event loop (scanning a manuscript, matching, style detection: stalls
// of 0.3-2.7 s with the CPU hog). A request the client sent on time then "arrives" late, the next window's
// requests seem to arrive within the same second, and the fake answers 429 for delays no registry would see.
// Here the registry has its own event loop, as the real one does (still on the same busy cores), and ranks its
// searches in a worker thread: its front door counts each arrival when it comes, not after the search in progress.

import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadRegistry, startFakeCrossref, type FakeCrossrefOptions } from '../../test/helpers/fake-crossref/server.ts';

/** What the bench reads of the fake's counters. */
interface RegistryCounts {
  searches: number;
  lookups: number;
  failures: number;
  rejected: number;
  rejectedForRate: number;
  rejectedForConcurrency: number;
}

type Settings = Omit<FakeCrossrefOptions, 'works'> & { registryPath: string };
type Request = { id: number; op: 'stats' | 'reset' };

export interface FakeCrossrefProcess {
  url: string;
  stats(): Promise<RegistryCounts>;
  resetStats(): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeCrossrefProcess(settings: Settings): Promise<FakeCrossrefProcess> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [JSON.stringify(settings)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = new Map<number, (value: unknown) => void>();
  let nextId = 0;
  const url = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the fake Crossref process exited (${code})`)));
    child.once('message', (m) => resolve((m as { url: string }).url));
  });
  child.on('message', (m) => {
    const { id, value } = m as { id: number; value: unknown };
    pending.get(id)?.(value);
    pending.delete(id);
  });
  const ask = (op: Request['op']) => new Promise<unknown>((resolve) => {
    const id = ++nextId;
    pending.set(id, resolve);
    child.send({ id, op } satisfies Request);
  });
  return {
    url,
    stats: async () => (await ask('stats')) as RegistryCounts,
    resetStats: async () => { await ask('reset'); },
    close: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}

async function serve(settings: Settings): Promise<void> {
  const { registryPath, ...options } = settings;
  const fake = await startFakeCrossref({ ...options, works: loadRegistry(registryPath), searchInWorker: true });
  process.on('message', (m) => {
    const { id, op } = m as Request;
    if (op === 'reset') fake.resetStats();
    const s = fake.stats;
    const value: RegistryCounts | null = op === 'stats'
      ? { searches: s.searches, lookups: s.lookups, failures: s.failures, rejected: s.rejected, rejectedForRate: s.rejectedForRate, rejectedForConcurrency: s.rejectedForConcurrency }
      : null;
    process.send!({ id, value });
  });
  process.on('SIGTERM', () => { void fake.close().then(() => process.exit(0)); });
  process.on('disconnect', () => { void fake.close().then(() => process.exit(0)); });
  process.send!({ url: fake.url });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await serve(JSON.parse(process.argv[2]!) as Settings);
