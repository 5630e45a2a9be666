// HTTPS certificate for the add-in dev server. office-addin-dev-certs installs its CA system-wide,
// which needs sudo on Linux and fails (or prompts) without it. Here, on Linux (or with
// ADDIN_CERTS_NO_INSTALL=1), the CA and localhost certificate are generated into
// ~/.office-addin-dev-certs (ADDIN_CERT_DIR overrides) and used without installing anything; the
// README says how to trust the CA in the browser that runs Word on the web. Elsewhere the package's
// own install-and-use path runs as before.
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const MAX_AGE_DAYS = 25; // generated certificates are valid for 30 days

/** The CommonJS package, whichever way the loader exposes it (named exports or default). */
async function loadDevCerts() {
  const mod = await import('office-addin-dev-certs');
  return mod.generateCertificates ? mod : mod.default;
}

/** Paths of the CA, certificate and key in `dir`. */
export function certPaths(dir) {
  return { ca: join(dir, 'ca.crt'), cert: join(dir, 'localhost.crt'), key: join(dir, 'localhost.key') };
}

function fresh(paths, now = Date.now()) {
  return Object.values(paths).every((p) => existsSync(p) && now - statSync(p).mtimeMs < MAX_AGE_DAYS * 86_400_000);
}

/** Generates (when missing or older than 25 days) and reads the certificate without installing it. */
export async function uninstalledHttpsOptions(dir = process.env.ADDIN_CERT_DIR || join(homedir(), '.office-addin-dev-certs'), log = console.log) {
  const paths = certPaths(dir);
  if (!fresh(paths)) {
    mkdirSync(dir, { recursive: true });
    const devCerts = await loadDevCerts();
    await devCerts.generateCertificates(paths.ca, paths.cert, paths.key, 30);
    log(`Generated a localhost certificate in ${dir} (not installed). Trust ${paths.ca} in your browser: see README "Trust the dev certificate".`);
  }
  return { ca: readFileSync(paths.ca), cert: readFileSync(paths.cert), key: readFileSync(paths.key) };
}

export async function devHttpsOptions() {
  if (process.platform === 'linux' || process.env.ADDIN_CERTS_NO_INSTALL === '1') return uninstalledHttpsOptions();
  const devCerts = await loadDevCerts();
  const opts = await devCerts.getHttpsServerOptions();
  return { ca: opts.ca, key: opts.key, cert: opts.cert };
}
