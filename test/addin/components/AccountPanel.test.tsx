// Account: sign in with e-mail and password (the pane makes its own key, never shown), or paste a key;
// signed in, sign out (revoking the pane's key) or forget a pasted key. The service is a fake fetch.
import { act, button, buttons, click, control, mount, submit, text, type } from '../../helpers/dom.ts';
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { useState } from 'react';
import { AccountPanel } from '../../../addin/components/AccountPanel.tsx';
import type { Account } from '../../../addin/settings/account.ts';
import { S } from '../../../addin/strings.ts';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

type Call = { method: string; path: string; auth: string | null };

/** Installs a fake service as the browser's fetch: login accepts the password "right". */
function fakeService(opts: { revokeStatus?: number; down?: boolean } = {}): Call[] {
  const calls: Call[] = [];
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push({ method: init?.method ?? 'GET', path: url.pathname + url.search, auth: new Headers(init?.headers).get('authorization') });
    if (opts.down) throw new TypeError('fetch failed');
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/auth/login') {
      const body = JSON.parse(String(init?.body)) as { password: string };
      return body.password === 'right' ? json(200, { token: 'sess-1', expires_at: '2030-01-01T00:00:00Z' }) : json(401, { error: 'Invalid credentials' });
    }
    if (url.pathname === '/api-keys' && init?.method === 'POST') return json(201, { key: 'sk_service_live_secret', id: 'k1', name: 'Word add-in · Browser', prefix: 'sk_', created_at: '', trial_credits_granted: 0, api_credits: 0 });
    if (url.pathname === '/api-keys/self' && init?.method === 'DELETE') return opts.revokeStatus && opts.revokeStatus !== 200 ? json(opts.revokeStatus, { error: 'Internal error' }) : json(200, { ok: true });
    if (url.pathname === '/auth/logout') return json(200, { ok: true });
    return json(404, { error: 'Not found' });
  }) as typeof fetch;
  return calls;
}

const SIGNED_OUT: Account = { baseUrl: 'https://svc.example.org', apiKey: '', keyId: null, keyName: null, email: null, sessionToken: null };
const OWN_KEY: Account = { baseUrl: 'https://svc.example.org', apiKey: 'sk_service_live_secret', keyId: 'k1', keyName: 'Word add-in · Browser', email: 'me@example.org', sessionToken: 'sess-1' };

async function panel(initial: Account, storeKind = 'local') {
  const changes: Account[] = [];
  function Panel() {
    const [account, setAccount] = useState(initial);
    return <AccountPanel account={account} storeKind={storeKind} onChange={(a) => { changes.push(a); setAccount(a); }} />;
  }
  const m = await mount(<Panel />);
  const settle = () => act(async () => { for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r)); });
  return { m, changes, settle, message: () => text(m.container.querySelector('[data-testid="account-message"]') ?? m.container.ownerDocument.createElement('p')) };
}

async function fillSignIn(root: HTMLElement, email: string, password: string): Promise<void> {
  await type(control(root, S.account.email), email);
  await type(control(root, S.account.password), password);
}

test('Sign in is offered only with a valid address, an e-mail and a password', async () => {
  const { m } = await panel(SIGNED_OUT);
  const signIn = () => button(m.container, S.account.signIn);
  assert.equal(signIn().disabled, true);
  await fillSignIn(m.container, 'me@example.org', 'right');
  assert.equal(signIn().disabled, false);
  await type(control(m.container, S.account.serviceUrl), 'svc.example.org');
  assert.match(text(m.container), new RegExp(S.account.urlProblem));
  assert.equal(signIn().disabled, true);
  await m.unmount();
});

test('signing in creates the pane’s own key with the session and hands the account over; the key is never shown', async () => {
  const calls = fakeService();
  const { m, changes, settle } = await panel(SIGNED_OUT);
  await fillSignIn(m.container, ' me@example.org ', 'right');
  await submit(m.container.querySelector('form')!);
  await settle();
  assert.deepEqual(calls.map((c) => `${c.method} ${c.path} ${c.auth ?? '-'}`), ['POST /auth/login -', 'POST /api-keys sess-1']);
  const a = changes.at(-1)!;
  assert.equal(a.apiKey, 'sk_service_live_secret');
  assert.equal(a.keyId, 'k1');
  assert.equal(a.email, 'me@example.org');
  assert.match(text(m.container), /Signed in as me@example\.org\..*kept in this browser’s storage for the add-in/);
  assert.ok(!m.container.innerHTML.includes('sk_service_live_secret'));
  await m.unmount();
});

test('a wrong password, or a service that cannot be reached, is said in words and changes nothing', async () => {
  fakeService();
  const { m, changes, settle, message } = await panel(SIGNED_OUT);
  await fillSignIn(m.container, 'me@example.org', 'wrong');
  await submit(m.container.querySelector('form')!);
  await settle();
  assert.equal(message(), S.account.badLogin);
  fakeService({ down: true });
  await submit(m.container.querySelector('form')!);
  await settle();
  assert.equal(message(), S.errors.unreachable('https://svc.example.org'));
  assert.deepEqual(changes, []);
  await m.unmount();
});

test('a pasted key: refused with spaces, saved trimmed otherwise, and later forgotten without asking the service', async () => {
  const calls = fakeService();
  const { m, changes } = await panel(SIGNED_OUT, 'office-runtime');
  await click(button(m.container, S.account.usePastedKey));
  await type(control(m.container, S.account.apiKey), 'sk_service live');
  assert.match(text(m.container), new RegExp(S.account.keyProblem.slice(0, 20)));
  assert.equal(button(m.container, S.account.saveKey).disabled, true);
  await type(control(m.container, S.account.apiKey), ' sk_service_live_pasted ');
  await submit(m.container.querySelectorAll('form')[1] as HTMLFormElement);
  assert.deepEqual(changes.at(-1), { ...SIGNED_OUT, apiKey: 'sk_service_live_pasted' });
  assert.match(text(m.container), /Using a pasted API key, kept in Office’s storage for this add-in\./);
  await click(button(m.container, S.account.forgetKey));
  assert.deepEqual(changes.at(-1), SIGNED_OUT);
  assert.deepEqual(calls, [], 'a pasted key is not revoked');
  await m.unmount();
});

test('signing out revokes the pane’s key and says so; a failed revoke is said with what to do', async () => {
  const calls = fakeService();
  const { m, changes, settle, message } = await panel(OWN_KEY);
  assert.equal(control(m.container, S.account.serviceUrl).disabled, true, 'the address is fixed while signed in');
  await click(button(m.container, S.account.signOut));
  await settle();
  assert.deepEqual(calls.slice(0, 1).map((c) => `${c.method} ${c.path} ${c.auth}`), ['DELETE /api-keys/self Bearer sk_service_live_secret'], 'the key revokes itself: no session needed');
  assert.deepEqual(changes.at(-1), SIGNED_OUT);
  assert.equal(message(), S.account.signedOut);
  await m.unmount();

  fakeService({ revokeStatus: 500 });
  const failed = await panel(OWN_KEY);
  await click(button(failed.m.container, S.account.signOut));
  await failed.settle();
  assert.deepEqual(failed.changes.at(-1), { ...SIGNED_OUT, keyId: 'k1', email: 'me@example.org' }, 'signed out here all the same; the key id kept for the next sign-in to revoke');
  assert.match(failed.message(), /Signed out here, but the key could not be revoked on the service \(Internal error \[HTTP 500\]\)\. It is revoked when you next sign in here\./);
  await failed.m.unmount();
});

test('a new service address is handed over when the field is left, not on each keystroke', async () => {
  const { m, changes } = await panel(SIGNED_OUT);
  const field = control(m.container, S.account.serviceUrl);
  await type(field, 'https://other.example.org ');
  assert.deepEqual(changes, []);
  await act(async () => {
    field.dispatchEvent(new window.FocusEvent('focusout', { bubbles: true }) as unknown as Event);
    field.dispatchEvent(new window.FocusEvent('blur') as unknown as Event);
  });
  assert.deepEqual(changes, [{ ...SIGNED_OUT, baseUrl: 'https://other.example.org' }]);
  assert.equal(buttons(m.container, S.account.signOut).length, 0);
  await m.unmount();
});
