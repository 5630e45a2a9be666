/// <reference types="office-js" />
// Where the add-in keeps the service URL, the API key and the last settings: OfficeRuntime.storage
// where the host has it (shared runtime), Office roaming settings (Outlook-style hosts), else the
// browser's (partitioned, in Office on the web) localStorage through office-js-helpers' Storage.
// Never the document's own settings: those travel inside the manuscript.
import type { Storage } from '@microsoft/office-js-helpers';
import { OfficeHelpers } from '../util/office-helpers.ts';
import { S } from '../strings.ts';

export interface KeyValueStore {
  readonly kind: 'office-runtime' | 'roaming' | 'local' | 'memory';
  get(key: string): string | null;
  set(key: string, value: string): Promise<void>;
}

type RoamingSettingsLike = {
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  saveAsync(callback?: (r: { status: string }) => void): void;
};

function roamingSettings(): RoamingSettingsLike | null {
  const office = (globalThis as unknown as { Office?: { context?: { roamingSettings?: RoamingSettingsLike } } }).Office;
  return office?.context?.roamingSettings ?? null;
}

class RoamingStore implements KeyValueStore {
  readonly kind = 'roaming' as const;
  constructor(private readonly rs: RoamingSettingsLike) {}
  get(key: string): string | null {
    const v = this.rs.get(key);
    return typeof v === 'string' ? v : null;
  }
  set(key: string, value: string): Promise<void> {
    this.rs.set(key, value);
    return new Promise((resolve, reject) =>
      this.rs.saveAsync((r) => (r.status === 'succeeded' ? resolve() : reject(new Error(S.errors.roamingSave)))),
    );
  }
}

class HelpersStore implements KeyValueStore {
  readonly kind: 'local' | 'memory';
  private readonly storage: Storage<string>;
  constructor() {
    let type = OfficeHelpers.StorageType.LocalStorage;
    try {
      globalThis.localStorage.getItem('probe');
    } catch {
      type = OfficeHelpers.StorageType.InMemoryStorage;
    }
    this.kind = type === OfficeHelpers.StorageType.LocalStorage ? 'local' : 'memory';
    this.storage = new OfficeHelpers.Storage<string>('hyperlinker', type);
  }
  get(key: string): string | null {
    // The library JSON-parses what it reads: a value written by hand may come back as a number or an object.
    const v: unknown = this.storage.get(key);
    return typeof v === 'string' ? v : null;
  }
  async set(key: string, value: string): Promise<void> {
    this.storage.set(key, value);
  }
}

type RuntimeStorageLike = {
  getItems(keys: string[]): Promise<Record<string, string | null>>;
  setItem(key: string, value: string): Promise<void>;
};

function runtimeStorage(): RuntimeStorageLike | null {
  const rt = (globalThis as unknown as { OfficeRuntime?: { storage?: RuntimeStorageLike } }).OfficeRuntime;
  return rt?.storage ?? null;
}

/** OfficeRuntime.storage is asynchronous: the keys the pane uses are read once at start. */
class RuntimeStore implements KeyValueStore {
  readonly kind = 'office-runtime' as const;
  private constructor(
    private readonly storage: RuntimeStorageLike,
    private readonly cache: Map<string, string>,
  ) {}
  static async open(storage: RuntimeStorageLike, keys: readonly string[]): Promise<RuntimeStore> {
    const items = await storage.getItems(keys.map((k) => `hyperlinker.${k}`));
    const cache = new Map<string, string>();
    for (const k of keys) {
      const v = items[`hyperlinker.${k}`];
      if (typeof v === 'string') cache.set(k, v);
    }
    return new RuntimeStore(storage, cache);
  }
  get(key: string): string | null {
    return this.cache.get(key) ?? null;
  }
  async set(key: string, value: string): Promise<void> {
    this.cache.set(key, value);
    await this.storage.setItem(`hyperlinker.${key}`, value);
  }
}

/** A store that forgets at reload (tests, and a pane whose storage cannot be opened). */
export function memoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return { kind: 'memory', get: (k) => values.get(k) ?? null, set: async (k, v) => void values.set(k, v) };
}

const STORE_KEYS = ['serviceUrl', 'apiKey', 'keyId', 'keyName', 'accountEmail', 'sessionToken', 'settings', 'savedReviews'] as const;

let store: KeyValueStore | null = null;

export async function appStore(): Promise<KeyValueStore> {
  if (!store) {
    const rt = runtimeStorage();
    const rs = roamingSettings();
    if (rt) {
      try {
        store = await RuntimeStore.open(rt, STORE_KEYS);
      } catch {
        store = null;
      }
    }
    store ??= rs ? new RoamingStore(rs) : new HelpersStore();
  }
  return store;
}
