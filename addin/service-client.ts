// Typed calls to the Hyperlinker service's document routes, for the add-in.
// Stand-in for shared/api-client.ts (being written by the service engineer): same function shapes,
// scan(file, settings), apply({...}), direct(file, settings), crossref(file, settings, fingerprint),
// so the lead can swap the import when that module lands.
import type { ApplyResult, ErrorResponse, ResolvedWork, ResolverReport, ReviewDecision, ScanPacket } from '../shared/contract.ts';
import type { HyperlinkSettings } from '../shared/settings.ts';

export interface ServiceConnection {
  /** Base address, e.g. https://localhost:3000/svc (dev-server proxy) or https://api.example.org */
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

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function docxBlob(file: Uint8Array): Blob {
  return new Blob([file as Uint8Array<ArrayBuffer>], { type: DOCX_TYPE });
}

function settingsBlob(settings: HyperlinkSettings): Blob {
  return new Blob([JSON.stringify(settings)], { type: 'application/json' });
}

function describe(status: number, body: ErrorResponse | null, text: string): string {
  if (body?.error) {
    const parts = [body.error];
    if (body.reason && body.reason !== body.error) parts.push(`(${body.reason})`);
    if (body.hint) parts.push(`: ${body.hint}`);
    return `${parts.join(' ')} [HTTP ${status}]`;
  }
  if (status === 0) return 'The service could not be reached. Check the service URL.';
  return `HTTP ${status}${text ? `: ${text.slice(0, 200)}` : ''}`;
}

/** The terminal JSON object of a response; heavy routes may stream progress lines before it. */
export function lastJsonObject(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const lines = text.split(/\r?\n/).map((l) => l.replace(/^data:\s*/, '').trim()).filter(Boolean);
    for (let i = lines.length - 1; i >= 0; i--) {
      try {
        return JSON.parse(lines[i]!);
      } catch {
        /* progress line */
      }
    }
    throw new Error('The service answered with no JSON.');
  }
}

export function createServiceClient(conn: ServiceConnection, fetchImpl: typeof fetch = (...a) => fetch(...a)) {
  const base = conn.baseUrl.replace(/\/+$/, '');

  async function post<T>(path: string, form: FormData): Promise<T> {
    let res: Response;
    try {
      res = await fetchImpl(`${base}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${conn.apiKey}`, Accept: 'application/json' },
        body: form,
      });
    } catch (e) {
      throw new ServiceError(0, `The service at ${base} could not be reached (${e instanceof Error ? e.message : String(e)}).`, null);
    }
    const text = await res.text();
    let body: unknown = null;
    try {
      body = lastJsonObject(text);
    } catch {
      body = null;
    }
    if (!res.ok) {
      const err = body && typeof body === 'object' ? (body as ErrorResponse) : null;
      throw new ServiceError(res.status, describe(res.status, err, text), err);
    }
    if (body === null || typeof body !== 'object') throw new ServiceError(res.status, 'The service answered with no JSON.', null);
    return body as T;
  }

  function documentForm(file: Uint8Array, settings: HyperlinkSettings): FormData {
    const form = new FormData();
    form.append('file', docxBlob(file), 'document.docx');
    form.append('settings', settingsBlob(settings));
    return form;
  }

  return {
    /** POST /hyperlink-scan */
    scan(file: Uint8Array, settings: HyperlinkSettings): Promise<ScanPacket> {
      return post<ScanPacket>('/hyperlink-scan', documentForm(file, settings));
    },
    /** POST /hyperlink-crossref (settings doi and crossref must be true) */
    crossref(file: Uint8Array, settings: HyperlinkSettings, scanFingerprint?: string): Promise<ResolverReport> {
      const form = documentForm(file, settings);
      if (scanFingerprint) form.append('scanFingerprint', scanFingerprint);
      return post<ResolverReport>('/hyperlink-crossref', form);
    },
    /** POST /hyperlink-apply */
    apply(req: ApplyRequest): Promise<ApplyResult> {
      const form = documentForm(req.file, req.settings);
      form.append('scanToken', req.scanToken);
      form.append('scanFingerprint', req.scanFingerprint);
      form.append('decisions', JSON.stringify(req.decisions));
      if (req.resolvedWorks) form.append('resolvedWorks', JSON.stringify(req.resolvedWorks));
      if (req.detectedCslId) form.append('detectedCslId', req.detectedCslId);
      return post<ApplyResult>('/hyperlink-apply', form);
    },
    /** POST /hyperlink: one step, no review */
    direct(file: Uint8Array, settings: HyperlinkSettings): Promise<ApplyResult> {
      return post<ApplyResult>('/hyperlink', documentForm(file, settings));
    },
  };
}

export type ServiceClient = ReturnType<typeof createServiceClient>;
