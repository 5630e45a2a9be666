// Replays the recorded Crossref answers of ../shared/resolver/crossref-real/ (status, real headers, body):
// the test queues a recording, the next request gets it, whatever its URL. Lets the registry client and
// the work readers meet what Crossref really sends.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { REPO_ROOT } from './corpus.ts';

export interface Recording {
  name: string;
  request: { method: string; uri: string };
  response: { status: number; headers: Record<string, string>; body: unknown };
}

/** Beside the development set (RESOLVER_DIR, default ../shared/resolver, as the resolver bench). */
export const RECORDINGS_DIR = join(process.env.RESOLVER_DIR ?? join(REPO_ROOT, '..', 'shared', 'resolver'), 'crossref-real');

export function loadRecordings(dir = RECORDINGS_DIR): Recording[] {
  return readdirSync(dir).filter((n) => n.endsWith('.json')).sort().map((name) => ({ name, ...(JSON.parse(readFileSync(join(dir, name), 'utf8')) as Omit<Recording, 'name'>) }));
}

/** The work records of a recording: the items of a list, the message of a single work, else none. */
export function recordedWorks(r: Recording): unknown[] {
  const message = (r.response.body as { message?: { items?: unknown[]; DOI?: unknown } } | null)?.message;
  if (!message || typeof message !== 'object') return [];
  if (Array.isArray(message.items)) return message.items;
  return 'DOI' in message ? [message] : [];
}

export interface ReplayServer {
  url: string;
  play(r: Recording): void;
  close(): Promise<void>;
}

export async function startReplay(): Promise<ReplayServer> {
  const queue: Recording[] = [];
  const server = createServer((_req, res) => {
    const r = queue.shift();
    if (!r) { res.writeHead(500); res.end('nothing queued'); return; }
    const body = typeof r.response.body === 'string' ? r.response.body : JSON.stringify(r.response.body);
    res.writeHead(r.response.status, r.response.headers);
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    play: (r) => { queue.push(r); },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
