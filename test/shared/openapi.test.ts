import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { buildOpenApiDocument } from '../../shared/openapi.ts';
import { contractRegistry } from '../../shared/schemas/common.ts';
import { REASON_CODES } from '../../shared/reasons.ts';

type Doc = { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, Record<string, unknown>> } };
const doc = buildOpenApiDocument() as Doc;

function refsIn(value: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.add(v);
      else refsIn(v, out);
    }
  }
  return out;
}

test('every component schema is generated from a named zod schema, and every $ref resolves', () => {
  const registered = Object.keys((z.toJSONSchema(contractRegistry) as { schemas: Record<string, unknown> }).schemas).sort();
  assert.deepEqual(Object.keys(doc.components.schemas).sort(), registered);
  for (const ref of refsIn(doc, new Set())) {
    const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
    assert.ok(name && doc.components.schemas[name], `${ref} resolves`);
  }
});

test('every schema a request body reaches is generated in zod\'s input view (defaults optional)', () => {
  const view = (io: 'input' | 'output') => {
    const out = z.toJSONSchema(contractRegistry, { io, target: 'draft-2020-12', uri: (id) => `#/components/schemas/${id}`, unrepresentable: 'any' }) as { schemas: Record<string, Record<string, unknown>> };
    for (const schema of Object.values(out.schemas)) {
      delete schema.$schema;
      delete schema.$id;
    }
    return out.schemas;
  };
  const input = view('input');
  const output = view('output');
  const nameOf = (ref: string) => ref.replace('#/components/schemas/', '');
  const reached = new Set<string>();
  for (const operations of Object.values(doc.paths)) {
    for (const operation of Object.values(operations)) {
      const body = (operation as { requestBody?: unknown }).requestBody;
      if (body) for (const ref of refsIn(body, new Set())) reached.add(nameOf(ref));
    }
  }
  for (const name of reached) for (const ref of refsIn(doc.components.schemas[name], new Set())) reached.add(nameOf(ref));
  assert.ok(reached.has('DocumentForm') && reached.has('HyperlinkSettings') && reached.has('LoginRequest'), [...reached].join(', '));
  for (const name of reached) assert.deepEqual(doc.components.schemas[name], input[name], `${name} in the input view`);
  assert.notDeepEqual(input.HyperlinkSettings, output.HyperlinkSettings, 'the views differ where defaults are set');
});

test("every route's request and answer bodies name their schemas", () => {
  const used = refsIn(doc.paths, new Set());
  for (const name of ['ScanPacket', 'ResolverReport', 'ResolveStart', 'ResolveProgress', 'ApplyResult', 'LoginRequest', 'LoginResponse', 'ApiKeyList', 'CreateKeyRequest', 'NewApiKey', 'NewOrgKey', 'DeleteOrgKeyRequest', 'OkResponse', 'OrgPresetList', 'OrgPresetWrite', 'OrgPresetCreated', 'OrgUsageList', 'OrgAccount', 'BillingRequest', 'PurchaseCreated', 'PurchaseCompleted', 'OrgMembersList', 'MemberAction', 'OrgInvitationCreated', 'OrgMemberUpdated', 'ReceivedInvitationList', 'InvitationAnswer', 'DocsInsightsResponse', 'DocsEvent', 'Health', 'AuthMe', 'DocumentForm', 'ResolveForm', 'ApplyForm', 'ErrorResponse']) {
    assert.ok(used.has(`#/components/schemas/${name}`), `${name} is used by a route`);
  }
});

test("extra allowed and no extra properties follow the contract", () => {
  const s = doc.components.schemas;
  assert.deepEqual(s.ReviewDecision!.additionalProperties, {});
  assert.deepEqual(s.ScanPacket!.additionalProperties, {});
  assert.equal(s.OkResponse!.additionalProperties, false);
  assert.equal(s.DocsInsightsResponse!.additionalProperties, false);
  assert.equal(s.DocsInsightsSummary!.additionalProperties, false);
  // Requests are generated in zod's input view: settings with defaults are optional.
  assert.equal((s.HyperlinkSettings!.required as string[] | undefined) ?? undefined, undefined);
});

test('why apply left a match unlinked is a ReasonCode beside its sentence, and the codes are listed', () => {
  const s = doc.components.schemas;
  const items = (s.ApplyResult!.properties as Record<string, { items: { properties: Record<string, unknown>; required: string[] } }>).unmatched!.items;
  assert.deepEqual(items.properties.reasonCode, { $ref: '#/components/schemas/ReasonCode' });
  assert.ok(items.required.includes('reason') && !items.required.includes('reasonCode'), 'the sentence stays; the code is an optional addition');
  const codes = ((s.ReasonCode!.properties as Record<string, { description: string }>).code!).description;
  for (const code of REASON_CODES.unlinked) assert.ok(codes.includes(code), code);
});
