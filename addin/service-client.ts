// The add-in's view of the service: shared/api-client.ts (HyperlinkerClient), with calls that throw
// ServiceError on a non-2xx answer (the shared client returns ApiResult), so the pipeline reads as
// straight-line code.
import type { ApplyResult, ErrorResponse, ResolvedWork, ResolverReport, ReviewDecision, ScanPacket, StylePreview } from '../shared/contract.ts';
import type { HyperlinkSettings } from '../shared/settings.ts';
import { HyperlinkerClient, type ApiResult } from '../shared/api-client.ts';
import { S } from './strings.ts';

export interface ServiceConnection {
  /** Base address, e.g. https://localhost:3000 (dev-server proxy) or https://api.example.org */
  baseUrl: string;
  /** sk_service_live_... */
  apiKey: string;
}

export interface ApplyRequest {
  file: Uint8Array;
  settings: HyperlinkSettings;
  scanToken: string;
  scanFingerprint: string;
  decisions: ReviewDecision[];
  resolvedWorks?: Record<string, ResolvedWork>;
  detectedCslId?: string;
  /** The author approved rewriting the reference list in detectedCslId. */
  applyBibRewrite?: boolean;
}

export class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: ErrorResponse | null,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

function describeError(status: number, body: ErrorResponse | null): string {
  if (body?.error) {
    let text = body.error;
    if (body.reason && body.reason !== body.error) text += ` (${body.reason})`;
    if (body.hint) text += `: ${body.hint}`;
    return `${text} [HTTP ${status}]`;
  }
  return S.errors.answeredHttp(status);
}

/** The answer's data, or a ServiceError whose message says in words what went wrong. */
export async function unwrap<T>(baseUrl: string, call: Promise<ApiResult<T>>): Promise<T> {
  let r: ApiResult<T>;
  try {
    r = await call;
  } catch (e) {
    throw new ServiceError(0, S.errors.notReached(baseUrl, e instanceof Error ? e.message : String(e)), null);
  }
  if (r.ok) return r.data;
  const body = r.error && typeof r.error === 'object' ? r.error : null;
  throw new ServiceError(r.status, describeError(r.status, body), body);
}

export function createServiceClient(conn: ServiceConnection, fetchImpl: typeof fetch = (...a) => fetch(...a)) {
  const baseUrl = conn.baseUrl.trim();
  const client = new HyperlinkerClient({ baseUrl, apiKey: conn.apiKey.trim(), fetch: fetchImpl });
  return {
    /** POST /hyperlink-scan */
    scan: (file: Uint8Array, settings: HyperlinkSettings): Promise<ScanPacket> => unwrap(baseUrl, client.scan({ file, settings })),
    /** POST /hyperlink-crossref as an event stream (settings doi and crossref must be true); progress per reference resolved */
    crossref: (file: Uint8Array, settings: HyperlinkSettings, scanFingerprint?: string, onProgress?: (done: number, total: number) => void): Promise<ResolverReport> =>
      unwrap(baseUrl, client.crossrefStream({ file, settings, ...(scanFingerprint ? { scanFingerprint } : {}) }, {
        onStart: (s) => onProgress?.(0, s.total),
        onProgress: (p) => onProgress?.(p.done, p.total),
      })),
    /** POST /hyperlink-apply */
    apply: (req: ApplyRequest): Promise<ApplyResult> => unwrap(baseUrl, client.apply(req)),
    /** POST /hyperlink-style-preview: the first `count` references rewritten in styleId (no credit used) */
    stylePreview: (file: Uint8Array, settings: HyperlinkSettings, styleId: string, count = 3, resolvedWorks?: Record<string, ResolvedWork>): Promise<StylePreview> =>
      unwrap(baseUrl, client.stylePreview({ file, settings, styleId, count, ...(resolvedWorks ? { resolvedWorks } : {}) })),
    /** POST /hyperlink: one step, no review */
    direct: (file: Uint8Array, settings: HyperlinkSettings): Promise<ApplyResult> => unwrap(baseUrl, client.direct({ file, settings })),
  };
}

export type ServiceClient = ReturnType<typeof createServiceClient>;
