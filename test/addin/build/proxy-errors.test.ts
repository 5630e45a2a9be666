// The dev server's proxy answers like the service when the service is not there: refused → 502
// service_unreachable, timed out → 504 service_timeout, as JSON the pane reads.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { proxyError } from '../../../addin/build/proxy-errors.mjs';

function answer(code: string | undefined) {
  const out = { status: 0, headers: {} as Record<string, string>, body: '' };
  proxyError(Object.assign(new Error('x'), { code }), {}, {
    headersSent: false,
    writeHead: (status, headers) => Object.assign(out, { status, headers }),
    end: (body) => (out.body = body),
  });
  return { status: out.status, type: out.headers['Content-Type'], reason: (JSON.parse(out.body) as { reason: string }).reason };
}

test('refused or unknown host: unreachable; timed out or reset: slow; anything else: a proxy error', () => {
  assert.deepEqual(answer('ECONNREFUSED'), { status: 502, type: 'application/json', reason: 'service_unreachable' });
  assert.deepEqual(answer('ENOTFOUND'), { status: 502, type: 'application/json', reason: 'service_unreachable' });
  assert.deepEqual(answer('ETIMEDOUT'), { status: 504, type: 'application/json', reason: 'service_timeout' });
  assert.deepEqual(answer('ECONNRESET'), { status: 504, type: 'application/json', reason: 'service_timeout' });
  assert.deepEqual(answer(undefined), { status: 502, type: 'application/json', reason: 'proxy_error' });
});
