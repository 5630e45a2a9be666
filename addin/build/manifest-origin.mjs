// The production manifest: every https://localhost:3000 URL of manifest.xml (source, icons, support
// and help URLs, AppDomain) rewritten to the public origin the pane is served from (ADDIN_ORIGIN).
export const DEV_ORIGIN = 'https://localhost:3000';

/** Checks ADDIN_ORIGIN: an https origin (scheme, host, port), no path. Returns it normalised. */
export function parseAddinOrigin(raw) {
  let url;
  try {
    url = new URL(String(raw).trim());
  } catch {
    throw new Error(`ADDIN_ORIGIN "${raw}" is not a URL (expected e.g. https://addin.example.org)`);
  }
  if (url.protocol !== 'https:') throw new Error(`ADDIN_ORIGIN must use https (Office loads add-ins over https only): ${raw}`);
  if (url.pathname.replace(/\/$/, '') !== '' || url.search || url.hash) throw new Error(`ADDIN_ORIGIN is an origin, without a path: ${raw}`);
  return url.origin;
}

export function manifestForOrigin(xml, origin) {
  return xml.split(DEV_ORIGIN).join(parseAddinOrigin(origin));
}
