// The fake Crossref's searches: `filter` parsed as the API reads it, and BM25 ranking either in the server's own
// thread (tests) or in a worker thread (the bench's registry process). A registry's front door counts a request's
// arrival for its rate limit at once; a search that runs in the thread that also takes requests in holds every
// arrival behind it (60-200 ms on a busy machine), so requests sent a full window apart seemed to arrive inside one
// and earned 429s no real registry would send.

import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { Bm25Index, workYear } from './bm25.ts';
import type { RegistryWork } from './types.ts';

/** The works ranked for a query and filter: how many match in all, and those from `offset` on (at most `rows`). */
interface SearchPage {
  total: number;
  hits: { work: RegistryWork; score: number }[];
}

export interface Searcher {
  search(query: string, filter: string | null, offset: number, rows: number): Promise<SearchPage>;
  close(): Promise<void>;
}

/** A filter the API accepts, as a test of a work; or the name of the first filter it does not know. */
export function parseFilter(raw: string | null): ((w: RegistryWork) => boolean) | string {
  if (!raw) return () => true;
  const tests: ((w: RegistryWork) => boolean)[] = [];
  for (const part of raw.split(',')) {
    const i = part.indexOf(':');
    const name = part.slice(0, i);
    const value = part.slice(i + 1);
    if (name === 'type') tests.push((w) => w.type === value);
    else if (name === 'from-pub-date') tests.push((w) => (workYear(w) ?? 0) >= Number(value.slice(0, 4)));
    else if (name === 'until-pub-date') tests.push((w) => (workYear(w) ?? 9999) <= Number(value.slice(0, 4)));
    else return name;
  }
  return (w) => tests.every((t) => t(w));
}

/** Ranks in the calling thread; works index `doc` of the page is `works[doc]`. */
function rank(index: Bm25Index, works: RegistryWork[], query: string, filter: string | null): { doc: number; score: number }[] {
  const accept = parseFilter(filter);
  if (typeof accept === 'string') throw new Error(`unknown filter ${accept}`);
  if (!query) return works.flatMap((w, doc) => (accept(w) ? [{ doc, score: 1 }] : []));
  return index.searchDocs(query, accept);
}

/** Searches in the server's thread. */
export function searchInThread(works: RegistryWork[]): Searcher {
  const index = new Bm25Index(works);
  return {
    search: (query, filter, offset, rows) => {
      const ranked = rank(index, works, query, filter);
      return Promise.resolve({ total: ranked.length, hits: ranked.slice(offset, offset + rows).map((h) => ({ work: works[h.doc]!, score: h.score })) });
    },
    close: () => Promise.resolve(),
  };
}

interface Ask { id: number; query: string; filter: string | null; offset: number; rows: number }
interface Answer { id: number; total: number; docs: number[]; scores: number[] }

/** Searches in a worker thread of its own (the works are copied there once); the server's thread only takes requests in. */
export async function searchInWorker(works: RegistryWork[]): Promise<Searcher> {
  // Worker threads do not inherit tsx's module hooks (server/worker/engine-worker.ts): this file is loaded there
  // through tsx's own API.
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ tsImport }) => tsImport(${JSON.stringify(import.meta.url)}, ${JSON.stringify(import.meta.url)}))`;
  const worker = new Worker(boot, { eval: true, workerData: works });
  const pending = new Map<number, { resolve: (page: SearchPage) => void; reject: (err: unknown) => void }>();
  let nextId = 0;
  worker.on('message', (a: Answer) => {
    const p = pending.get(a.id);
    pending.delete(a.id);
    p?.resolve({ total: a.total, hits: a.docs.map((doc, i) => ({ work: works[doc]!, score: a.scores[i]! })) });
  });
  let failed: Error | null = null;
  worker.on('error', (err: Error) => {
    failed = err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  });
  await new Promise<void>((resolve, reject) => { worker.once('online', resolve); worker.once('error', reject); });
  return {
    search: (query, filter, offset, rows) => new Promise<SearchPage>((resolve, reject) => {
      if (failed) return reject(failed);
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, query, filter, offset, rows } satisfies Ask);
    }),
    close: async () => { await worker.terminate(); },
  };
}

if (!isMainThread && parentPort) {
  const works = workerData as RegistryWork[];
  const index = new Bm25Index(works);
  const port = parentPort;
  port.on('message', (ask: Ask) => {
    const ranked = rank(index, works, ask.query, ask.filter);
    const page = ranked.slice(ask.offset, ask.offset + ask.rows);
    port.postMessage({ id: ask.id, total: ranked.length, docs: page.map((h) => h.doc), scores: page.map((h) => h.score) } satisfies Answer);
  });
}
