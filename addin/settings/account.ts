// Signing in from the pane: e-mail and password (POST /auth/login), then the pane's one key for this
// installation (reused, or POST /api-keys named "Word add-in on <machine>"), kept in the host's storage
// and never shown. Sign out has the key revoke itself (DELETE /api-keys/self, no session needed) and
// ends the session. A pasted key (API-only users) is kept as it is and is not revoked on sign-out.
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

/** "Word add-in on Word OFFICE_ONLINE on Linux" (at most 100 characters, the contract's limit): one key per installation, so no date. */
function keyNameFor(machine: string): string {
  return `Word add-in on ${machine}`.slice(0, 100);
}

/** Keys the pane made (this installation's or another's): the ones it may revoke to stay under the key limit. */
const PANE_KEY_NAME = /^Word add-in( on | · )/;

/**
 * One key per installation. After the login: the pane's stored key (found by its id) is reused while
 * it is live and the pane still holds its secret; a stored key the pane can no longer use is revoked
 * and replaced. At the key limit, the oldest key another pane made is revoked so that signing in never
 * locks the author out (keys the author made for other uses are never touched).
 */
export async function signIn(baseUrl: string, email: string, password: string, fetchImpl: typeof fetch, machine: string, previous: Account | null = null): Promise<Account> {
  const url = baseUrl.trim();
  const client = new HyperlinkerClient({ baseUrl: url, fetch: fetchImpl });
  const login = await unwrap(url, client.login(email.trim(), password));
  const session = client.withSession(login.token);
  const signedIn = (key: { key: string; id: string; name: string }): Account => ({ baseUrl: url, apiKey: key.key, keyId: key.id, keyName: key.name, email: email.trim(), sessionToken: login.token });
  const own = previous && previous.baseUrl.trim() === url ? previous : null;
  let keys = own?.keyId ? (await unwrap(url, session.listKeys())).keys : [];
  if (own?.keyId) {
    const stored = keys.find((k) => k.id === own.keyId && k.is_active);
    if (stored && own.apiKey) return signedIn({ key: own.apiKey, id: stored.id, name: stored.name });
    if (stored) await unwrap(url, session.revokeKey(stored.id)).catch(() => undefined);
  }
  const name = keyNameFor(machine);
  try {
    return signedIn(await unwrap(url, session.createKey({ name })));
  } catch (e) {
    if (!(e instanceof ServiceError) || e.status !== 409) throw e;
    keys = (await unwrap(url, session.listKeys())).keys;
    const oldest = keys.filter((k) => k.is_active && PANE_KEY_NAME.test(k.name)).sort((a, b) => (a.created_at < b.created_at ? -1 : 1))[0];
    if (!oldest) throw e;
    await unwrap(url, session.revokeKey(oldest.id));
    return signedIn(await unwrap(url, session.createKey({ name })));
  }
}

export interface SignOutResult {
  /** True when the pane's key was revoked on the service (or there was none of its own). */
  revoked: boolean;
  problem: string | null;
}

/** The key revokes itself (DELETE /api-keys/self), so sign-out works when the session has expired; then the session ends. */
export async function signOut(a: Account, fetchImpl: typeof fetch): Promise<SignOutResult> {
  if (!a.keyId) return { revoked: true, problem: null };
  const client = new HyperlinkerClient({ baseUrl: a.baseUrl, fetch: fetchImpl });
  let result: SignOutResult = { revoked: true, problem: null };
  try {
    if (a.apiKey) await unwrap(a.baseUrl, client.withApiKey(a.apiKey).revokeOwnApiKey());
  } catch (e) {
    // 401: the key is already refused (revoked elsewhere); 404: already gone. Either way it is no longer live.
    if (!(e instanceof ServiceError && (e.status === 401 || e.status === 404))) result = { revoked: false, problem: e instanceof Error ? e.message : String(e) };
  }
  if (a.sessionToken) await client.withSession(a.sessionToken).logout().catch(() => undefined);
  return result;
}

/** Signed out: the key is forgotten; its id is kept when revoking it failed, so the next sign-in revokes it. */
export function signedOut(a: Account, revoked = true): Account {
  return { baseUrl: a.baseUrl, apiKey: '', keyId: revoked ? null : a.keyId, keyName: null, email: revoked ? null : a.email, sessionToken: null };
}
