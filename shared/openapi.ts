// The OpenAPI 3.1 document of the service, served at GET /openapi.json. Every schema under
// components.schemas is generated from the zod schemas of shared/schemas/ (z.toJSONSchema over the
// contract registry): request bodies in zod's input view (defaults optional), answers in its output
// view. Paths, parameters, status codes and descriptions are declared here.
import { z } from 'zod';
import { API_VERSION } from './contract.ts';
import { contractRegistry } from './schemas/common.ts';
import './schemas/documents.ts';
import './schemas/accounts.ts';
import './schemas/org.ts';
import './schemas/docs.ts';
import './schemas/errors.ts';
import './schemas/forms.ts';
import { DOCS_INSIGHTS_QUERY, ORG_PRESETS_QUERY, ORG_USAGE_QUERY, type IntQuery } from './schemas/queries.ts';

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const str: Schema = { type: 'string' };
const bool: Schema = { type: 'boolean' };

/** Components read by the service (request bodies): generated in zod's input view. */
const REQUEST_SCHEMAS: readonly string[] = [
  'HyperlinkSettings',
  'ReviewDecision',
  'CreateKeyRequest',
  'LoginRequest',
  'DeleteOrgKeyRequest',
  'MemberAction',
  'InvitationAnswer',
  'BillingRequest',
  'OrgPresetWrite',
  'DocsEvent',
  'DocumentForm',
  'ResolveForm',
  'ApplyForm',
  'StylePreviewForm',
];

function generate(io: 'input' | 'output'): Record<string, Schema> {
  const out = z.toJSONSchema(contractRegistry, { io, target: 'draft-2020-12', uri: (id) => `#/components/schemas/${id}`, unrepresentable: 'any' }) as { schemas: Record<string, Schema> };
  for (const schema of Object.values(out.schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return out.schemas;
}

/** components.schemas: every named zod schema of the contract, requests as input, answers as output. */
function componentSchemas(): Record<string, Schema> {
  const input = generate('input');
  const output = generate('output');
  const schemas: Record<string, Schema> = {};
  for (const name of Object.keys(output).sort()) schemas[name] = REQUEST_SCHEMAS.includes(name) ? input[name]! : output[name]!;
  return schemas;
}

const errorResponses = (codes: number[]): Record<string, Schema> => {
  const out: Record<string, Schema> = {};
  for (const code of codes) out[String(code)] = { description: `Error ${code}`, content: { 'application/json': { schema: ref('ErrorResponse') } } };
  out.default = { description: 'Processing failed', content: { 'application/json': { schema: ref('ErrorResponse') } } };
  return out;
};

const json = (schema: Schema, description = 'OK'): Schema => ({ description, content: { 'application/json': { schema } } });
const multipart = (name: string): Schema => ({
  required: true,
  content: { 'multipart/form-data': { schema: ref(name), encoding: { settings: { contentType: 'application/json' } } } },
});
const bearer = [{ apiKey: [] }];
const session = [{ session: [] }];
const jsonBody = (schema: Schema, required = true): Schema => ({ required, content: { 'application/json': { schema } } });
/** The OpenAPI parameters of an integer query (bounds and defaults from shared/schemas/queries.ts). */
const intParams = (query: Record<string, IntQuery>): Schema[] => Object.entries(query).map(([name, q]) => ({ name, in: 'query', schema: { type: 'integer', ...q } }));


const RESOLVE_STREAM =
  'Resolves every bibliography entry against Crossref. With Accept: text/event-stream the answer is a stream of server-sent events: ' +
  '`event: start` (ResolveStart), one `event: progress` per reference resolved (ResolveProgress), and a final `event: report` (the ResolverReport) ' +
  'or `event: error` (an ErrorResponse with its status). Refusals before the resolution starts (401, 402, 403, 400, 413, 429, 503 resolver_unavailable) are plain JSON. ' +
  'Closing the connection cancels the resolution.';

/** Idempotency-Key on the routes that charge or resolve (server/http/services/idempotency.ts). */
const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
  description:
    'Makes a retry safe (as Stripe\'s API): within 24 hours the same key, from any key of the same account, with the same route, file and fields ' +
    'answers the first answer again (header Idempotent-Replayed: true; an answer over 8 MB is recomputed) without a second charge. ' +
    'The same key with other input is 409 idempotency_key_reused; while its first request runs, 409 idempotency_in_flight with retry_after. ' +
    'A request refused before it was charged gives its key back.',
};

const paths: Record<string, Schema> = {
  '/hyperlink-scan': { post: { security: bearer, requestBody: multipart('DocumentForm'), responses: { '200': json(ref('ScanPacket')), ...errorResponses([400, 401, 408, 413, 422, 429, 503]) } } },
  '/hyperlink-crossref': {
    post: {
      security: bearer,
      description: RESOLVE_STREAM,
      parameters: [{ name: 'Accept', in: 'header', schema: { enum: ['application/json', 'text/event-stream'] }, description: 'text/event-stream: progress as server-sent events, then the report' }, IDEMPOTENCY_KEY],
      requestBody: multipart('ResolveForm'),
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
        ...errorResponses([400, 401, 402, 403, 408, 409, 413, 422, 429, 503]),
      },
    },
  },
  '/hyperlink-apply': {
    post: {
      security: bearer,
      parameters: [IDEMPOTENCY_KEY],
      requestBody: multipart('ApplyForm'),
      responses: { '200': json(ref('ApplyResult')), ...errorResponses([400, 401, 402, 408, 409, 413, 422, 429, 503]) },
    },
  },
  '/hyperlink-style-preview': {
    post: {
      security: bearer,
      description: 'The first reference entries (count, default 3) as the bibliography rewrite at apply would write them in the chosen style; nothing is written and no credit is used.',
      requestBody: multipart('StylePreviewForm'),
      responses: { '200': json(ref('StylePreview')), ...errorResponses([400, 401, 408, 413, 422, 429, 503]) },
    },
  },
  '/hyperlink': { post: { security: bearer, parameters: [IDEMPOTENCY_KEY], requestBody: multipart('DocumentForm'), responses: { '200': json(ref('ApplyResult')), ...errorResponses([400, 401, 402, 408, 409, 413, 422, 429, 503]) } } },
  '/auth/login': { post: { requestBody: jsonBody(ref('LoginRequest')), responses: { '200': json(ref('LoginResponse')), ...errorResponses([400, 401]) } } },
  '/auth/me': { get: { security: session, description: 'The signed-in user, their organisation and role.', responses: { '200': json(ref('AuthMe')), ...errorResponses([401]) } } },
  '/auth/logout': { post: { security: session, responses: { '200': json(ref('OkResponse')), ...errorResponses([401]) } } },
  '/api-keys': {
    get: { security: session, responses: { '200': json(ref('ApiKeyList')), ...errorResponses([401]) } },
    post: { security: session, requestBody: jsonBody(ref('CreateKeyRequest'), false), responses: { '201': json(ref('NewApiKey'), 'Created'), ...errorResponses([400, 401, 403, 409]) } },
    delete: { security: session, parameters: [{ name: 'id', in: 'query', required: true, schema: str }], responses: { '200': json(ref('OkResponse')), ...errorResponses([400, 401, 404]) } },
  },
  '/api-keys/self': {
    delete: { security: bearer, description: 'Revokes the API key that authenticates the request (individual or organisation key); no session needed, so a client whose session expired can still give up its key. 404 key_not_found when it is already revoked.', responses: { '200': json(ref('OkResponse')), ...errorResponses([401, 404]) } },
  },
  '/org-keys': {
    get: { security: session, parameters: [{ name: 'include_inactive', in: 'query', schema: bool }], responses: { '200': json(ref('ApiKeyList')), ...errorResponses([401, 403]) } },
    post: { security: session, requestBody: jsonBody(ref('CreateKeyRequest')), responses: { '201': json(ref('NewOrgKey'), 'Created'), ...errorResponses([400, 401, 403, 409]) } },
    delete: { security: session, requestBody: jsonBody(ref('DeleteOrgKeyRequest')), responses: { '200': json(ref('OkResponse')), ...errorResponses([400, 401, 403, 404]) } },
  },
  '/org-presets': {
    get: {
      security: session,
      description: 'A page of the organisation\'s presets by name (page from 1; limit 1 to 100, default 100, which holds every preset under the default MAX_ORG_PRESETS); total counts them all.',
      parameters: intParams(ORG_PRESETS_QUERY),
      responses: { '200': json(ref('OrgPresetList')), ...errorResponses([400, 401, 403]) },
    },
    post: { security: session, description: '409 duplicate_name, or preset_limit_reached when the organisation keeps MAX_ORG_PRESETS presets already.', requestBody: jsonBody(ref('OrgPresetWrite')), responses: { '201': json(ref('OrgPresetCreated'), 'Created'), ...errorResponses([400, 401, 403, 409]) } },
  },
  '/org-usage': { get: { security: session, parameters: intParams(ORG_USAGE_QUERY), responses: { '200': json(ref('OrgUsageList')), ...errorResponses([400, 401, 403]) } } },
  '/org': { get: { security: session, description: '404 org_not_found when the caller\'s organisation no longer exists.', responses: { '200': json(ref('OrgAccount')), ...errorResponses([401, 403, 404]) } } },
  '/org-billing': { post: { security: session, requestBody: jsonBody(ref('BillingRequest')), responses: { '200': json({ anyOf: [ref('PurchaseCreated'), ref('PurchaseCompleted')] }), '201': json(ref('PurchaseCreated'), 'Created'), ...errorResponses([400, 401, 403, 404, 409]) } } },
  '/org-members': {
    get: { security: session, description: 'Members; managers and owners also get the open invitations.', responses: { '200': json(ref('OrgMembersList')), ...errorResponses([401, 403]) } },
    post: {
      security: session,
      description: "add (alias invite) invites an e-mail address: 202 {invitation}, the same answer whether the address is unknown, has an account, belongs to another organisation or to this one; the user joins by accepting at /org-invitations. cancel_invitation, set_role and remove answer 200.",
      requestBody: jsonBody(ref('MemberAction')),
      responses: { '200': json({ anyOf: [ref('OkResponse'), ref('OrgMemberUpdated')] }), '202': json(ref('OrgInvitationCreated'), 'Invitation recorded'), ...errorResponses([400, 401, 403, 404, 409]) },
    },
  },
  '/org-invitations': {
    get: { security: session, description: "The signed-in user's open invitations.", responses: { '200': json(ref('ReceivedInvitationList')), ...errorResponses([401]) } },
    post: {
      security: session,
      description: 'accept joins the organisation with the invited role (200 {org, role}; 409 already_in_organisation); decline answers 200 {ok, success}. An invitation not addressed to the caller, answered or expired is 404.',
      requestBody: jsonBody(ref('InvitationAnswer')),
      responses: { '200': json({ anyOf: [ref('OrgAccount'), ref('OkResponse')] }), ...errorResponses([400, 401, 403, 404, 409]) },
    },
  },
  '/admin-docs-insights': { get: { security: session, parameters: intParams(DOCS_INSIGHTS_QUERY), responses: { '200': json(ref('DocsInsightsResponse')), ...errorResponses([400, 401, 403]) } } },
  '/docs-events': {
    post: {
      requestBody: jsonBody(ref('DocsEvent')),
      responses: { '202': json(ref('OkResponse'), 'Accepted'), ...errorResponses([400, 429]) },
    },
  },
  '/openapi.json': { get: { responses: { '200': json({ type: 'object' }) } } },
  '/readyz': {
    get: {
      description: 'Readiness (for a proxy\'s health check), apart from /healthz (liveness): 200 when the database answers within a second, every migration is applied, the engine pool takes tasks and the process is not draining (SIGTERM); else 503 with the same body naming the failing check.',
      responses: {
        '200': json({ type: 'object', properties: { ok: { type: 'boolean' }, checks: { type: 'object', properties: { database: { type: 'boolean' }, migrations: { type: 'boolean' }, engine: { type: 'boolean' }, accepting: { type: 'boolean' } } } }, required: ['ok', 'checks'] }),
        '503': json({ type: 'object', properties: { ok: { type: 'boolean' }, checks: { type: 'object' } }, required: ['ok', 'checks'] }),
      },
    },
  },
  '/metrics': {
    get: {
      description: 'Prometheus text format for operators: 404 unless the server sets METRICS_TOKEN, then only with Authorization: Bearer <METRICS_TOKEN> (401 otherwise).',
      responses: { '200': { description: 'Prometheus text exposition format', content: { 'text/plain': { schema: { type: 'string' } } } }, ...errorResponses([401, 404]) },
    },
  },
  '/healthz': { get: { description: 'Liveness: answers while the service runs, however busy its engine threads are.', responses: { '200': json(ref('Health')) } } },
};

export function buildOpenApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'Hyperlinker service', version: API_VERSION, description: 'Review-first DOCX hyperlinking API. Bare routes, no /api prefix.' },
    servers: [{ url: '/' }],
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer sk_service_live_<secret>' },
        session: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Session token from POST /auth/login (a Bearer prefix is accepted)' },
      },
    },
    paths,
  };
}
