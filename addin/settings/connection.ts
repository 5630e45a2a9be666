// The service connection and the user's settings, persisted in the app store.
import type { HyperlinkSettings } from '../../shared/settings.ts';
import type { ServiceConnection } from '../service-client.ts';
import { restoreSettings } from './settings-form.ts';
import type { KeyValueStore } from './stores.ts';

const KEY_URL = 'serviceUrl';
const KEY_API = 'apiKey';
const KEY_SETTINGS = 'settings';

/** The dev server (and the e2e test server) proxy the service routes on the pane's own origin, so the pane needs no CORS. */
export function defaultServiceUrl(origin: string | undefined): string {
  return origin && /^https?:/.test(origin) ? origin : 'http://localhost:8080';
}

export function loadConnection(store: KeyValueStore, origin: string | undefined): ServiceConnection {
  return { baseUrl: store.get(KEY_URL) || defaultServiceUrl(origin), apiKey: store.get(KEY_API) ?? '' };
}

export async function saveConnection(store: KeyValueStore, conn: ServiceConnection): Promise<void> {
  await store.set(KEY_URL, conn.baseUrl.trim());
  await store.set(KEY_API, conn.apiKey.trim());
}

/** Problems that stop a call from being made, shown next to the fields. */
export function connectionProblems(conn: ServiceConnection): Partial<Record<keyof ServiceConnection, string>> {
  const problems: Partial<Record<keyof ServiceConnection, string>> = {};
  try {
    const u = new URL(conn.baseUrl);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') problems.baseUrl = 'Use an http(s) address.';
  } catch {
    problems.baseUrl = 'Enter the service address, e.g. https://localhost:3000';
  }
  if (!conn.apiKey.trim()) problems.apiKey = 'Paste an API key (sk_service_live_...).';
  else if (/\s/.test(conn.apiKey.trim())) problems.apiKey = 'An API key has no spaces.';
  return problems;
}

export function loadSettings(store: KeyValueStore): HyperlinkSettings {
  const raw = store.get(KEY_SETTINGS);
  if (!raw) return restoreSettings(null);
  try {
    return restoreSettings(JSON.parse(raw));
  } catch {
    return restoreSettings(null);
  }
}

export async function saveSettings(store: KeyValueStore, settings: HyperlinkSettings): Promise<void> {
  await store.set(KEY_SETTINGS, JSON.stringify(settings));
}
