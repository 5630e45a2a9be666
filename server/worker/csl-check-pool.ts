// Uploaded CSL styles are checked off the service thread (issue 24, item 1): one worker thread of its own
// (csl-check-worker.ts), apart from the engine pool, with a wall-clock cap and a heap cap. A style that passes
// either (citeproc looping, or building something huge) has its worker terminated and replaced, and is
// refused with the limit named. Results are cached by the file's hash, accepted styles bounded in bytes and
// refusals in number, so resending a file costs a hash, not a check
// (a time-out is not remembered: it may be the machine's load). Only the size is read on this thread.
import { Piscina } from 'piscina';
import type { CslFileReason } from '../../shared/contract.ts';
import type { CslStyle } from '../csl/catalog.ts';
import { CslFileError, MAX_CSL_BYTES } from '../csl/csl-file.ts';
import { sha256Hex } from '../common/hash.ts';

/** The csl-check worker's answer: the checked style, or why it was refused, as plain data. */
export type CslCheckReply = { ok: true; style: CslStyle } | { ok: false; reason: CslFileReason; message: string };

/** What the service needs of a CSL checker (the pool, or a direct call in unit tests). */
export interface CslChecker {
  /** The checked style; throws CslFileError naming the problem (`csl_check_busy` when no check can start now). */
  check(bytes: Uint8Array): Promise<CslStyle>;
}

export interface CslCheckPoolOptions {
  /** Wall-clock cap of one check in the worker, its start included, its wait for a turn not (default 30 s: building
   * chicago-author-date's engine took 16 s on this shared 2-core machine at load 23). */
  timeoutMs?: number;
  /** Old-generation heap cap of the check worker (default 192 MB). */
  maxHeapMb?: number;
  /** Checks that may wait for the worker (default 4); one more is refused with `csl_check_busy`. */
  queueMax?: number;
  /** The worker is shut down after this long idle (default 30 s). */
  idleMs?: number;
  /** Style XML kept of accepted files (default 4 MB; a style is at most 256 KB). */
  acceptedBytes?: number;
  /** Refused files remembered (default 512). */
  refusedCount?: number;
}

export class CslCheckPool implements CslChecker {
  private readonly piscina: Piscina;
  private readonly timeoutMs: number;
  private readonly accepted = new Map<string, CslStyle>();
  private acceptedBytes = 0;
  private readonly refused = new Map<string, { reason: CslFileReason; message: string }>();
  private readonly running = new Map<string, Promise<CslStyle>>();
  private queue: Promise<void> = Promise.resolve();
  /** Checks run in the worker (not answered from the cache): tests and the bench read it. */
  checksRun = 0;

  constructor(private readonly options: CslCheckPoolOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.piscina = new Piscina({
      filename: new URL(import.meta.url.endsWith('.ts') ? './csl-check-worker.ts' : './csl-check-worker.js', import.meta.url).href,
      minThreads: 0,
      maxThreads: 1,
      atomics: 'disabled',
      idleTimeout: options.idleMs ?? 30_000,
      // the queue is bounded by check() itself (distinct files in flight), exactly, whatever piscina counts
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 192, maxYoungGenerationSizeMb: 16 },
    });
  }

  /** Worker threads alive now. */
  get threads(): number {
    return this.piscina.threads.length;
  }

  async check(bytes: Uint8Array): Promise<CslStyle> {
    if (bytes.length === 0) throw new CslFileError('csl_empty', 'cslFile is empty');
    if (bytes.length > MAX_CSL_BYTES) throw new CslFileError('csl_too_large', `cslFile is larger than ${MAX_CSL_BYTES} bytes`);
    const hash = sha256Hex(bytes);
    const known = this.accepted.get(hash);
    if (known) {
      this.accepted.delete(hash);
      this.accepted.set(hash, known);
      return known;
    }
    const refusal = this.refused.get(hash);
    if (refusal) throw new CslFileError(refusal.reason, refusal.message);
    let pending = this.running.get(hash);
    if (!pending) {
      if (this.running.size >= 1 + (this.options.queueMax ?? 4)) throw new CslFileError('csl_check_busy', 'every CSL check is busy; retry in a few seconds');
      pending = this.runCheck(hash, bytes).finally(() => this.running.delete(hash));
      this.running.set(hash, pending);
    }
    return pending;
  }

  async close(): Promise<void> {
    await this.piscina.close({ force: true });
  }

  private async runCheck(hash: string, bytes: Uint8Array): Promise<CslStyle> {
    // One check at a time (one worker): the time cap starts when the check does, not while it waits its turn.
    const turn = this.queue.then(() => this.runInWorker(hash, bytes));
    this.queue = turn.then(() => undefined, () => undefined);
    return turn;
  }

  private async runInWorker(hash: string, bytes: Uint8Array): Promise<CslStyle> {
    let reply: CslCheckReply;
    try {
      this.checksRun += 1;
      reply = (await this.piscina.run({ bytes: bytes.slice() }, { signal: AbortSignal.timeout(this.timeoutMs) })) as CslCheckReply;
    } catch (err) {
      const code = (err as { code?: string }).code;
      const name = (err as { name?: string }).name;
      if (code === 'ERR_WORKER_OUT_OF_MEMORY') reply = { ok: false, reason: 'csl_render_memory', message: `cslFile needs more than ${this.options.maxHeapMb ?? 192} MB to build and render` };
      else if (name === 'AbortError' || name === 'TimeoutError') reply = { ok: false, reason: 'csl_render_timeout', message: `cslFile took longer than ${this.timeoutMs} ms to check and render` };
      else throw err;
    }
    if (reply.ok) {
      this.remember(hash, reply.style);
      return reply.style;
    }
    // A time-out may be the machine's load, not the file's: only the file's own faults are remembered.
    if (reply.reason !== 'csl_render_timeout') {
      if (this.refused.size >= (this.options.refusedCount ?? 512)) this.refused.delete(this.refused.keys().next().value as string);
      this.refused.set(hash, { reason: reply.reason, message: reply.message });
    }
    throw new CslFileError(reply.reason, reply.message);
  }

  private remember(hash: string, style: CslStyle): void {
    const limit = this.options.acceptedBytes ?? 4 * 1024 * 1024;
    while (this.accepted.size > 0 && this.acceptedBytes + style.xml.length > limit) {
      const [oldest, dropped] = this.accepted.entries().next().value as [string, CslStyle];
      this.accepted.delete(oldest);
      this.acceptedBytes -= dropped.xml.length;
    }
    this.accepted.set(hash, style);
    this.acceptedBytes += style.xml.length;
  }
}
