// The OpenAPI 3.1 document of the service, served at GET /openapi.json. HyperlinkSettings comes from
// the zod schema (z.toJSONSchema); the other schemas mirror the contract types of shared/contract.ts.
import { z } from 'zod';
import { API_VERSION, MAX_DOCX_BYTES } from './contract.ts';
import { hyperlinkSettingsSchema } from './settings.ts';

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const str: Schema = { type: 'string' };
const int: Schema = { type: 'integer' };
const bool: Schema = { type: 'boolean' };
const dateTime: Schema = { type: 'string', format: 'date-time' };
const nullable = (s: Schema): Schema => ({ anyOf: [s, { type: 'null' }] });
const obj = (properties: Record<string, Schema>, required: string[] = [], extra = true): Schema => ({ type: 'object', properties, required, additionalProperties: extra });
const arr = (items: Schema): Schema => ({ type: 'array', items });
const count: Schema = obj({ key: str, count: int }, ['key', 'count'], false);

function settingsSchema(): Schema {
  const schema = z.toJSONSchema(hyperlinkSettingsSchema, { io: 'input', target: 'draft-2020-12' }) as Schema;
  delete schema.$schema;
  return schema;
}

const schemas: Record<string, Schema> = {
  HyperlinkSettings: settingsSchema(),
  Location: obj({ part: str, paragraph: int, start: int, end: int }, ['part', 'paragraph', 'start', 'end']),
  ReviewMatch: obj(
    { refId: str, sourceText: str, status: { enum: ['ready', 'unmatched', 'low_confidence', 'held', 'identity_change'] }, targetId: str, kind: str, confidence: { type: 'number' }, label: str, location: ref('Location') },
    ['refId', 'sourceText', 'status', 'targetId', 'kind', 'confidence'],
  ),
  ReviewTarget: obj({ targetId: str, label: str, type: str, kind: str, text: str }, ['targetId', 'label', 'type']),
  ScanPacket: obj(
    {
      scanFingerprint: { type: 'string', pattern: '^sha256:[0-9a-f]+$' },
      scanToken: str,
      summary: obj({ estimatedLinkCount: int, unmatchedCount: int, targetCount: int }),
      matches: arr(ref('ReviewMatch')),
      targets: arr(ref('ReviewTarget')),
      synchronizedCitationUpdatesEnabled: bool,
      persistedMetadata: nullable(obj({})),
    },
    ['scanFingerprint', 'matches', 'targets'],
  ),
  ReviewDecision: obj({ refId: str, status: { enum: ['approved', 'skipped', 'retargeted', 'link_only'] }, targetId: str, doi: str, reason: str, note: str }, ['refId', 'status']),
  ReferenceCandidate: obj({ refId: str, index: int, refText: str, refTextHtml: str, author: nullable(str), year: nullable(str), title: nullable(str), existingDoi: nullable(str), existingUrl: nullable(str), status: { enum: ['ready', 'low_confidence', 'unmatched', 'held'] }, reasons: arr(str), existingDoiCheck: { enum: ['verified', 'contradicted', 'not_found', 'unchecked'] } }),
  ResolvedWork: obj(
    {
      doi: str, title: str, confidence: { type: 'number' }, citationImpact: str, transactionPlan: nullable(obj({})),
      year: nullable(str), containerTitle: nullable(str), source: str, approved: bool,
      status: { enum: ['ready', 'low_confidence', 'unmatched', 'held'] }, reasons: arr(str),
      identityChange: obj({ writtenDoi: str, registryTitle: nullable(str), notFound: bool, betterDoi: nullable(str) }, ['writtenDoi', 'registryTitle', 'notFound']),
      updates: arr(obj({ type: str, noticeDoi: str, date: nullable(str), source: str }, ['type', 'noticeDoi', 'date'])),
    },
  ),
  ResolverReport: obj({
    scanFingerprint: str,
    scanToken: str,
    references: arr(ref('ReferenceCandidate')),
    resolvedWorks: { type: 'object', additionalProperties: ref('ResolvedWork') },
    detectedCslId: nullable(str),
    styleDetection: nullable(obj({})),
    resolverReport: obj({ resolved: int, reviewRequired: int, unresolved: int }),
  }),
  ResolveStart: obj({ total: int, scanFingerprint: str }, ['total', 'scanFingerprint']),
  ResolveProgress: obj(
    { done: int, total: int, refId: str, status: { enum: ['ready', 'low_confidence', 'unmatched', 'held'] }, doi: nullable(str), confidence: nullable({ type: 'number' }), cached: bool },
    ['done', 'total', 'refId', 'status', 'doi', 'confidence', 'cached'],
  ),
  ApplyResult: obj(
    { docx: { type: 'string', contentEncoding: 'base64' }, linkCount: int, statCounts: { type: 'object', additionalProperties: int }, stats: obj({}), unmatched: arr(obj({})), appliedDecisions: int, warnings: arr({}) },
    ['docx', 'linkCount'],
  ),
  ApiKey: obj({ id: str, name: str, key_prefix: str, prefix: str, is_active: bool, last_used_at: nullable(dateTime), total_docs_processed: int, created_at: dateTime, expires_at: nullable(dateTime) }),
  ApiKeyList: obj({ keys: arr(ref('ApiKey')) }, ['keys'], false),
  CreateKeyRequest: obj({ name: { type: 'string', maxLength: 100 } }),
  NewApiKey: obj({ key: str, id: str, name: str, prefix: str, created_at: dateTime, trial_credits_granted: int, api_credits: int }, ['key', 'id', 'name', 'prefix', 'created_at', 'trial_credits_granted', 'api_credits'], false),
  NewOrgKey: obj({ key: str, id: str, name: str, key_prefix: str, created_at: dateTime }, ['key', 'id', 'name', 'key_prefix', 'created_at'], false),
  OkResponse: obj({ ok: bool, success: bool }, ['ok', 'success'], false),
  OrgPreset: obj({ id: str, name: str, settings: ref('HyperlinkSettings'), created_at: dateTime, updated_at: dateTime }, ['id', 'name', 'settings', 'created_at', 'updated_at']),
  OrgPresetList: obj({ presets: arr(ref('OrgPreset')) }, ['presets'], false),
  OrgPresetWrite: obj({ name: { type: 'string', minLength: 1, maxLength: 100 }, settings: ref('HyperlinkSettings') }, ['name', 'settings'], false),
  OrgPresetCreated: obj({ preset: ref('OrgPreset') }, ['preset'], false),
  OrgUsageList: obj({ usage: arr(obj({})), total: int, page: int, limit: int }, ['usage', 'total', 'page', 'limit'], false),
  DocsInsightCount: count,
  DocsInsightsSummary: obj(
    {
      generated_at: dateTime,
      total_events: int,
      unique_sessions: int,
      by_type: { type: 'object', additionalProperties: int },
      top_pages: arr(ref('DocsInsightCount')),
      top_searches: arr(ref('DocsInsightCount')),
      zero_result_searches: arr(ref('DocsInsightCount')),
      playground: obj({ responses_by_status: { type: 'object', additionalProperties: int }, top_errors: arr(ref('DocsInsightCount')) }, ['responses_by_status', 'top_errors'], false),
      feedback: obj({ yes: int, no: int }, ['yes', 'no'], false),
      recent: arr(obj({ event_type: str, path: str, detail: obj({}), created_at: nullable(dateTime) }, ['event_type', 'path', 'detail', 'created_at'], false)),
    },
    ['generated_at', 'total_events', 'unique_sessions', 'by_type', 'top_pages', 'top_searches', 'zero_result_searches', 'playground', 'feedback', 'recent'],
    false,
  ),
  DocsInsightsResponse: obj({ window_days: int, limit: int, insights: ref('DocsInsightsSummary') }, ['window_days', 'limit', 'insights'], false),
  ErrorResponse: obj({ error: str, reason: nullable(str), hint: str, status: str, requestId: str, retry_after: int, retryAfter: int, count: int, limit: int }, ['error']),
};

const errorResponses = (codes: number[]): Record<string, Schema> => {
  const out: Record<string, Schema> = {};
  for (const code of codes) out[String(code)] = { description: `Error ${code}`, content: { 'application/json': { schema: ref('ErrorResponse') } } };
  out.default = { description: 'Processing failed', content: { 'application/json': { schema: ref('ErrorResponse') } } };
  return out;
};

const json = (schema: Schema, description = 'OK'): Schema => ({ description, content: { 'application/json': { schema } } });
const multipart = (properties: Record<string, Schema>, required: string[]): Schema => ({
  required: true,
  content: {
    'multipart/form-data': {
      schema: { type: 'object', properties, required },
      encoding: { settings: { contentType: 'application/json' } },
    },
  },
});
const file: Schema = { type: 'string', format: 'binary', description: `DOCX, at most ${MAX_DOCX_BYTES} bytes` };
const settingsField: Schema = { type: 'string', description: 'JSON HyperlinkSettings' };
const bearer = [{ apiKey: [] }];
const session = [{ session: [] }];
const jsonBody = (schema: Schema, required = true): Schema => ({ required, content: { 'application/json': { schema } } });
const intParam = (name: string, min: number, max: number, dflt: number): Schema => ({ name, in: 'query', schema: { type: 'integer', minimum: min, maximum: max, default: dflt } });

/** An open invitation as the inviting organisation sees it. */
const invitation: Schema = obj({ id: str, email: str, role: { enum: ['owner', 'manager', 'member'] }, status: { enum: ['pending'] }, created_at: dateTime, expires_at: dateTime }, ['id', 'email', 'role', 'status', 'created_at', 'expires_at']);

const RESOLVE_STREAM =
  'Resolves every bibliography entry against Crossref. With Accept: text/event-stream the answer is a stream of server-sent events: ' +
  '`event: start` (ResolveStart), one `event: progress` per reference resolved (ResolveProgress), and a final `event: report` (the ResolverReport) ' +
  'or `event: error` (an ErrorResponse with its status). Refusals before the resolution starts (401, 402, 403, 400, 413, 429, 503 resolver_unavailable) are plain JSON. ' +
  'Closing the connection cancels the resolution.';

const paths: Record<string, Schema> = {
  '/hyperlink-scan': { post: { security: bearer, requestBody: multipart({ file, settings: settingsField }, ['file']), responses: { '200': json(ref('ScanPacket')), ...errorResponses([400, 401, 408, 413, 422, 429, 503]) } } },
  '/hyperlink-crossref': {
    post: {
      security: bearer,
      description: RESOLVE_STREAM,
      parameters: [{ name: 'Accept', in: 'header', schema: { enum: ['application/json', 'text/event-stream'] }, description: 'text/event-stream: progress as server-sent events, then the report' }],
      requestBody: multipart({ file, settings: settingsField, scanFingerprint: str }, ['file']),
      responses: {
        '200': {
          description: 'The ResolverReport (JSON), or with Accept: text/event-stream the progress stream ending with it',
          content: {
            'application/json': { schema: ref('ResolverReport') },
            'text/event-stream': {
              schema: { type: 'string', description: 'Server-sent events; each data line is JSON: start (ResolveStart), progress (ResolveProgress, one per reference), then report (ResolverReport) or error (ErrorResponse with status)' },
              'x-events': { start: ref('ResolveStart'), progress: ref('ResolveProgress'), report: ref('ResolverReport'), error: ref('ErrorResponse') },
            },
          },
        },
        ...errorResponses([400, 401, 402, 403, 408, 413, 422, 429, 503]),
      },
    },
  },
  '/hyperlink-apply': {
    post: {
      security: bearer,
      requestBody: multipart(
        { file, settings: settingsField, scanToken: str, scanFingerprint: str, decisions: { type: 'string', description: 'JSON array of ReviewDecision' }, resolvedWorks: str, cslFile: { type: 'string', format: 'binary' }, detectedCslId: str, applyBibRewrite: { enum: ['true', 'false'] } },
        ['file', 'settings', 'scanToken', 'scanFingerprint', 'decisions'],
      ),
      responses: { '200': json(ref('ApplyResult')), ...errorResponses([400, 401, 402, 408, 413, 422, 429, 503]) },
    },
  },
  '/hyperlink': { post: { security: bearer, requestBody: multipart({ file, settings: settingsField }, ['file']), responses: { '200': json(ref('ApplyResult')), ...errorResponses([400, 401, 402, 408, 413, 422, 429, 503]) } } },
  '/auth/login': { post: { requestBody: jsonBody(obj({ email: str, password: str }, ['email', 'password'])), responses: { '200': json(obj({ token: str, expires_at: dateTime }, ['token', 'expires_at'])), ...errorResponses([400, 401]) } } },
  '/auth/logout': { post: { security: session, responses: { '200': json(ref('OkResponse')), ...errorResponses([401]) } } },
  '/api-keys': {
    get: { security: session, responses: { '200': json(ref('ApiKeyList')), ...errorResponses([401]) } },
    post: { security: session, requestBody: jsonBody(ref('CreateKeyRequest'), false), responses: { '201': json(ref('NewApiKey'), 'Created'), ...errorResponses([400, 401, 403, 409]) } },
    delete: { security: session, parameters: [{ name: 'id', in: 'query', required: true, schema: str }], responses: { '200': json(ref('OkResponse')), ...errorResponses([400, 401, 404]) } },
  },
  '/org-keys': {
    get: { security: session, parameters: [{ name: 'include_inactive', in: 'query', schema: bool }], responses: { '200': json(ref('ApiKeyList')), ...errorResponses([401, 403]) } },
    post: { security: session, requestBody: jsonBody(ref('CreateKeyRequest')), responses: { '201': json(ref('NewOrgKey'), 'Created'), ...errorResponses([400, 401, 403, 409]) } },
    delete: { security: session, requestBody: jsonBody(obj({ key_id: str }, ['key_id'])), responses: { '200': json(ref('OkResponse')), ...errorResponses([400, 401, 403, 404]) } },
  },
  '/org-presets': {
    get: { security: session, responses: { '200': json(ref('OrgPresetList')), ...errorResponses([401, 403]) } },
    post: { security: session, requestBody: jsonBody(ref('OrgPresetWrite')), responses: { '201': json(ref('OrgPresetCreated'), 'Created'), ...errorResponses([400, 401, 403, 409]) } },
  },
  '/org-usage': { get: { security: session, parameters: [intParam('page', 1, 1_000_000, 1), intParam('limit', 1, 100, 25)], responses: { '200': json(ref('OrgUsageList')), ...errorResponses([400, 401, 403]) } } },
  '/org': { get: { security: session, responses: { '200': json(obj({ org: obj({}), role: str })), ...errorResponses([401, 403]) } } },
  '/org-billing': { post: { security: session, requestBody: jsonBody(obj({ action: { enum: ['create', 'complete'] }, credits: int, idempotency_key: str, purchase_id: str }, ['action'])), responses: { '200': json(obj({})), '201': json(obj({}), 'Created'), ...errorResponses([400, 401, 403, 404, 409]) } } },
  '/org-members': {
    get: { security: session, description: 'Members; managers and owners also get the open invitations.', responses: { '200': json(obj({ members: arr(obj({})), invitations: arr(invitation) }, ['members'])), ...errorResponses([401, 403]) } },
    post: {
      security: session,
      description: "add (alias invite) invites an e-mail address: 202 {invitation}, the same answer whether the address is unknown, has an account, belongs to another organisation or to this one; the user joins by accepting at /org-invitations. cancel_invitation, set_role and remove answer 200.",
      requestBody: jsonBody(obj({ action: { enum: ['add', 'invite', 'cancel_invitation', 'set_role', 'remove'] }, email: str, invitation_id: str, user_id: str, role: { enum: ['owner', 'manager', 'member'] } }, ['action'])),
      responses: { '200': json(obj({})), '202': json(obj({ invitation }, ['invitation']), 'Invitation recorded'), ...errorResponses([400, 401, 403, 404, 409]) },
    },
  },
  '/org-invitations': {
    get: { security: session, description: "The signed-in user's open invitations.", responses: { '200': json(obj({ invitations: arr(obj({ id: str, org: obj({ name: str, slug: str }), role: str, created_at: dateTime, expires_at: dateTime })) }, ['invitations'])), ...errorResponses([401]) } },
    post: {
      security: session,
      description: 'accept joins the organisation with the invited role (200 {org, role}; 409 already_in_organisation); decline answers 200 {ok, success}. An invitation not addressed to the caller, answered or expired is 404.',
      requestBody: jsonBody(obj({ action: { enum: ['accept', 'decline'] }, invitation_id: str }, ['action', 'invitation_id'])),
      responses: { '200': json(obj({})), ...errorResponses([400, 401, 403, 404, 409]) },
    },
  },
  '/admin-docs-insights': { get: { security: session, parameters: [intParam('days', 1, 365, 30), intParam('limit', 1, 5000, 1000)], responses: { '200': json(ref('DocsInsightsResponse')), ...errorResponses([400, 401, 403]) } } },
  '/docs-events': {
    post: {
      requestBody: jsonBody(obj({ event_type: { enum: ['page_view', 'search', 'playground_response', 'feedback'] }, path: str, session_id: str, query: str, result_count: int, status: int, error: str, helpful: { enum: ['yes', 'no'] } }, ['event_type', 'path'])),
      responses: { '202': json(ref('OkResponse'), 'Accepted'), ...errorResponses([400, 429]) },
    },
  },
  '/openapi.json': { get: { responses: { '200': json(obj({})) } } },
  '/healthz': { get: { description: 'Liveness: answers while the service runs, however busy its engine threads are.', responses: { '200': json(obj({ ok: bool }, ['ok'], false)) } } },
};

export function buildOpenApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'Hyperlinker service', version: API_VERSION, description: 'Review-first DOCX hyperlinking API. Bare routes, no /api prefix.' },
    servers: [{ url: '/' }],
    components: {
      schemas,
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer sk_service_live_<secret>' },
        session: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Session token from POST /auth/login (a Bearer prefix is accepted)' },
      },
    },
    paths,
  };
}
