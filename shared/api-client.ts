// A typed fetch client for every route of the service. Used by the add-in and the integration tests.
// Every call resolves to an ApiResult: the typed body on 2xx, the ErrorResponse otherwise (never throws on HTTP status).
import type {
  ApiKeyList,
  ApplyResult,
  DocsEvent,
  DocsInsightsResponse,
  ErrorResponse,
  InvitationAnswer,
  LoginResponse,
  MemberAction,
  NewApiKey,
  NewOrgKey,
  OkResponse,
  OrgAccount,
  OrgInvitationCreated,
  OrgMemberUpdated,
  OrgMembersList,
  OrgPresetCreated,
  OrgPresetList,
  OrgPresetWrite,
  OrgUsageList,
  PurchaseCompleted,
  PurchaseCreated,
  ReceivedInvitationList,
  ResolveProgressEvent,
  ResolveStartEvent,
  ResolvedWork,
  ResolverReport,
  ReviewDecision,
  ScanPacket,
  StylePreview,
} from './contract.ts';
import type { HyperlinkSettingsInput } from './settings.ts';
import { readEventStream } from './event-stream.ts';

export type ApiResult<T> =
  | { ok: true; status: number; data: T; headers: Headers }
  | { ok: false; status: number; error: ErrorResponse; headers: Headers };

export interface ClientOptions {
  baseUrl: string;
  /** sk_service_live_… key for the document routes. */
  apiKey?: string;
  /** Session token for the account routes. */
  sessionToken?: string;
  fetch?: typeof fetch;
}

type DocxInput = Uint8Array | Blob;

export interface ScanInput {
  file: DocxInput;
  settings?: HyperlinkSettingsInput;
  /** Sent verbatim as the settings field instead of JSON.stringify(settings) (e.g. to test invalid JSON). */
  settingsText?: string;
  /** Idempotency-Key header of /hyperlink, /hyperlink-apply and /hyperlink-crossref: a retry with it is never charged twice. */
  idempotencyKey?: string;
}

export interface ApplyInput extends ScanInput {
  scanToken?: string;
  scanFingerprint?: string;
  decisions: ReviewDecision[] | string;
  resolvedWorks?: Record<string, ResolvedWork>;
  cslFile?: Uint8Array;
  detectedCslId?: string;
  applyBibRewrite?: boolean;
}

/** POST /hyperlink-style-preview: one of cslFile (wins) or styleId; count 1 to 5 (default 3). */
export interface StylePreviewInput extends ScanInput {
  cslFile?: Uint8Array;
  styleId?: string;
  count?: number | string;
  /** As apply's: the works to render from the registry's record. */
  resolvedWorks?: Record<string, ResolvedWork>;
}

export interface CrossrefInput extends ScanInput {
  scanFingerprint?: string;
}

export interface CrossrefStreamHandlers {
  onStart?: (event: ResolveStartEvent) => void;
  onProgress?: (event: ResolveProgressEvent) => void;
  /** Aborting closes the connection, which cancels the resolution on the server. */
  signal?: AbortSignal;
}

export type { DocsEvent, InvitationAnswer, MemberAction, OrgAccount } from './contract.ts';

function toBlob(file: DocxInput, type: string): Blob {
  return file instanceof Blob ? file : new Blob([file as unknown as BlobPart], { type });
}

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The form every document route takes: the DOCX and, when given, the settings. */
function documentForm(input: ScanInput): FormData {
  const form = new FormData();
  form.append('file', toBlob(input.file, DOCX_TYPE), 'manuscript.docx');
  settingsPart(form, input);
  return form;
}

function settingsPart(form: FormData, input: ScanInput): void {
  const text = input.settingsText ?? (input.settings ? JSON.stringify(input.settings) : undefined);
  if (text !== undefined) form.append('settings', new Blob([text], { type: 'application/json' }));
}

function idempotencyHeader(input: ScanInput): Record<string, string> {
  return input.idempotencyKey !== undefined ? { 'Idempotency-Key': input.idempotencyKey } : {};
}

/** Joins a base address and a route path, keeping any path the base has (https://host/prefix + /hyperlink). */
function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

export class HyperlinkerClient {
  private readonly fetchImpl: typeof fetch;
  constructor(private readonly options: ClientOptions) {
    // Never call the global fetch as a method of this object: browsers reject that ("Illegal invocation").
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  }

  withApiKey(apiKey: string): HyperlinkerClient {
    return new HyperlinkerClient({ ...this.options, apiKey });
  }

  withSession(sessionToken: string): HyperlinkerClient {
    return new HyperlinkerClient({ ...this.options, sessionToken });
  }

  private async call<T>(method: string, path: string, auth: 'key' | 'session' | 'none', body?: unknown, extraHeaders: Record<string, string> = {}): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { ...extraHeaders };
    if (auth === 'key' && this.options.apiKey) headers.Authorization = `Bearer ${this.options.apiKey}`;
    if (auth === 'session' && this.options.sessionToken) headers.Authorization = this.options.sessionToken;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await this.fetchImpl(joinUrl(this.options.baseUrl, path), { method, headers, body: payload });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = { error: `Non-JSON response (${res.status})` };
    }
    if (res.ok) return { ok: true, status: res.status, data: json as T, headers: res.headers };
    return { ok: false, status: res.status, error: json as ErrorResponse, headers: res.headers };
  }

  // Document routes (API key).
  scan(input: ScanInput): Promise<ApiResult<ScanPacket>> {
    const form = documentForm(input);
    return this.call('POST', '/hyperlink-scan', 'key', form);
  }

  apply(input: ApplyInput): Promise<ApiResult<ApplyResult>> {
    const form = documentForm(input);
    if (input.scanToken !== undefined) form.append('scanToken', input.scanToken);
    if (input.scanFingerprint !== undefined) form.append('scanFingerprint', input.scanFingerprint);
    form.append('decisions', typeof input.decisions === 'string' ? input.decisions : JSON.stringify(input.decisions));
    if (input.resolvedWorks) form.append('resolvedWorks', JSON.stringify(input.resolvedWorks));
    if (input.cslFile) form.append('cslFile', toBlob(input.cslFile, 'application/xml'), 'style.csl');
    if (input.detectedCslId) form.append('detectedCslId', input.detectedCslId);
    if (input.applyBibRewrite !== undefined) form.append('applyBibRewrite', String(input.applyBibRewrite));
    return this.call('POST', '/hyperlink-apply', 'key', form, idempotencyHeader(input));
  }

  /** The first reference entries as the bibliography rewrite would write them in a style (no credit used). */
  stylePreview(input: StylePreviewInput): Promise<ApiResult<StylePreview>> {
    const form = documentForm(input);
    if (input.cslFile) form.append('cslFile', toBlob(input.cslFile, 'application/xml'), 'style.csl');
    if (input.styleId) form.append('styleId', input.styleId);
    if (input.count !== undefined) form.append('count', String(input.count));
    if (input.resolvedWorks) form.append('resolvedWorks', JSON.stringify(input.resolvedWorks));
    return this.call('POST', '/hyperlink-style-preview', 'key', form);
  }

  direct(input: ScanInput): Promise<ApiResult<ApplyResult>> {
    const form = documentForm(input);
    return this.call('POST', '/hyperlink', 'key', form, idempotencyHeader(input));
  }

  crossref(input: CrossrefInput): Promise<ApiResult<ResolverReport>> {
    const form = documentForm(input);
    if (input.scanFingerprint) form.append('scanFingerprint', input.scanFingerprint);
    return this.call('POST', '/hyperlink-crossref', 'key', form, idempotencyHeader(input));
  }

  /**
   * /hyperlink-crossref with progress: asks for the event stream, calls the handlers per event and
   * resolves to the final report (or the error event as an ErrorResponse with its status). A refusal
   * before the stream starts comes back as usual. Rejects only when the signal aborts or the network fails.
   */
  async crossrefStream(input: CrossrefInput, handlers: CrossrefStreamHandlers = {}): Promise<ApiResult<ResolverReport>> {
    const form = documentForm(input);
    if (input.scanFingerprint) form.append('scanFingerprint', input.scanFingerprint);
    const headers: Record<string, string> = { Accept: 'text/event-stream', ...idempotencyHeader(input) };
    if (this.options.apiKey) headers.Authorization = `Bearer ${this.options.apiKey}`;
    const res = await this.fetchImpl(joinUrl(this.options.baseUrl, '/hyperlink-crossref'), { method: 'POST', headers, body: form, ...(handlers.signal ? { signal: handlers.signal } : {}) });
    if (!res.ok || !res.body || !/text\/event-stream/.test(res.headers.get('content-type') ?? '')) {
      const text = await res.text();
      let json: unknown;
      try { json = text ? JSON.parse(text) : null; } catch { json = { error: `Non-JSON response (${res.status})` }; }
      if (res.ok) return { ok: true, status: res.status, data: json as ResolverReport, headers: res.headers };
      return { ok: false, status: res.status, error: json as ErrorResponse, headers: res.headers };
    }
    for await (const ev of readEventStream(res.body)) {
      const data: unknown = JSON.parse(ev.data);
      if (ev.event === 'start') handlers.onStart?.(data as ResolveStartEvent);
      else if (ev.event === 'progress') handlers.onProgress?.(data as ResolveProgressEvent);
      else if (ev.event === 'report') return { ok: true, status: res.status, data: data as ResolverReport, headers: res.headers };
      else if (ev.event === 'error') {
        const error = data as ErrorResponse;
        return { ok: false, status: Number(error.status) || 503, error, headers: res.headers };
      }
    }
    return { ok: false, status: 503, error: { error: 'Service temporarily unavailable', reason: 'resolver_stream_ended', hint: 'The stream ended without a report.' }, headers: res.headers };
  }

  // Sessions.
  login(email: string, password: string): Promise<ApiResult<LoginResponse>> {
    return this.call('POST', '/auth/login', 'none', { email, password });
  }

  logout(): Promise<ApiResult<OkResponse>> {
    return this.call('POST', '/auth/logout', 'session');
  }

  // Individual keys.
  listKeys(): Promise<ApiResult<ApiKeyList>> {
    return this.call('GET', '/api-keys', 'session');
  }

  createKey(body?: { name?: string }): Promise<ApiResult<NewApiKey>> {
    return this.call('POST', '/api-keys', 'session', body);
  }

  revokeKey(id: string): Promise<ApiResult<OkResponse>> {
    return this.call('DELETE', `/api-keys?id=${encodeURIComponent(id)}`, 'session');
  }

  /** DELETE /api-keys/self: the client's API key revokes itself (no session needed). */
  revokeOwnApiKey(): Promise<ApiResult<OkResponse>> {
    return this.call('DELETE', '/api-keys/self', 'key');
  }

  // Organisation keys, presets, usage, account, billing, members.
  listOrgKeys(includeInactive?: boolean): Promise<ApiResult<ApiKeyList>> {
    return this.call('GET', includeInactive === undefined ? '/org-keys' : `/org-keys?include_inactive=${includeInactive}`, 'session');
  }

  createOrgKey(body: { name?: string }): Promise<ApiResult<NewOrgKey>> {
    return this.call('POST', '/org-keys', 'session', body);
  }

  revokeOrgKey(keyId: string): Promise<ApiResult<OkResponse>> {
    return this.call('DELETE', '/org-keys', 'session', { key_id: keyId });
  }

  /** A page of the organisation's presets (default: page 1 of 100, every preset under the default cap). */
  listPresets(query: { page?: number | string; limit?: number | string } = {}): Promise<ApiResult<OrgPresetList>> {
    const params = new URLSearchParams();
    if (query.page !== undefined) params.set('page', String(query.page));
    if (query.limit !== undefined) params.set('limit', String(query.limit));
    const qs = params.toString();
    return this.call('GET', qs ? `/org-presets?${qs}` : '/org-presets', 'session');
  }

  createPreset(body: OrgPresetWrite): Promise<ApiResult<OrgPresetCreated>> {
    return this.call('POST', '/org-presets', 'session', body);
  }

  orgUsage(query: { page?: number | string; limit?: number | string } = {}): Promise<ApiResult<OrgUsageList>> {
    const params = new URLSearchParams();
    if (query.page !== undefined) params.set('page', String(query.page));
    if (query.limit !== undefined) params.set('limit', String(query.limit));
    const qs = params.toString();
    return this.call('GET', qs ? `/org-usage?${qs}` : '/org-usage', 'session');
  }

  org(): Promise<ApiResult<OrgAccount>> {
    return this.call('GET', '/org', 'session');
  }

  createPurchase(credits: number, idempotencyKey: string): Promise<ApiResult<PurchaseCreated>> {
    return this.call('POST', '/org-billing', 'session', { action: 'create', credits, idempotency_key: idempotencyKey });
  }

  completePurchase(purchaseId: string): Promise<ApiResult<PurchaseCompleted>> {
    return this.call('POST', '/org-billing', 'session', { action: 'complete', purchase_id: purchaseId });
  }

  /** Members; managers and owners also get the open invitations. */
  listMembers(): Promise<ApiResult<OrgMembersList>> {
    return this.call('GET', '/org-members', 'session');
  }

  changeMembers(action: MemberAction): Promise<ApiResult<OrgMemberUpdated | OrgInvitationCreated | OkResponse>> {
    return this.call('POST', '/org-members', 'session', action);
  }

  /** The signed-in user's open invitations. */
  listInvitations(): Promise<ApiResult<ReceivedInvitationList>> {
    return this.call('GET', '/org-invitations', 'session');
  }

  answerInvitation(answer: InvitationAnswer): Promise<ApiResult<OrgAccount | OkResponse>> {
    return this.call('POST', '/org-invitations', 'session', answer);
  }

  // Documentation analytics.
  docsInsights(query: { days?: number | string; limit?: number | string } = {}): Promise<ApiResult<DocsInsightsResponse>> {
    const params = new URLSearchParams();
    if (query.days !== undefined) params.set('days', String(query.days));
    if (query.limit !== undefined) params.set('limit', String(query.limit));
    const qs = params.toString();
    return this.call('GET', qs ? `/admin-docs-insights?${qs}` : '/admin-docs-insights', 'session');
  }

  sendDocsEvent(event: DocsEvent): Promise<ApiResult<OkResponse>> {
    return this.call('POST', '/docs-events', 'none', event);
  }

  openapi(): Promise<ApiResult<Record<string, unknown>>> {
    return this.call('GET', '/openapi.json', 'none');
  }
}
