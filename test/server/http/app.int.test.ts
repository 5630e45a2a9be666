// The application as a whole (server/http/app.ts): the JSON 404 fallback with request ids, and the
// OpenAPI document it serves. Each route's own behaviour: test/server/http/routes/.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestService, type TestService } from '../../helpers/http-harness.ts';

let t: TestService;
before(async () => {
  t = await startTestService('app');
});
after(async () => {
  await t.stop();
});

describe('service-wide behaviour', () => {
  test('unknown route is a JSON 404 with X-Request-Id; incoming X-Request-Id is echoed', async () => {
    const res = await fetch(`${t.url}/api/hyperlink-scan`, { headers: { 'x-request-id': 'abc-123' } });
    assert.equal(res.status, 404);
    assert.equal(res.headers.get('x-request-id'), 'abc-123');
    assert.deepEqual(await res.json(), { error: 'Not found', reason: 'route_not_found', requestId: 'abc-123' });
  });

  test('GET /openapi.json serves an OpenAPI 3.1 document', async () => {
    const r = await t.client.openapi();
    assert.ok(r.ok);
    assert.equal(r.data.openapi, '3.1.0');
    const paths = Object.keys(r.data.paths as object);
    for (const p of ['/hyperlink-scan', '/hyperlink-crossref', '/hyperlink-apply', '/hyperlink', '/api-keys', '/org-keys', '/org-presets', '/org-usage', '/admin-docs-insights', '/org', '/org-billing', '/org-members', '/docs-events', '/auth/login']) {
      assert.ok(paths.includes(p), `openapi lists ${p}`);
    }
    const schemas = (r.data.components as { schemas: Record<string, { properties: Record<string, { enum?: string[] }> }> }).schemas;
    assert.deepEqual(schemas.HyperlinkSettings!.properties.citeStyle!.enum, ['auto', 'number', 'author-year', 'superscript', 'off']);
    assert.equal((schemas.DocsInsightsResponse as unknown as { additionalProperties: boolean }).additionalProperties, false);
  });
});
