// The engine's worker-thread pool: scan, apply and direct run off the event loop, so one large
// document never stalls other requests. From source, workers inherit execArgv (`--import tsx`) and load
// engine-worker.ts beside this file; compiled, scripts/build-server.mjs puts engine-worker.js flat beside
// every bundle and chunk of dist/server, so the same relative URL finds it.
import { Piscina } from 'piscina';
import type { HyperlinkSettings } from '../../shared/settings.ts';
import type { ApplyOutput, ResolvedWork, ReviewDecision } from '../../shared/contract.ts';
import type { ScanExpectation } from '../engine/apply.ts';
import type { EngineFailure, EngineReply, EngineTask, EngineValue, ScanJsonOutcome, ScanOutcome } from './protocol.ts';

/** How bytes cross into the worker once: shared memory (uploads, server/http/upload-buffer.ts) is shared,
 * a buffer the view owns whole is transferred (the caller loses it), anything else is copied once. */
function handOver(bytes: Uint8Array): { bytes: Uint8Array; transferList?: ArrayBuffer[] } {
  if (bytes.buffer instanceof SharedArrayBuffer) return { bytes };
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return { bytes, transferList: [bytes.buffer as ArrayBuffer] };
  const copy = bytes.slice();
  return { bytes: copy, transferList: [copy.buffer as ArrayBuffer] };
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
}

export class EnginePool {
  private readonly piscina: Piscina;

  constructor(private readonly options: EnginePoolOptions) {
    this.piscina = new Piscina({
      filename: new URL(import.meta.url.endsWith('.ts') ? './engine-worker.ts' : './engine-worker.js', import.meta.url).href,
      minThreads: 1,
      maxThreads: options.threads,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 1536 },
    });
  }

  /** Scan keeps the caller's bytes usable (the resolver reads them after): shared memory is shared, anything else copied. */
  scan(bytes: Uint8Array, settings: HyperlinkSettings): Promise<ScanOutcome> {
    return this.run<ScanOutcome>({ op: 'scan', bytes, settings });
  }

  /** A scan answered as JSON bytes made in the worker (the /hyperlink-scan body); bytes as for scan. */
  scanJson(bytes: Uint8Array, settings: HyperlinkSettings): Promise<ScanJsonOutcome> {
    return this.run<ScanJsonOutcome>({ op: 'scan-json', bytes, settings });
  }

  /** Takes the bytes (see handOver: unless shared, they are transferred and unusable afterwards). With `expect`
   * (a scan token's hashes) the worker checks them on the same analysis it links, or fails with 'scan-mismatch'. */
  apply(bytes: Uint8Array, settings: HyperlinkSettings, decisions: ReviewDecision[], resolvedWorks?: Record<string, ResolvedWork>, expect?: ScanExpectation): Promise<ApplyOutput> {
    const input = handOver(bytes);
    return this.run<ApplyOutput>({ op: 'apply', bytes: input.bytes, settings, decisions, ...(resolvedWorks ? { resolvedWorks } : {}), ...(expect ? { expect } : {}) }, input.transferList);
  }

  /** Takes the bytes (see handOver: unless shared, they are transferred and unusable afterwards). */
  direct(bytes: Uint8Array, settings: HyperlinkSettings, resolvedWorks?: Record<string, ResolvedWork>): Promise<ApplyOutput> {
    const input = handOver(bytes);
    return this.run<ApplyOutput>({ op: 'direct', bytes: input.bytes, settings, ...(resolvedWorks ? { resolvedWorks } : {}) }, input.transferList);
  }

  async close(): Promise<void> {
    await this.piscina.close({ force: true });
  }

  private async run<T extends EngineValue>(task: EngineTask, transferList?: ArrayBuffer[]): Promise<T> {
    let reply: EngineReply<EngineValue>;
    try {
      reply = (await this.piscina.run(task, { signal: AbortSignal.timeout(this.options.timeoutMs), ...(transferList ? { transferList } : {}) })) as EngineReply<EngineValue>;
    } catch (err) {
      const code = (err as { code?: string }).code;
      const name = (err as { name?: string }).name;
      if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new EngineError({ kind: 'docx-rejected', reason: 'too-large-to-process', message: 'document needs more memory than allowed' });
      }
      if (name === 'AbortError' || name === 'TimeoutError') {
        throw new EngineError({ kind: 'engine-failed', reason: 'timeout', message: 'engine timed out' });
      }
      throw err;
    }
    if (!reply.ok) throw new EngineError(reply.failure);
    return reply.value as T;
  }
}
