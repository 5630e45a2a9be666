// Signing in from the pane: e-mail and password (POST /auth/login), then the pane creates its own API
// key (POST /api-keys, named after the machine and date) and keeps it in the host's storage, never
// showing it. Sign out revokes that key (DELETE /api-keys?id=) and ends the session. A pasted key
// (API-only users) is kept as it is and is not revoked on sign-out.
import { HyperlinkerClient } from '../../shared/api-client.ts';
import type { KeyValueStore } from './stores.ts';
import { ServiceError, unwrap } from '../service-client.ts';

export interface Account {
  baseUrl: string;
  apiKey: string;
  /** Set when the pane created the key at sign-in (revoked at sign-out). */
  keyId: string | null;
  keyName: string | null;
  email: string | null;
  /** Session token from sign-in, needed to revoke the key. */
  sessionToken: string | null;
}

const K = { url: 'serviceUrl', key: 'apiKey', keyId: 'keyId', keyName: 'keyName', email: 'accountEmail', session: 'sessionToken' } as const;

export function loadAccount(store: KeyValueStore, defaultUrl: string): Account {
  return {
    baseUrl: store.get(K.url) || defaultUrl,
    apiKey: store.get(K.key) ?? '',
    keyId: store.get(K.keyId) || null,
    keyName: store.get(K.keyName) || null,
    email: store.get(K.email) || null,
    sessionToken: store.get(K.session) || null,
  };
}

export async function saveAccount(store: KeyValueStore, a: Account): Promise<void> {
  await store.set(K.url, a.baseUrl.trim());
  await store.set(K.key, a.apiKey.trim());
  await store.set(K.keyId, a.keyId ?? '');
  await store.set(K.keyName, a.keyName ?? '');
  await store.set(K.email, a.email ?? '');
  await store.set(K.session, a.sessionToken ?? '');
}

/** "Word add-in · Word OFFICE_ONLINE on Linux · 2026-11-23" (at most 100 characters, the contract's limit). */
export function keyNameFor(machine: string, date: Date): string {
  return `Word add-in · ${machine} · ${date.toISOString().slice(0, 10)}`.slice(0, 100);
}

export async function signIn(baseUrl: string, email: string, password: string, fetchImpl: typeof fetch, machine: string, now = new Date()): Promise<Account> {
  const client = new HyperlinkerClient({ baseUrl: baseUrl.trim(), fetch: fetchImpl });
  const login = await unwrap(baseUrl, client.login(email.trim(), password));
  const session = client.withSession(login.token);
  const name = keyNameFor(machine, now);
  const key = await unwrap(baseUrl, session.createKey({ name }));
  return { baseUrl: baseUrl.trim(), apiKey: key.key, keyId: key.id, keyName: key.name ?? name, email: email.trim(), sessionToken: login.token };
}

export interface SignOutResult {
  /** True when the pane's key was revoked on the service (or there was none of its own). */
  revoked: boolean;
  problem: string | null;
}

export async function signOut(a: Account, fetchImpl: typeof fetch): Promise<SignOutResult> {
  if (!a.keyId || !a.sessionToken) return { revoked: true, problem: null };
  const session = new HyperlinkerClient({ baseUrl: a.baseUrl, fetch: fetchImpl }).withSession(a.sessionToken);
  try {
    await unwrap(a.baseUrl, session.revokeKey(a.keyId));
  } catch (e) {
    if (e instanceof ServiceError && e.status === 404) return { revoked: true, problem: null };
    return { revoked: false, problem: e instanceof Error ? e.message : String(e) };
  }
  await session.logout().catch(() => undefined);
  return { revoked: true, problem: null };
}

export function signedOut(a: Account): Account {
  return { baseUrl: a.baseUrl, apiKey: '', keyId: null, keyName: null, email: null, sessionToken: null };
}
