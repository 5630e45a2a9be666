// Where the pane keeps its keys: OfficeRuntime.storage when the host has it, else Office roaming
// settings, else the browser's localStorage, else memory; decided once. Each test loads a fresh copy of
// the module (appStore remembers its choice) with fakes for OfficeRuntime, Office and localStorage.
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { S } from '../../../addin/strings.ts';

type StoresModule = typeof import('../../../addin/settings/stores.ts');

let copy = 0;
async function freshStores(): Promise<StoresModule> {
  return (await import(`../../../addin/settings/stores.ts?copy=${++copy}`)) as StoresModule;
}

const g = globalThis as Record<string, unknown>;
const saved = { window: g.window, localStorage: Object.getOwnPropertyDescriptor(globalThis, 'localStorage'), Office: g.Office, OfficeRuntime: g.OfficeRuntime };
afterEach(() => {
  g.window = saved.window;
  if (saved.localStorage) Object.defineProperty(globalThis, 'localStorage', saved.localStorage);
  else delete g.localStorage;
  g.Office = saved.Office;
  g.OfficeRuntime = saved.OfficeRuntime;
});

/** A localStorage: a string map, or one that throws as a browser blocking storage does. */
function fakeLocalStorage(blocked = false) {
  const items = new Map<string, string>();
  const deny = () => {
    throw new Error('SecurityError: access to storage is denied');
  };
  const ls = {
    items,
    getItem: (k: string) => (blocked ? deny() : (items.get(k) ?? null)),
    setItem: (k: string, v: string) => (blocked ? deny() : void items.set(k, String(v))),
    removeItem: (k: string) => void items.delete(k),
  };
  g.window = { localStorage: ls, sessionStorage: ls };
  Object.defineProperty(globalThis, 'localStorage', { value: ls, configurable: true, writable: true });
  return ls;
}

function fakeRoaming(saveStatus = 'succeeded') {
  const values = new Map<string, unknown>();
  let saves = 0;
  const rs = {
    values,
    saves: () => saves,
    get: (k: string) => values.get(k),
    set: (k: string, v: unknown) => void values.set(k, v),
    saveAsync: (cb?: (r: { status: string }) => void) => {
      saves++;
      cb?.({ status: saveStatus });
    },
  };
  g.Office = { context: { roamingSettings: rs } };
  return rs;
}

function fakeRuntime(items: Record<string, unknown>, failRead = false) {
  const writes: [string, string][] = [];
  const asked: string[][] = [];
  g.OfficeRuntime = {
    storage: {
      getItems: async (keys: string[]) => {
        asked.push(keys);
        if (failRead) throw new Error('storage unavailable');
        return Object.fromEntries(keys.map((k) => [k, items[k] ?? null]));
      },
      setItem: async (k: string, v: string) => void writes.push([k, v]),
    },
  };
  return { writes, asked };
}

test('OfficeRuntime.storage first: the keys are read once at start under "hyperlinker.", writes go through', async () => {
  fakeLocalStorage();
  fakeRoaming();
  const rt = fakeRuntime({ 'hyperlinker.serviceUrl': 'https://svc.example.org', 'hyperlinker.apiKey': 42 });
  const { appStore } = await freshStores();
  const store = await appStore();
  assert.equal(store.kind, 'office-runtime');
  const stored = ['serviceUrl', 'apiKey', 'keyId', 'keyName', 'accountEmail', 'sessionToken', 'settings', 'savedReviews'];
  assert.deepEqual(rt.asked, [stored.map((k) => `hyperlinker.${k}`)], 'every key the pane keeps, read once at start');
  assert.equal(store.get('serviceUrl'), 'https://svc.example.org');
  assert.equal(store.get('apiKey'), null, 'a value that is not text reads as absent');
  assert.equal(store.get('settings'), null);
  await store.set('apiKey', 'sk_service_live_x');
  assert.equal(store.get('apiKey'), 'sk_service_live_x');
  assert.deepEqual(rt.writes, [['hyperlinker.apiKey', 'sk_service_live_x']]);
  assert.equal(await appStore(), store, 'decided once');
});

test('OfficeRuntime.storage that fails to read: Office roaming settings instead', async () => {
  fakeLocalStorage();
  const rs = fakeRoaming();
  fakeRuntime({}, true);
  const { appStore } = await freshStores();
  const store = await appStore();
  assert.equal(store.kind, 'roaming');
  await store.set('keyId', 'k1');
  assert.equal(rs.values.get('keyId'), 'k1');
  assert.equal(rs.saves(), 1, 'saved to the roaming settings');
  rs.values.set('keyName', { not: 'text' });
  assert.equal(store.get('keyName'), null);
  assert.equal(store.get('keyId'), 'k1');
});

test('roaming settings that cannot be saved: set() fails in words', async () => {
  fakeLocalStorage();
  fakeRoaming('failed');
  const { appStore } = await freshStores();
  const store = await appStore();
  await assert.rejects(store.set('apiKey', 'x'), new RegExp(S.errors.roamingSave));
});

test('no Office storage: the browser localStorage, each key under @hyperlinker/ as JSON', async () => {
  const ls = fakeLocalStorage();
  const { appStore } = await freshStores();
  const store = await appStore();
  assert.equal(store.kind, 'local');
  assert.equal(store.get('apiKey'), null);
  await store.set('settings', '{"refs":true}');
  assert.equal(ls.items.get('@hyperlinker/settings'), JSON.stringify('{"refs":true}'));
  assert.equal(store.get('settings'), '{"refs":true}');
  ls.items.set('@hyperlinker/serviceUrl', 'https://raw.example.org');
  assert.equal(store.get('serviceUrl'), 'https://raw.example.org', 'a raw (not JSON) string written by hand still reads');
});

test('localStorage blocked by the browser: memory only, said as such, and still usable', async () => {
  fakeLocalStorage(true);
  const { appStore } = await freshStores();
  const store = await appStore();
  assert.equal(store.kind, 'memory');
  await store.set('apiKey', 'sk_x');
  assert.equal(store.get('apiKey'), 'sk_x');
});

test('a localStorage value that parses as JSON but is not text (a number, an object) reads as absent, never as a non-string', async () => {
  // loadAccount and the pane call .trim() on these: a number here used to stop the pane from starting.
  const ls = fakeLocalStorage();
  ls.items.set('@hyperlinker/apiKey', '12345');
  ls.items.set('@hyperlinker/settings', '{"refs":true}');
  const { appStore } = await freshStores();
  const store = await appStore();
  assert.equal(store.get('apiKey'), null);
  assert.equal(store.get('settings'), null);
});
