// The engine's worker-thread pool: scan, apply and direct run off the event loop, so one large
// document never stalls other requests. From source, workers inherit execArgv (`--import tsx`) and load
// engine-worker.ts beside this file; compiled, scripts/build-server.mjs puts engine-worker.js flat beside
// every bundle and chunk of dist/server, so the same relative URL finds it.
import { Piscina } from 'piscina';
import type { HyperlinkSettings } from '../../shared/settings.ts';
import type { ApplyOutput, ResolvedWork, ReviewDecision } from '../../shared/contract.ts';
import type { ScanExpectation } from '../engine/apply.ts';
import type { EngineFailure, EngineReply, EngineTask, EngineValue, ScanOutcome } from './protocol.ts';

/** The bytes as a view that owns its whole buffer, so the buffer can be transferred to the worker (a view
 * into a shared or pooled buffer is copied once, which only small uploads are). */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice();
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

  scan(bytes: Uint8Array, settings: HyperlinkSettings): Promise<ScanOutcome> {
    return this.run<ScanOutcome>({ op: 'scan', bytes, settings });
  }

  /** Takes the bytes: they are transferred to the worker and unusable afterwards. With `expect` (a scan
   * token's hashes) the worker checks them on the same analysis it links, and fails with 'scan-mismatch'. */
  apply(bytes: Uint8Array, settings: HyperlinkSettings, decisions: ReviewDecision[], resolvedWorks?: Record<string, ResolvedWork>, expect?: ScanExpectation): Promise<ApplyOutput> {
    const owned = ownBuffer(bytes);
    return this.run<ApplyOutput>({ op: 'apply', bytes: owned, settings, decisions, ...(resolvedWorks ? { resolvedWorks } : {}), ...(expect ? { expect } : {}) }, [owned.buffer as ArrayBuffer]);
  }

  /** Takes the bytes: they are transferred to the worker and unusable afterwards. */
  direct(bytes: Uint8Array, settings: HyperlinkSettings, resolvedWorks?: Record<string, ResolvedWork>): Promise<ApplyOutput> {
    const owned = ownBuffer(bytes);
    return this.run<ApplyOutput>({ op: 'direct', bytes: owned, settings, ...(resolvedWorks ? { resolvedWorks } : {}) }, [owned.buffer as ArrayBuffer]);
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
