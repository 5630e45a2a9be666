// Which document host the pane starts with: Word when Office says so (with Office's theme), an error in
// words in another Office application, the fake host outside Office (loading ?docx= when given); and
// inside Office it waits for Office however long, telling the user once when it is slow.
import { afterEach, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { pickHost } from '../../../addin/boot/pick-host.ts';
import { FakeHost } from '../../../addin/host/fake-host.ts';
import { WordHost } from '../../../addin/host/word-host.ts';
import { S } from '../../../addin/strings.ts';
import { deferred } from '../../helpers/fake-service-client.ts';
import { urlOf } from '../../helpers/fetch-url.ts';

const g = globalThis as Record<string, unknown>;
const saved = { Office: g.Office, fetch: globalThis.fetch };
afterEach(() => {
  g.Office = saved.Office;
  globalThis.fetch = saved.fetch;
  delete g.__hyperlinkerFakeHost;
  mock.timers.reset();
});

const HostType = { Word: 'Word', Excel: 'Excel' };

function office(ready: () => Promise<{ host: unknown }>, theme?: { bodyBackgroundColor?: string }): void {
  g.Office = { onReady: ready, HostType, context: theme ? { officeTheme: theme } : {} };
}

test('in Word: the Word host, with Office’s theme', async () => {
  office(async () => ({ host: 'Word' }), { bodyBackgroundColor: '#262626' });
  const picked = await pickHost('');
  assert.ok(picked.host instanceof WordHost);
  assert.deepEqual(picked.officeTheme, { bodyBackgroundColor: '#262626' });
});

test('in another Office application: an error naming it, never the demo mode', async () => {
  office(async () => ({ host: 'Excel' }));
  await assert.rejects(pickHost(''), { name: 'UnsupportedHostError', message: S.errors.wordOnly('Excel') });
});

test('office.js loaded outside Office (no host) or no Office at all: the fake host, reachable by the browser tests', async () => {
  office(async () => ({ host: null }));
  const inBrowser = await pickHost('');
  assert.ok(inBrowser.host instanceof FakeHost);
  assert.equal(inBrowser.officeTheme, undefined);
  assert.equal(g.__hyperlinkerFakeHost, inBrowser.host);
  delete g.Office;
  const plain = await pickHost('');
  assert.ok(plain.host instanceof FakeHost);
  assert.equal(plain.host.hasDocument(), false);
});

test('?docx= opens that document in the fake host; one that cannot be loaded leaves it empty (the pane still starts)', async () => {
  delete g.Office;
  const asked: string[] = [];
  globalThis.fetch = async (url: string | URL | Request) => {
    asked.push(urlOf(url));
    return urlOf(url).includes('missing') ? new Response('no', { status: 404 }) : new Response(new Uint8Array([80, 75, 3, 4]));
  };
  const picked = await pickHost('?docx=%2Fsamples%2FMy%20paper.docx');
  const host = picked.host as FakeHost;
  assert.deepEqual(asked, ['/samples/My paper.docx']);
  assert.equal(host.documentName(), 'My paper.docx');
  assert.deepEqual(await host.getDocx(), new Uint8Array([80, 75, 3, 4]));

  const warn = mock.method(console, 'warn', () => undefined);
  const empty = (await pickHost('?docx=/missing.docx')).host as FakeHost;
  assert.equal(empty.hasDocument(), false);
  assert.equal(warn.mock.callCount(), 1);
  warn.mock.restore();
});

test('Office slow to answer: onSlow once after the delay, then Word as usual; a quick answer says nothing', async () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  const ready = deferred<{ host: unknown }>();
  office(() => ready.promise);
  let slow = 0;
  const picking = pickHost('', () => slow++, 5000);
  mock.timers.tick(4999);
  assert.equal(slow, 0);
  mock.timers.tick(1);
  assert.equal(slow, 1);
  mock.timers.tick(60_000);
  assert.equal(slow, 1, 'said once');
  ready.resolve({ host: 'Word' });
  assert.ok((await picking).host instanceof WordHost, 'it never falls into demo mode');

  office(async () => ({ host: 'Word' }));
  await pickHost('', () => slow++, 5000);
  mock.timers.tick(10_000);
  assert.equal(slow, 1, 'the timer was cleared when Office answered');
});
