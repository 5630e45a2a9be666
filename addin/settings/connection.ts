// The service connection and the user's settings, persisted in the app store.
import type { HyperlinkSettings } from '../../shared/settings.ts';
import { restoreSettings } from './settings-form.ts';
import type { KeyValueStore } from './stores.ts';

const KEY_SETTINGS = 'settings';

/** The dev server (and the e2e test server) proxy the service routes on the pane's own origin, so the pane needs no CORS. */
export function defaultServiceUrl(origin: string | undefined): string {
  return origin && /^https?:/.test(origin) ? origin : 'http://localhost:8080';
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
