// Sign in (login, then the pane's own key), sign out (revoke, logout), against a fake fetch that
// answers as the contract says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keyNameFor, signIn, signOut, signedOut, loadAccount, saveAccount } from '../../../addin/settings/account.ts';
import type { KeyValueStore } from '../../../addin/settings/stores.ts';

type Call = { method: string; url: string; auth: string | null; body: unknown };

function fakeService(revokeStatus = 200): { fetch: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  const impl = async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    calls.push({ method: init?.method ?? 'GET', url, auth: headers.get('authorization'), body: init?.body ? JSON.parse(String(init.body)) : null });
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.endsWith('/auth/login')) {
      const b = calls.at(-1)!.body as { password: string };
      return b.password === 'right' ? json(200, { token: 'sess-1', expires_at: '2030-01-01T00:00:00Z' }) : json(401, { error: 'Invalid credentials' });
    }
    if (url.endsWith('/api-keys') && init?.method === 'POST') return json(201, { key: 'sk_service_live_secret', id: 'k1', name: (calls.at(-1)!.body as { name: string }).name, prefix: 'sk_', created_at: '', trial_credits_granted: 0, api_credits: 0 });
    if (url.includes('/api-keys?id=')) return json(revokeStatus, revokeStatus === 200 ? { ok: true } : { error: 'Not found' });
    if (url.endsWith('/auth/logout')) return json(200, { ok: true });
    return json(404, { error: 'Not found' });
  };
  return { fetch: impl as typeof fetch, calls };
}

test('the key is named after the machine and date, within the 100-character limit', () => {
  assert.equal(keyNameFor('Word OFFICE_ONLINE on Linux', new Date('2026-11-23T10:00:00Z')), 'Word add-in · Word OFFICE_ONLINE on Linux · 2026-11-23');
  assert.ok(keyNameFor('x'.repeat(200), new Date()).length <= 100);
});

test('sign in: login, then the pane creates its own key with the session', async () => {
  const svc = fakeService();
  const a = await signIn('https://svc.example.org', ' me@example.org ', 'right', svc.fetch, 'Browser on Linux', new Date('2026-11-23T00:00:00Z'));
  assert.deepEqual(a, { baseUrl: 'https://svc.example.org', apiKey: 'sk_service_live_secret', keyId: 'k1', keyName: 'Word add-in · Browser on Linux · 2026-11-23', email: 'me@example.org', sessionToken: 'sess-1' });
  assert.deepEqual(svc.calls.map((c) => `${c.method} ${new URL(c.url).pathname} ${c.auth ?? '-'}`), ['POST /auth/login -', 'POST /api-keys sess-1']);
});

test('a wrong password is a 401 and no key is made', async () => {
  const svc = fakeService();
  await assert.rejects(signIn('https://svc.example.org', 'me@example.org', 'wrong', svc.fetch, 'm'), (e: { status?: number }) => e.status === 401);
  assert.equal(svc.calls.length, 1);
});

test('sign out revokes the pane key with the session, then logs out; an already-gone key is fine', async () => {
  const svc = fakeService();
  const a = await signIn('https://svc.example.org', 'me@example.org', 'right', svc.fetch, 'm');
  assert.deepEqual(await signOut(a, svc.fetch), { revoked: true, problem: null });
  assert.deepEqual(svc.calls.slice(2).map((c) => `${c.method} ${new URL(c.url).pathname}${new URL(c.url).search}`), ['DELETE /api-keys?id=k1', 'POST /auth/logout']);
  assert.deepEqual(await signOut(a, fakeService(404).fetch), { revoked: true, problem: null });
  const failed = await signOut(a, fakeService(401).fetch);
  assert.equal(failed.revoked, false);
  assert.ok(failed.problem);
  assert.equal(signedOut(a).apiKey, '');
});

test('a pasted key is not revoked; the account round-trips through the store', async () => {
  const svc = fakeService();
  const pasted = { baseUrl: 'https://svc.example.org', apiKey: 'sk_service_live_x', keyId: null, keyName: null, email: null, sessionToken: null };
  assert.deepEqual(await signOut(pasted, svc.fetch), { revoked: true, problem: null });
  assert.equal(svc.calls.length, 0);
  const map = new Map<string, string>();
  const store: KeyValueStore = { kind: 'memory', get: (k) => map.get(k) ?? null, set: async (k, v) => void map.set(k, v) };
  await saveAccount(store, pasted);
  assert.deepEqual(loadAccount(store, 'https://default'), pasted);
});
