// Sign in (login, then the installation's one key: reused, replaced, or made; the key limit never locks
// the pane out), sign out (the key revokes itself, then logout; works with an expired session),
// against a fake fetch that answers as the contract says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { signIn, signOut, signedOut, loadAccount, saveAccount, type Account } from '../../../addin/settings/account.ts';
import type { KeyValueStore } from '../../../addin/settings/stores.ts';
import { urlOf } from '../../helpers/fetch-url.ts';

type Call = { method: string; url: string; auth: string | null; body: unknown };
interface Key { id: string; name: string; is_active: boolean; created_at: string; secret: string }

/** A service with a key table: POST /api-keys (409 at `limit` active keys), GET, DELETE ?id= (session), DELETE /api-keys/self (the key itself). */
function fakeService(opts: { limit?: number; sessionLive?: boolean; keys?: Key[] } = {}): { fetch: typeof fetch; calls: Call[]; keys: Key[] } {
  const calls: Call[] = [];
  const keys: Key[] = opts.keys ?? [];
  let n = keys.length;
  const impl = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(urlOf(input));
    const headers = new Headers(init?.headers);
    const auth = headers.get('authorization');
    const method = init?.method ?? 'GET';
    calls.push({ method, url: urlOf(input), auth, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const session = auth === 'sess-1' && opts.sessionLive !== false;
    if (url.pathname === '/auth/login') {
      const b = calls.at(-1)!.body as { password: string };
      return b.password === 'right' ? json(200, { token: 'sess-1', expires_at: '2030-01-01T00:00:00Z' }) : json(401, { error: 'Invalid credentials' });
    }
    if (url.pathname === '/api-keys/self' && method === 'DELETE') {
      const k = keys.find((x) => `Bearer ${x.secret}` === auth && x.is_active);
      if (!k) return json(401, { error: 'Invalid API key', reason: 'invalid_api_key' });
      k.is_active = false;
      return json(200, { ok: true });
    }
    if (url.pathname === '/api-keys') {
      if (!session) return json(401, { error: 'Unauthorized' });
      if (method === 'GET') return json(200, { keys: keys.map(({ secret: _s, ...k }) => k) });
      if (method === 'POST') {
        if (keys.filter((k) => k.is_active).length >= (opts.limit ?? 10)) return json(409, { error: 'API key limit reached', reason: 'key_limit_reached' });
        n++;
        const k = { id: `k${n}`, name: (calls.at(-1)!.body as { name: string }).name, is_active: true, created_at: `2026-11-${String(n).padStart(2, '0')}T00:00:00Z`, secret: `sk_service_live_${n}` };
        keys.push(k);
        return json(201, { key: k.secret, id: k.id, name: k.name, prefix: 'sk_', created_at: k.created_at, trial_credits_granted: 0, api_credits: 0 });
      }
      if (method === 'DELETE') {
        const k = keys.find((x) => x.id === url.searchParams.get('id') && x.is_active);
        if (!k) return json(404, { error: 'Not found' });
        k.is_active = false;
        return json(200, { ok: true });
      }
    }
    if (url.pathname === '/auth/logout') return session ? json(200, { ok: true }) : json(401, { error: 'Unauthorized' });
    return json(404, { error: 'Not found' });
  };
  return { fetch: impl, calls, keys };
}

const URL_ = 'https://svc.example.org';
const active = (keys: Key[]) => keys.filter((k) => k.is_active).map((k) => k.id);

test('the key is named after the installation, without a date, within the 100-character limit', async () => {
  const named = async (machine: string) => (await signIn(URL_, 'me@example.org', 'right', fakeService().fetch, machine)).keyName;
  assert.equal(await named('Word OFFICE_ONLINE on Linux'), 'Word add-in on Word OFFICE_ONLINE on Linux');
  assert.ok((await named('x'.repeat(200)))!.length <= 100);
});

test('sign in: login, then the pane creates its key with the session', async () => {
  const svc = fakeService();
  const a = await signIn(URL_, ' me@example.org ', 'right', svc.fetch, 'Browser on Linux');
  assert.deepEqual(a, { baseUrl: URL_, apiKey: 'sk_service_live_1', keyId: 'k1', keyName: 'Word add-in on Browser on Linux', email: 'me@example.org', sessionToken: 'sess-1' });
  assert.deepEqual(svc.calls.map((c) => `${c.method} ${new URL(c.url).pathname} ${c.auth ?? '-'}`), ['POST /auth/login -', 'POST /api-keys sess-1']);
});

test('a wrong password is a 401 and no key is made', async () => {
  const svc = fakeService();
  await assert.rejects(signIn(URL_, 'me@example.org', 'wrong', svc.fetch, 'm'), (e: { status?: number }) => e.status === 401);
  assert.equal(svc.calls.length, 1);
});

test('the stored key is reused while it is live and held; a stored key the pane cannot use is revoked and replaced', async () => {
  const svc = fakeService();
  const first = await signIn(URL_, 'me@example.org', 'right', svc.fetch, 'm');
  const again = await signIn(URL_, 'me@example.org', 'right', svc.fetch, 'm', first);
  assert.equal(again.keyId, first.keyId);
  assert.equal(again.apiKey, first.apiKey);
  assert.deepEqual(active(svc.keys), ['k1']);
  // Sign-out could not revoke (service unreachable): the id is kept, the secret forgotten; the next sign-in replaces it.
  const half = signedOut(first, false);
  assert.equal(half.apiKey, '');
  assert.equal(half.keyId, 'k1');
  const replaced = await signIn(URL_, 'me@example.org', 'right', svc.fetch, 'm', half);
  assert.equal(replaced.keyId, 'k2');
  assert.deepEqual(active(svc.keys), ['k2']);
});

test('ten sign-ins (each after a sign-out) leave one key', async () => {
  const svc = fakeService({ limit: 3 });
  let a: Account | null = null;
  for (let i = 0; i < 10; i++) {
    a = await signIn(URL_, 'me@example.org', 'right', svc.fetch, 'm', a);
    const r = await signOut(a, svc.fetch);
    assert.equal(r.revoked, true);
    a = signedOut(a, r.revoked);
  }
  a = await signIn(URL_, 'me@example.org', 'right', svc.fetch, 'm', a);
  assert.equal(active(svc.keys).length, 1);
});

test('at the key limit the oldest key another pane made is revoked; the author’s own keys are never touched', async () => {
  const mine = (id: string, name: string, day: string): Key => ({ id, name, is_active: true, created_at: `2026-10-${day}T00:00:00Z`, secret: `s-${id}` });
  const svc = fakeService({ limit: 3, keys: [mine('cli', 'laptop CLI', '01'), mine('p1', 'Word add-in · Word on Mac · 2026-10-02', '02'), mine('p2', 'Word add-in on Word on Windows', '03')] });
  const a = await signIn(URL_, 'me@example.org', 'right', svc.fetch, 'Browser');
  assert.equal(a.keyName, 'Word add-in on Browser');
  assert.deepEqual(active(svc.keys), ['cli', 'p2', 'k4']);
  // Only the author's own keys at the limit: the 409 is said, nothing of theirs revoked.
  const full = fakeService({ limit: 1, keys: [mine('cli', 'laptop CLI', '01')] });
  await assert.rejects(signIn(URL_, 'me@example.org', 'right', full.fetch, 'Browser'), (e: { status?: number }) => e.status === 409);
  assert.deepEqual(active(full.keys), ['cli']);
});

test('sign out: the key revokes itself, then logout; with an expired session too; a key already refused is fine', async () => {
  const svc = fakeService();
  const a = await signIn(URL_, 'me@example.org', 'right', svc.fetch, 'm');
  assert.deepEqual(await signOut(a, svc.fetch), { revoked: true, problem: null });
  assert.deepEqual(svc.calls.slice(2).map((c) => `${c.method} ${new URL(c.url).pathname} ${c.auth}`), ['DELETE /api-keys/self Bearer sk_service_live_1', 'POST /auth/logout sess-1']);
  assert.deepEqual(active(svc.keys), []);

  const expired = fakeService({ sessionLive: false, keys: [{ id: 'k9', name: 'Word add-in on m', is_active: true, created_at: '', secret: 'sk_9' }] });
  const stale: Account = { baseUrl: URL_, apiKey: 'sk_9', keyId: 'k9', keyName: 'Word add-in on m', email: 'me@example.org', sessionToken: 'sess-1' };
  assert.deepEqual(await signOut(stale, expired.fetch), { revoked: true, problem: null });
  assert.deepEqual(active(expired.keys), [], 'revoked although the session had expired');
  assert.deepEqual(await signOut(stale, expired.fetch), { revoked: true, problem: null }, 'already revoked: nothing left to do');

  const down = (async () => {
    throw new TypeError('fetch failed');
  }) as unknown as typeof fetch;
  const failed = await signOut(stale, down);
  assert.equal(failed.revoked, false);
  assert.ok(failed.problem);
  assert.equal(signedOut(a).apiKey, '');
});

test('a pasted key is not revoked; the account round-trips through the store', async () => {
  const svc = fakeService();
  const pasted = { baseUrl: URL_, apiKey: 'sk_service_live_x', keyId: null, keyName: null, email: null, sessionToken: null };
  assert.deepEqual(await signOut(pasted, svc.fetch), { revoked: true, problem: null });
  assert.equal(svc.calls.length, 0);
  const map = new Map<string, string>();
  const store: KeyValueStore = { kind: 'memory', get: (k) => map.get(k) ?? null, set: async (k, v) => void map.set(k, v) };
  await saveAccount(store, pasted);
  assert.deepEqual(loadAccount(store, 'https://default'), pasted);
});
