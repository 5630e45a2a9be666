// The command line's style detection in a worker thread of its own (the engine pool's worker, one thread). The
// resolver detects while the last references still wait for the registry's rate limit (server/resolver/resolve.ts);
// on the command's own thread detection (seconds on a long list) would hold those requests back for as long. The
// thread starts when asked to warm up (the first answer from the registry: a resolve from the cache starts none)
// or at the first detection, and ends with the command (or with the caller that keeps it across manuscripts).
import type { StyleRefiner } from '../resolver/style-cache.ts';
import { refineStyleDetection } from '../citation-style/index.ts';
import { EngineError, EnginePool } from '../worker/pool.ts';

/** Long enough for a first run that builds the style profiles (a minute on a busy machine); past it, no style. */
const STYLE_TIMEOUT_MS = 5 * 60_000;
/** The thread is ended after this long without a detection (close() ends it at once). */
const IDLE_MS = 5 * 60_000;

export interface StyleWorker {
  refine: StyleRefiner;
  /** Starts the thread and loads the detector, so that the first detection does not wait for it. */
  warm(): void;
  close(): Promise<void>;
}

export function styleWorker(timeoutMs = STYLE_TIMEOUT_MS): StyleWorker {
  let pool: EnginePool | null = null;
  let warming: Promise<unknown> | null = null;
  // A worker kept across manuscripts (a batch, the bench) keeps its thread, its detector and its citeproc engines
  // warm between them: they are seconds of CPU to load again.
  const started = () => (pool ??= new EnginePool({ threads: 1, timeoutMs, queueMax: 2, idleMs: IDLE_MS }));
  return {
    // A worker that cannot run (it failed to load, it died) costs time, not the answer: detected here instead.
    refine: (list, metadata) =>
      started().refineStyle(list, metadata).catch((err: unknown) => {
        if (err instanceof EngineError && err.failure.reason === 'timeout') throw err;
        return refineStyleDetection(list, metadata);
      }),
    warm() {
      // An empty list loads the detector's modules in the worker and detects nothing.
      warming ??= started().refineStyle({ entries: [], citeStyle: 'off' }, []).catch(() => undefined);
    },
    async close() {
      await warming;
      await pool?.close();
    },
  };
}
