// The whole pane on the fake host with a fake service: the Account tab first when there is no key, a scan
// opening the review, errors in words, the confirmation before a rescan discards decisions, the Track
// Changes question and the result, settings saved with the notice to scan again, and "show in document".
import { button, buttons, click, control, mount, settle, submit, text, type } from '../../helpers/dom.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { App } from '../../../addin/components/App.tsx';
import { FakeHost } from '../../../addin/host/fake-host.ts';
import type { SelectOutcome } from '../../../addin/host/host.ts';
import { ServiceError } from '../../../addin/service-client.ts';
import type { Account } from '../../../addin/settings/account.ts';
import type { KeyValueStore } from '../../../addin/settings/stores.ts';
import { S } from '../../../addin/strings.ts';
import type { ScanPacket } from '../../../shared/contract.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { buildDocx, p } from '../../helpers/docx-builder.ts';
import { fakeService } from '../../helpers/fake-service-client.ts';
import { packet } from '../fixtures.ts';

function memoryStore(): KeyValueStore & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return { kind: 'memory', values, get: (k) => values.get(k) ?? null, set: async (k, v) => void values.set(k, v) };
}

const WITH_KEY: Account = { baseUrl: 'https://svc.example.org', apiKey: 'sk_service_live_x', keyId: null, keyName: null, email: null, sessionToken: null };
const scanPacket = (): ScanPacket => ({ ...packet(), scanFingerprint: 'sha256:ab', scanToken: 'tok', detectedCslId: null });

async function pane(account: Account = WITH_KEY, host = new FakeHost()) {
  if (!host.hasDocument()) host.loadBytes(await buildDocx({ body: p('As Figure 1 shows [1].') }), 'paper.docx');
  const svc = fakeService(scanPacket);
  const store = memoryStore();
  const m = await mount(<App host={host} store={store} initialAccount={account} initialSettings={{ ...DEFAULT_SETTINGS }} clientFor={svc.clientFor} />);
  // A Fluent tab holds its name twice (the second copy reserves the bold width, hidden).
  const tabName = (tab: Element) => text(tab.querySelector('.fui-Tab__content')!);
  const selectedTab = () => tabName(m.container.querySelector('[role="tab"][aria-selected="true"]')!);
  const tab = (name: string) => [...m.container.querySelectorAll('[role="tab"]')].find((x) => tabName(x) === name)!;
  const scan = async (name: string = S.scan.scan) => {
    await click(button(m.container, name));
    await settle();
  };
  return { m, host, svc, store, selectedTab, tab, scan };
}

test('without a key: the Account tab first and no scan; a pasted key saves it and opens the review', async () => {
  const t = await pane({ ...WITH_KEY, apiKey: '' });
  assert.equal(t.selectedTab(), S.app.tabs.connection);
  assert.equal(button(t.m.container, S.scan.scan).disabled, true);
  assert.ok(text(t.m.container).includes(S.scan.needsAccount));
  await click(button(t.m.container, S.account.usePastedKey));
  await type(control(t.m.container, S.account.apiKey), 'sk_service_live_new');
  await submit(t.m.container.querySelectorAll('[data-testid="account"] form')[1] as HTMLFormElement);
  await settle();
  assert.equal(t.selectedTab(), S.app.tabs.review);
  assert.equal(t.store.values.get('apiKey'), 'sk_service_live_new');
  assert.equal(button(t.m.container, S.scan.scan).disabled, false);
  await t.m.unmount();
});

test('Scan document opens the review with the scan’s matches; a failed scan is said in words', async () => {
  const t = await pane();
  assert.equal(t.selectedTab(), S.app.tabs.review);
  t.svc.answer.scan = () => Promise.reject(new ServiceError(401, 'Unauthorized [HTTP 401]', { error: 'Unauthorized' }));
  await t.scan();
  assert.equal(text(t.m.container.querySelector('[data-testid="error"]')!), S.errors.revoked);
  t.svc.answer.scan = async () => scanPacket();
  await t.scan();
  assert.equal(t.m.container.querySelector('[data-testid="error"]'), null);
  assert.match(text(t.m.container.querySelector('[data-testid="review-summary"]')!), /7 matches · 4 need attention/);
  assert.equal(buttons(t.m.container, S.scan.again).length, 1, 'the scan button now scans again');
  await t.m.unmount();
});

test('scanning again after decisions asks first; keeping them scans nothing, confirming scans', async () => {
  const t = await pane();
  await t.scan();
  await click(button(t.m.container, 'Approve all ready (3)'));
  await click(button(t.m.container, S.scan.again));
  assert.match(text(t.m.container.querySelector('[data-testid="confirm-rescan"]')!), new RegExp(S.scan.confirmAgain.replace('?', '\\?')));
  await click(button(t.m.container, S.scan.confirmNo));
  assert.equal(t.svc.calls.scan.length, 1);
  assert.match(text(t.m.container.querySelector('[data-testid="review-summary"]')!), /3 reviewed/);
  await click(button(t.m.container, S.scan.again));
  const confirm = t.m.container.querySelector('[data-testid="confirm-rescan"]')!;
  await click(button(confirm, S.scan.confirmYes));
  await settle();
  assert.equal(t.svc.calls.scan.length, 2);
  assert.match(text(t.m.container.querySelector('[data-testid="review-summary"]')!), /0 reviewed/);
  await t.m.unmount();
});

test('apply with Track Changes on: the question, then the result with Restore original', async () => {
  const host = new FakeHost();
  host.trackMode = 'on';
  const t = await pane(WITH_KEY, host);
  await t.scan();
  await click(button(t.m.container, 'Approve all ready (3)'));
  await click(button(t.m.container, 'Apply 3 links'));
  await settle();
  assert.ok(t.m.container.querySelector('[data-testid="track-changes"]'));
  assert.equal(t.svc.calls.apply.length, 0);
  await click(button(t.m.container, S.trackChanges.turnOff));
  await settle();
  assert.equal(host.trackMode, 'on', 'restored after the apply');
  assert.match(text(t.m.container.querySelector('[data-testid="result"]')!), /3 links added/);
  assert.equal(buttons(t.m.container, S.apply.restore).length, 1);
  assert.equal(t.m.container.querySelector('[data-testid="review-summary"]'), null, 'the review closes once applied');
  await t.m.unmount();
});

test('settings saved after a scan are kept and the pane says to scan again', async () => {
  const t = await pane();
  await t.scan();
  await click(t.tab(S.app.tabs.settings));
  assert.equal(t.selectedTab(), S.app.tabs.settings);
  await click(control(t.m.container, 'Link DOIs to doi.org'));
  await submit(t.m.container.querySelector('form.settings-panel') as HTMLFormElement);
  await settle();
  assert.equal(JSON.parse(t.store.values.get('settings')!).doi, true);
  assert.match(text(t.m.container), new RegExp(S.app.settingsChanged));
  await t.m.unmount();
});

test('Show in document selects the match in the document; when Word cannot find it the pane says why', async () => {
  class Unfindable extends FakeHost {
    override async selectMatch(): Promise<SelectOutcome> {
      return { found: false, message: S.select.textBox };
    }
  }
  const t = await pane(WITH_KEY, new Unfindable());
  await t.scan();
  await click(buttons(t.m.container, /^Show in document/)[0]!);
  await settle();
  assert.match(text(t.m.container), new RegExp(S.select.textBox));
  await t.m.unmount();

  const found = await pane();
  await found.scan();
  await click(buttons(found.m.container, /^Show in document/)[0]!);
  await settle();
  assert.deepEqual(found.host.selections.map((s) => s.refId), ['m2'], 'the first row shown (needs attention first)');
  await found.m.unmount();
});

test('the review reads top-down in steps with counts: Links first, Apply its own step; nothing else above the list', async () => {
  const t = await pane();
  await t.scan();
  const steps = t.m.container.querySelector('[data-testid="review-steps"]')!;
  const names = [...steps.querySelectorAll('[role="tab"]')].map((x) => text(x.querySelector('.fui-Tab__content')!));
  assert.deepEqual(names, [S.app.steps.links(7), S.app.steps.style, S.app.steps.apply], 'no References step without Crossref');
  assert.equal(t.m.container.querySelector('.style-picker, [data-testid="style-picker"]'), null, 'the style step is not above the list');
  assert.equal(t.m.container.querySelector('[data-testid="resolver-panel"]'), null);
  assert.ok(t.m.container.querySelector('.review-panel'));
  await click([...steps.querySelectorAll('[role="tab"]')].find((x) => text(x.querySelector('.fui-Tab__content')!) === S.app.steps.apply)!);
  const apply = t.m.container.querySelector('[data-testid="apply-step"]')!;
  assert.ok(apply);
  assert.equal(button(apply as HTMLElement, S.review.apply(0)).disabled, true, 'nothing approved yet');
  await t.m.unmount();
});
