// A ServiceClient without the network for the add-in's hook and view tests: each call is recorded with
// the abort signal of its step, and answered by a function the test sets (by default a scan of the
// fixture packet, an apply that returns the given DOCX). deferred() holds an answer back so that a test
// can look at the pane while a step is under way, then let it finish or fail.
import type { ApplyResult, ResolvedWork, ScanPacket, StylePreview } from '../../shared/contract.ts';
import type { HyperlinkSettings } from '../../shared/settings.ts';
import type { ApplyRequest, ServiceClient, ServiceConnection } from '../../addin/service-client.ts';

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(e: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export interface FakeService {
  /** Pass to useWorkflow / App as clientFor. */
  clientFor: (connection: ServiceConnection, signal: AbortSignal) => ServiceClient;
  /** Pass to useStylePreview as its client factory. */
  client: (signal: AbortSignal) => ServiceClient;
  calls: {
    scan: { file: Uint8Array; settings: HyperlinkSettings; signal: AbortSignal; connection: ServiceConnection | null }[];
    apply: (ApplyRequest & { signal: AbortSignal })[];
    stylePreview: { styleId: string; signal: AbortSignal; resolvedWorks?: Record<string, ResolvedWork> }[];
  };
  answer: {
    scan: (file: Uint8Array, settings: HyperlinkSettings) => Promise<ScanPacket>;
    apply: (req: ApplyRequest) => Promise<ApplyResult>;
    stylePreview: (styleId: string) => Promise<StylePreview>;
  };
}

export function fakeService(packet: () => ScanPacket, outputDocx?: Uint8Array): FakeService {
  const calls: FakeService['calls'] = { scan: [], apply: [], stylePreview: [] };
  const svc: FakeService = {
    calls,
    answer: {
      scan: async () => packet(),
      apply: async (req) => ({ docx: Buffer.from(outputDocx ?? req.file).toString('base64'), linkCount: req.decisions.filter((d) => d.status !== 'skipped').length, statCounts: { citations: 1 } }),
      stylePreview: async (styleId) => ({ cslId: styleId, family: 'author-date', total: 1, entries: [], warnings: [] }),
    },
    clientFor: (connection, signal) => make(signal, connection),
    client: (signal) => make(signal, null),
  };
  function make(signal: AbortSignal, connection: ServiceConnection | null): ServiceClient {
    return {
      scan: (file, settings) => {
        calls.scan.push({ file, settings, signal, connection });
        return svc.answer.scan(file, settings);
      },
      crossref: () => Promise.reject(new Error('crossref is not used by these tests (settings.crossref is off)')),
      apply: (req) => {
        calls.apply.push({ ...req, signal });
        return svc.answer.apply(req);
      },
      stylePreview: (_file, _settings, styleId, _count, resolvedWorks) => {
        calls.stylePreview.push({ styleId, signal, ...(resolvedWorks ? { resolvedWorks } : {}) });
        return svc.answer.stylePreview(styleId);
      },
      direct: () => Promise.reject(new Error('direct is not used by the pane')),
    };
  }
  return svc;
}
