// A registry that misbehaves on purpose, for the resolver's tests and `npm run bench:abuse`'s
// hostile-registry probe: every answer follows the mode set last.
//   huge       a 200 with a body of `hugeBytes` (default 400 MB) streamed without Content-Length
//              (generated as it is sent: the helper itself never holds it)
//   slow       a 200 whose body drips one byte every 200 ms and never ends
//   wrong      search items of which some have wrong-typed fields (DOI a number, title a string,
//              author an object), beside valid ones taken from `works`
//   starve     valid answers announcing "1 request per 600 s, 1 at once"
//   ok         valid answers (the first `works` whose title shares a word with the query)
//   polite     valid answers announcing the polite pool's 3 searches per second, 3 at once (a scarce registry)
//   laggy      as polite, each answer sent 1.5 s after its request (requests stay in flight)
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RegistryWork } from './fake-crossref/types.ts';

export type HostileMode = 'ok' | 'polite' | 'laggy' | 'huge' | 'slow' | 'wrong' | 'starve';

export interface HostileRegistry {
  url: string;
  mode: HostileMode;
  /** Bytes a `huge` answer sends. */
  hugeBytes: number;
  /** Requests received, and body bytes actually written (the `huge` answer stops when the client hangs up). */
  stats: { requests: number; bytesSent: number; arrivals: number[] };
  close(): Promise<void>;
}

/** Records with wrong types in the fields matching reads, as a broken or hostile registry might send. */
export const WRONG_RECORDS: unknown[] = [
  { DOI: 12345, title: ['A number for a DOI'] },
  { DOI: '10.1000/wrong.title', title: 'a string, not a list', author: [{ family: 'Bacon' }] },
  { DOI: '10.1000/wrong.author', title: ['Effects of daily stress'], author: { family: 'Bacon' } },
  { DOI: '10.1000/wrong.issued', title: ['Effects of daily stress'], issued: { 'date-parts': 'yesterday' } },
  null,
  'not a record',
];

const HEADERS = { 'content-type': 'application/json', 'x-rate-limit-limit': '50', 'x-rate-limit-interval': '1s', 'x-concurrency-limit': '3' };

function queryWords(req: IncomingMessage): Set<string> {
  const q = new URL(req.url ?? '/', 'http://x').searchParams.get('query.bibliographic') ?? '';
  return new Set(q.toLowerCase().split(/\W+/).filter((w) => w.length > 3));
}

export async function startHostileRegistry(works: RegistryWork[], mode: HostileMode = 'ok'): Promise<HostileRegistry> {
  const sockets = new Set<import('node:net').Socket>();
  const state: HostileRegistry = {
    url: '',
    mode,
    hugeBytes: 400 * 1024 * 1024,
    stats: { requests: 0, bytesSent: 0, arrivals: [] },
    close: () => new Promise((resolve) => { for (const s of sockets) s.destroy(); server.close(() => resolve()); }),
  };
  const valid = (req: IncomingMessage): RegistryWork[] => {
    const doi = /^\/works\/([^?]+)/.exec(req.url ?? '')?.[1];
    if (doi) return works.filter((w) => w.DOI.toLowerCase() === decodeURIComponent(doi).toLowerCase());
    const words = queryWords(req);
    return works.filter((w) => (w.title ?? []).some((t) => t.toLowerCase().split(/\W+/).some((x) => words.has(x)))).slice(0, 5);
  };
  const answer = (res: ServerResponse, headers: Record<string, string>, body: unknown) => {
    const text = JSON.stringify(body);
    state.stats.bytesSent += Buffer.byteLength(text);
    res.writeHead(200, headers);
    res.end(text);
  };
  const server = createServer((req, res) => {
    state.stats.requests++;
    state.stats.arrivals.push(Date.now());
    const lookup = /^\/works\/[^?]+/.test(req.url ?? '');
    const message = (items: unknown[]) => (lookup ? { status: 'ok', message: items[0] ?? null } : { status: 'ok', message: { items } });
    switch (state.mode) {
      case 'huge': {
        res.writeHead(200, HEADERS);
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        res.write('{"status":"ok","message":{"items":[],"padding":"');
        let sent = 0;
        const pump = () => {
          while (sent < state.hugeBytes) {
            sent += chunk.length;
            state.stats.bytesSent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end('"}}');
        };
        res.on('close', () => { sent = Infinity; });
        pump();
        return;
      }
      case 'slow': {
        res.writeHead(200, HEADERS);
        const t = setInterval(() => { state.stats.bytesSent++; res.write(' '); }, 200);
        res.on('close', () => clearInterval(t));
        return;
      }
      case 'wrong':
        return answer(res, HEADERS, message(lookup ? [WRONG_RECORDS[0]] : [...WRONG_RECORDS, ...valid(req)]));
      case 'laggy': {
        const timer = setTimeout(() => answer(res, { ...HEADERS, 'x-rate-limit-limit': '3', 'x-rate-limit-interval': '1s', 'x-concurrency-limit': '3' }, message(valid(req))), 1500);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      case 'polite':
        return answer(res, { ...HEADERS, 'x-rate-limit-limit': '3', 'x-rate-limit-interval': '1s', 'x-concurrency-limit': '3' }, message(valid(req)));
      case 'starve':
        return answer(res, { ...HEADERS, 'x-rate-limit-limit': '1', 'x-rate-limit-interval': '600s', 'x-concurrency-limit': '1' }, message(valid(req)));
      default:
        return answer(res, HEADERS, message(valid(req)));
    }
  });
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
