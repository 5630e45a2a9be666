// The engine's worker-thread pool: scan, apply and direct run off the event loop, so one large
// document never stalls other requests. From source, workers inherit execArgv (`--import tsx`, added when the
// process registered tsx through its API) and load
// engine-worker.ts beside this file; compiled, scripts/build-server.mjs puts engine-worker.js flat beside
// every bundle and chunk of dist/server, so the same relative URL finds it.
//
// Bounds (issue 11, items 3 and 5): at most `threads` workers, each with an old-generation heap cap of
// `maxHeapMb` (total engine heap ≤ threads × maxHeapMb plus young generations); workers idle for
// `idleMs` are shut down, none kept warm, so memory returns to the system after a burst; at most
// `queueMax` tasks wait for a worker, one more is refused at once (EngineError engine-busy → 503).
//
// Fair shares (issue 24, item 4): the workers are shared per account (engine-account.ts says whose task it is),
// not per key. A fair queue (fair-queue.ts) in front of piscina decides who runs: one account runs at most
// `perAccountThreads` tasks at once (default: all workers but one), waiting tasks are served round-robin across
// accounts, and one account may fill at most half the queue.
//
// Retirement (issue 22, item 6): after a task on `retireAfterBytes` or more (default 4 MB), the workers that ran it
// are retired whole: new tasks go to a fresh generation of workers at once, and the old generation is destroyed as
// soon as its last task in flight has answered, so no task is lost and none waits for it. A worker thread that ran a
// 25 MB manuscript kept 80-86 MB of V8 heap (a heap does not shrink much once grown) until its idle time-out; a
// destroyed one gives its whole heap back, and the service's RSS after /hyperlink-scan of the synthetic manuscript
// falls back to about its idle size instead of 185-270 MB. The next task starts a worker (tens of ms compiled)
// against seconds of work for the document that caused it.
import { Piscina } from 'piscina';
import type { HyperlinkSettings } from '../../shared/settings.ts';
import type { ReasonCode } from '../../shared/reasons.ts';
import type { ResolvedWork, ReviewDecision } from '../../shared/contract.ts';
import type { ScanExpectation } from '../engine/apply.ts';
import type { RewritePreview } from '../engine/preview.ts';
import type { CslStyle } from '../csl/catalog.ts';
import { currentEngineAccount, currentRequestId } from './engine-account.ts';
import { FairQueue, QueueFull } from './fair-queue.ts';
import { LARGE_JOB_BYTES } from '../common/reclaim.ts';
import type { CslItem } from '../csl/render.ts';
import type { ReferenceListInput, StyleDetectionOutcome } from '../engine/citation-style-hooks.ts';
import type { ApplyJsonOutcome, EngineFailure, EngineReply, EngineTask, EngineValue, ScanJsonOutcome, ScanOutcome, TaskLimits } from './protocol.ts';

/** How bytes cross into the worker once: shared memory (uploads, server/http/upload-buffer.ts) is shared,
 * a buffer the view owns whole is transferred (the caller loses it), anything else is copied once. */
function handOver(bytes: Uint8Array): { bytes: Uint8Array; transferList?: ArrayBuffer[] } {
  if (bytes.buffer instanceof SharedArrayBuffer) return { bytes };
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return { bytes, transferList: [bytes.buffer] };
  const copy = bytes.slice();
  return { bytes: copy, transferList: [copy.buffer] };
}

/**
 * From source, a worker loads engine-worker.ts through tsx: inherited with execArgv when this process was started
 * with `--import tsx`, else (a process that registered tsx through its API: bin/hyperlinker.mjs run from source,
 * whose command line's style worker would fail to load) given to the worker here. Compiled, nothing.
 */
function sourceWorkerArgv(): { execArgv?: string[] } {
  const argv = process.execArgv;
  const loader = /^--(?:import|loader|experimental-loader|require)$/;
  const withTsx = argv.some((a, i) => (loader.test(argv[i - 1] ?? '') && a.includes('tsx')) || /^--(?:import|loader|experimental-loader|require)=.*tsx/.test(a));
  if (!import.meta.url.endsWith('.ts') || withTsx) return {};
  return { execArgv: ['--import', import.meta.resolve('tsx')] };
}

export class EngineError extends Error {
  constructor(readonly failure: EngineFailure) {
    super(failure.message);
    this.name = 'EngineError';
  }
}

export interface EnginePoolOptions {
  threads: number;
  timeoutMs: number;
  /** Heap ceiling of one worker; a document that needs more fails alone instead of taking the server down. */
  maxHeapMb?: number;
  /** A worker idle this long is shut down (default 30 s). */
  idleMs?: number;
  /** Tasks that may wait for a worker (default 8). */
  queueMax?: number;
  /** Matches per document and scan answer bytes (defaults: 25,000 and 24 MB). */
  limits?: Partial<TaskLimits>;
  /** Input bytes from which the workers that ran a task are retired after it (default LARGE_JOB_BYTES, 4 MB). */
  retireAfterBytes?: number;
  /** Tasks one account may run at once (default: threads − 1, at least 1). */
  perAccountThreads?: number;
  /** Where each task's line goes: its request id, operation, time queued and run, outcome (the service's pino logger). */
  log?: TaskLog;
}

/** The slice of a logger the pool writes to (pino's info/warn). */
interface TaskLog {
  info(fields: Record<string, unknown>, msg: string): void;
  warn(fields: Record<string, unknown>, msg: string): void;
}

/** The default share of one account: every worker but one, so another account always finds one free or freeing. */
const defaultAccountThreads = (threads: number): number => Math.max(1, threads - 1);

const DEFAULT_HEAP_MB = 1024;

/** Young generation of an engine worker (two semi-spaces of 8 MB and the new large-object space): V8's default on
 * this heap size is 16 MB semi-spaces, 32 MB of new space committed through a large document's parse. With 8 MB
 * ones /hyperlink-apply of the synthetic 25 MB manuscript peaked 20 MB lower (bench/README.md). */
const YOUNG_GENERATION_MB = 24;

const engineBusy = (): EngineError => new EngineError({ kind: 'engine-busy', reason: 'engine_busy', message: 'every engine worker is busy and the queue is full' });
const engineTimedOut = (): EngineError => new EngineError({ kind: 'engine-failed', reason: 'timeout', message: 'engine timed out' });

export class EnginePool {
  /** The generation of workers new tasks go to. */
  private current: Piscina;
  /** Tasks in flight per generation, the current one and retired ones. */
  private readonly inFlight = new Map<Piscina, number>();
  /** Retired generations still running a task: destroyed when their last one answers. */
  private readonly retired = new Set<Piscina>();
  private readonly retireAfterBytes: number;
  private readonly limits: TaskLimits;
  private readonly fair: FairQueue;

  constructor(private readonly options: EnginePoolOptions) {
    this.current = this.generation();
    this.retireAfterBytes = options.retireAfterBytes ?? LARGE_JOB_BYTES;
    const queueMax = options.queueMax ?? 8;
    this.fair = new FairQueue({
      slots: options.threads,
      perAccount: Math.min(options.threads, options.perAccountThreads ?? defaultAccountThreads(options.threads)),
      maxWaiting: queueMax,
      maxWaitingPerAccount: Math.max(1, Math.ceil(queueMax / 2)),
    });
    this.limits = { maxMatches: options.limits?.maxMatches ?? 25_000, maxAnswerBytes: options.limits?.maxAnswerBytes ?? 24 * 1024 * 1024 };
  }

  /** A generation of workers (none started until a task comes). */
  private generation(): Piscina {
    const options = this.options;
    return new Piscina({
      filename: new URL(import.meta.url.endsWith('.ts') ? './engine-worker.ts' : './engine-worker.js', import.meta.url).href,
      ...sourceWorkerArgv(),
      minThreads: 0,
      // Idle workers wait on their message port, not parked in Atomics.wait (piscina's default): a parked worker
      // runs no timer and no V8 idle task, so it kept a large document's memory (about 170 MB of the 25 MB
      // synthetic manuscript) until its next task or its idle timeout. Awake, it collects right after a large task
      // (engine-worker.ts). The cost is a message round trip per task, microseconds against milliseconds of work.
      atomics: 'disabled',
      maxThreads: options.threads,
      idleTimeout: options.idleMs ?? 30_000,
      // The fair queue hands piscina at most `threads` tasks at once: piscina's own queue stays empty.
      maxQueue: 'auto',
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? DEFAULT_HEAP_MB, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
  }

  /** Worker threads alive now, retired ones still finishing included (0 after an idle period or a retirement). */
  get threads(): number {
    let n = this.current.threads.length;
    for (const old of this.retired) n += old.threads.length;
    return n;
  }

  /** Tasks waiting for a worker. */
  get queued(): number {
    return this.fair.queued;
  }

  /** Tasks running in a worker now. */
  get running(): number {
    return this.fair.active;
  }

  /** Scan keeps the caller's bytes usable (the resolver reads them after): shared memory is shared, anything else copied. */
  scan(bytes: Uint8Array, settings: HyperlinkSettings): Promise<ScanOutcome> {
    return this.run<ScanOutcome>({ op: 'scan', bytes, settings, limits: this.limits });
  }

  /** A scan answered as JSON bytes made in the worker (the /hyperlink-scan body); bytes as for scan. */
  scanJson(bytes: Uint8Array, settings: HyperlinkSettings): Promise<ScanJsonOutcome> {
    return this.run<ScanJsonOutcome>({ op: 'scan-json', bytes, settings, limits: this.limits });
  }

  /** Takes the bytes (see handOver: unless shared, they are transferred and unusable afterwards). With `expect`
   * (a scan token's hashes) the worker checks them on the same analysis it links, or fails with 'scan-mismatch'.
   * Answers with the ApplyResult as JSON bytes, `extraWarnings` after the engine's (see ApplyJsonOutcome). */
  apply(bytes: Uint8Array, settings: HyperlinkSettings, decisions: ReviewDecision[], options: { resolvedWorks?: Record<string, ResolvedWork>; expect?: ScanExpectation; bibliographyStyle?: CslStyle; extraWarnings?: ReasonCode[] } = {}): Promise<ApplyJsonOutcome> {
    const input = handOver(bytes);
    return this.run<ApplyJsonOutcome>({ op: 'apply', bytes: input.bytes, settings, limits: this.limits, decisions, ...options }, input.transferList);
  }

  /** Takes the bytes (see handOver: unless shared, they are transferred and unusable afterwards); answers as apply does. */
  direct(bytes: Uint8Array, settings: HyperlinkSettings, options: { resolvedWorks?: Record<string, ResolvedWork>; extraWarnings?: ReasonCode[] } = {}): Promise<ApplyJsonOutcome> {
    const input = handOver(bytes);
    return this.run<ApplyJsonOutcome>({ op: 'direct', bytes: input.bytes, settings, limits: this.limits, ...options }, input.transferList);
  }

  /** The bibliography rewrite's first `count` entries in `style`, nothing written; bytes as for scan. */
  previewRewrite(bytes: Uint8Array, settings: HyperlinkSettings, style: CslStyle, count: number, resolvedWorks?: Record<string, ResolvedWork>): Promise<RewritePreview> {
    return this.run<RewritePreview>({ op: 'preview', bytes, settings, limits: this.limits, style, count, ...(resolvedWorks ? { resolvedWorks } : {}) });
  }

  private closed = false;

  /** False once close() was called: the pool takes no more tasks (GET /readyz). */
  get alive(): boolean {
    return !this.closed;
  }

  /**
   * The resolver's style detection refined with registry metadata, in a worker (it renders candidate styles:
   * seconds when the worker's citeproc engines are cold), never on the service thread. `timeoutMs` bounds it
   * apart from the engine time-out; past it the worker is terminated and replaced (EngineError 'timeout').
   */
  refineStyle(list: ReferenceListInput, metadata: Array<CslItem | null>, timeoutMs = this.options.timeoutMs): Promise<StyleDetectionOutcome> {
    return this.run<StyleDetectionOutcome>({ op: 'style-refine', bytes: new Uint8Array(0), list, metadata }, undefined, timeoutMs);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([this.current, ...this.retired].map((workers) => workers.close({ force: true })));
  }

  /** Runs a task on the current generation; after a large one, that generation is retired (see the head of the file). */
  private async runOnWorkers(task: EngineTask, options: { signal: AbortSignal; transferList?: ArrayBuffer[] }): Promise<unknown> {
    const workers = this.current;
    this.inFlight.set(workers, (this.inFlight.get(workers) ?? 0) + 1);
    try {
      return await workers.run(task, options);
    } finally {
      const left = this.inFlight.get(workers)! - 1;
      if (left > 0) this.inFlight.set(workers, left);
      else this.inFlight.delete(workers);
      if (task.bytes.byteLength >= this.retireAfterBytes && workers === this.current && !this.closed) {
        this.current = this.generation();
        this.retired.add(workers);
      }
      if (left === 0 && this.retired.has(workers)) {
        this.retired.delete(workers);
        void workers.destroy().catch(() => undefined);
      }
    }
  }

  /** Runs a task when its account's turn comes (the time-out counts from here, waiting included). */
  private async run<T extends EngineValue>(task: EngineTask, transferList?: ArrayBuffer[], timeoutMs = this.options.timeoutMs): Promise<T> {
    const started = performance.now();
    const line = { requestId: currentRequestId(), op: task.op, bytes: task.bytes.byteLength };
    let ranAt = started;
    try {
      const value = await this.runInWorker<T>(task, transferList, timeoutMs, () => { ranAt = performance.now(); });
      this.options.log?.info({ ...line, queuedMs: Math.round(ranAt - started), ms: Math.round(performance.now() - ranAt), outcome: 'ok' }, 'engine task');
      return value;
    } catch (err) {
      const outcome = err instanceof EngineError ? err.failure.reason : 'error';
      this.options.log?.warn({ ...line, queuedMs: Math.round(ranAt - started), ms: Math.round(performance.now() - ranAt), outcome }, 'engine task failed');
      throw err;
    }
  }

  private async runInWorker<T extends EngineValue>(task: EngineTask, transferList: ArrayBuffer[] | undefined, timeoutMs: number, onGranted: () => void): Promise<T> {
    const signal = AbortSignal.timeout(timeoutMs);
    let release: () => void;
    try {
      release = await this.fair.acquire(currentEngineAccount(), signal);
    } catch (err) {
      if (err instanceof QueueFull) throw engineBusy();
      throw engineTimedOut();
    }
    onGranted();
    let reply: EngineReply<EngineValue>;
    try {
      reply = (await this.runOnWorkers(task, { signal, ...(transferList ? { transferList } : {}) })) as EngineReply<EngineValue>;
    } catch (err) {
      const code = (err as { code?: string }).code;
      const name = (err as { name?: string }).name;
      if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new EngineError({ kind: 'docx-rejected', reason: 'too-large-to-process', message: 'document needs more memory than allowed' });
      }
      if (name === 'AbortError' || name === 'TimeoutError') throw engineTimedOut();
      throw err;
    } finally {
      release();
    }
    if (!reply.ok) throw new EngineError(reply.failure);
    return reply.value as T;
  }
}
