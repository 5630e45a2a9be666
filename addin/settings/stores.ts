/// <reference types="office-js" />
// Where the add-in keeps the service URL, the API key and the last settings: Office roaming settings
// when the host has them (Outlook-style hosts), else the browser's localStorage through
// office-js-helpers' Storage. Never the document's own settings: those travel inside the manuscript.
import { Storage, StorageType } from '@microsoft/office-js-helpers';

export interface KeyValueStore {
  readonly kind: 'roaming' | 'local' | 'memory';
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
      this.rs.saveAsync((r) => (r.status === 'succeeded' ? resolve() : reject(new Error('Could not save roaming settings')))),
    );
  }
}

class HelpersStore implements KeyValueStore {
  readonly kind: 'local' | 'memory';
  private readonly storage: Storage<string>;
  constructor() {
    let type = StorageType.LocalStorage;
    try {
      globalThis.localStorage.getItem('probe');
    } catch {
      type = StorageType.InMemoryStorage;
    }
    this.kind = type === StorageType.LocalStorage ? 'local' : 'memory';
    this.storage = new Storage<string>('hyperlinker', type);
  }
  get(key: string): string | null {
    return this.storage.has(key) ? this.storage.get(key) : null;
  }
  async set(key: string, value: string): Promise<void> {
    this.storage.set(key, value);
  }
}

let store: KeyValueStore | null = null;

export function appStore(): KeyValueStore {
  if (!store) {
    const rs = roamingSettings();
    store = rs ? new RoamingStore(rs) : new HelpersStore();
  }
  return store;
}
