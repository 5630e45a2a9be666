// The dev server's proxy to the service (webpack.config.js): when the service cannot be reached, answer
// as the service would (JSON with a reason), so the pane tells "not running" (refused, no such host)
// from "too slow" (timed out, reset) instead of http-proxy-middleware's bare "504" for both.

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const SLOW = new Set(['ETIMEDOUT', 'ECONNRESET', 'ESOCKETTIMEDOUT']);

/** http-proxy-middleware 2's onError(err, req, res). */
export function proxyError(err, _req, res) {
  const code = err && typeof err === 'object' ? err.code : undefined;
  const [status, body] = UNREACHABLE.has(code)
    ? [502, { error: 'Service unreachable', reason: 'service_unreachable', hint: `the dev server could not connect to the service (${code})` }]
    : SLOW.has(code)
      ? [504, { error: 'Service did not answer in time', reason: 'service_timeout', hint: `the connection to the service failed (${code})` }]
      : [502, { error: 'Bad gateway', reason: 'proxy_error', hint: String(code ?? err) }];
  if (res && !res.headersSent && typeof res.writeHead === 'function') res.writeHead(status, { 'Content-Type': 'application/json' });
  if (res && typeof res.end === 'function') res.end(JSON.stringify(body));
}
