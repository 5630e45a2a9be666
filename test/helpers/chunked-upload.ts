// A multipart upload sent with Transfer-Encoding: chunked (no Content-Length), its parts generated as they are
// written: the shape of issue 24's field bomb (30 text fields of 8 MB) or of a file with no end. Reports what the
// server answered, how many body bytes the client had written by then, and whether the server closed the
// connection. Used by the upload-bounds integration suite and bench:abuse.
import { request } from 'node:http';

export interface ChunkedPart {
  name: string;
  /** With a filename the part is a file part. */
  filename?: string;
  /** Bytes of the part's content: `content` once, or `size` bytes of 'a'. */
  content?: Uint8Array;
  size?: number;
}

export interface ChunkedOutcome {
  status: number;
  reason: string | null;
  /** Body bytes the client had written when the answer's head arrived (or when it gave up). */
  writtenAtAnswer: number;
  ms: number;
  /** The answer said Connection: close. */
  closes: boolean;
  body: string;
}

const BOUNDARY = '----hyperlinkerchunked';

function* bodyOf(parts: ChunkedPart[]): Generator<Uint8Array> {
  const filler = Buffer.alloc(64 * 1024, 0x61);
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${part.filename ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`);
    if (part.content) yield part.content;
    for (let sent = 0; sent < (part.size ?? 0); sent += filler.length) yield filler.subarray(0, Math.min(filler.length, (part.size ?? 0) - sent));
    yield Buffer.from('\r\n');
  }
  yield Buffer.from(`--${BOUNDARY}--\r\n`);
}

/** Sends `parts` to `url` chunked; gives up (status 0) after `timeoutMs`. */
export function sendChunkedMultipart(url: string, parts: ChunkedPart[], headers: Record<string, string> = {}, timeoutMs = 60_000): Promise<ChunkedOutcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    let written = 0;
    let settled = false;
    const done = (outcome: Omit<ChunkedOutcome, 'ms'>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, ms: performance.now() - started });
    };
    const req = request(url, { method: 'POST', agent: false, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'transfer-encoding': 'chunked' } }, (res) => {
      const writtenAtAnswer = written;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      const finish = (): void => {
        const body = Buffer.concat(chunks).toString();
        let reason: string | null = null;
        try {
          reason = (JSON.parse(body) as { reason?: string }).reason ?? null;
        } catch {
          reason = null;
        }
        done({ status: res.statusCode ?? 0, reason, writtenAtAnswer, closes: /close/i.test(String(res.headers.connection ?? '')), body: body.slice(0, 2000) });
        req.destroy();
      };
      res.on('end', finish);
      res.on('error', finish);
    });
    // Writing into a connection the server closed after answering fails (EPIPE, ECONNRESET): the answer decides.
    req.on('error', () => setTimeout(() => done({ status: 0, reason: null, writtenAtAnswer: written, closes: false, body: '' }), 200));
    const timer = setTimeout(() => {
      done({ status: 0, reason: null, writtenAtAnswer: written, closes: false, body: '' });
      req.destroy();
    }, timeoutMs);
    const source = bodyOf(parts);
    const pump = (): void => {
      while (!settled && !req.destroyed) {
        const next = source.next();
        if (next.done) {
          req.end();
          return;
        }
        written += next.value.length;
        if (!req.write(next.value)) {
          req.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

/** Issue 24's field bomb: a small file part, then `fields` text fields of `fieldBytes` each. */
export function fieldBomb(file: Uint8Array, fields = 30, fieldBytes = 8 * 1024 * 1024): ChunkedPart[] {
  return [{ name: 'file', filename: 'm.docx', content: file }, ...Array.from({ length: fields }, (_, i) => ({ name: `f${i}`, size: fieldBytes }))];
}
