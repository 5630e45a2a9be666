// The service address by default (the pane's own origin, which proxies the service) and the user's
// settings kept in the app store: saved, loaded, and restored field by field when stored values are bad.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { defaultServiceUrl, loadSettings, saveSettings } from '../../../addin/settings/connection.ts';
import type { KeyValueStore } from '../../../addin/settings/stores.ts';
import { DEFAULT_SETTINGS, parseSettings } from '../../../shared/settings.ts';

class MemoryStore implements KeyValueStore {
  readonly kind = 'memory' as const;
  readonly values = new Map<string, string>();
  get(key: string) { return this.values.get(key) ?? null; }
  async set(key: string, value: string) { this.values.set(key, value); }
}

test('defaultServiceUrl: the pane\'s http(s) origin, else the local service', () => {
  assert.equal(defaultServiceUrl('https://addin.example.org'), 'https://addin.example.org');
  assert.equal(defaultServiceUrl('http://localhost:3000'), 'http://localhost:3000');
  assert.equal(defaultServiceUrl('null'), 'http://localhost:8080');
  assert.equal(defaultServiceUrl(undefined), 'http://localhost:8080');
});

test('settings round-trip through the store; nothing stored, or not JSON, is the defaults', async () => {
  const store = new MemoryStore();
  assert.deepEqual(loadSettings(store), DEFAULT_SETTINGS);
  const mine = parseSettings({ figures: 'full', doi: true });
  await saveSettings(store, mine);
  assert.deepEqual(loadSettings(store), mine);
  store.values.set('settings', '{not json');
  assert.deepEqual(loadSettings(store), DEFAULT_SETTINGS);
});

test('a stored value that is no longer allowed falls back for that field only', () => {
  const store = new MemoryStore();
  store.values.set('settings', JSON.stringify({ figures: 'sometimes', tables: 'off' }));
  const s = loadSettings(store);
  assert.deepEqual([s.figures, s.tables], [DEFAULT_SETTINGS.figures, 'off']);
});
