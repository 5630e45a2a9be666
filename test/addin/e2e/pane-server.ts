// Serves the built task pane (dist-like directory) and forwards the service routes to a backend,
// as the webpack dev server does, so the pane calls its own origin.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.xml': 'application/xml',
  '.map': 'application/json',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const ROUTES = ['/hyperlink-scan', '/hyperlink-apply', '/hyperlink-crossref', '/hyperlink', '/auth/login', '/auth/logout', '/api-keys', '/api-keys/self'];

/** `backendUrl` is read per request: the pane server can start before the service it forwards to. */
export async function startPaneServer(root: string, backendUrl: () => string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method !== 'GET' && ROUTES.includes(path)) {
      const backend = new URL(backendUrl());
      const fwd = httpRequest({ host: backend.hostname, port: backend.port, path: req.url, method: req.method, headers: { ...req.headers, host: backend.host } }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      fwd.on('error', (e) => {
        // As webpack-dev-server's proxy does: a plain-text 502, not JSON.
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`Error occurred while trying to proxy: ${e.message}`);
      });
      req.pipe(fwd);
      return;
    }
    if (path === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    const file = normalize(join(root, path === '/' ? 'demo.html' : decodeURIComponent(path)));
    if (!file.startsWith(normalize(root))) {
      res.writeHead(403).end();
      return;
    }
    readFile(file)
      .then((data) => {
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(data);
      })
      .catch(() => res.writeHead(404).end('not found'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
