// The document in use: its name in Word; with the fake host, the file picker, the last selection, the
// linked output to download and the theme switch, following the host's changes.
import { act, click, control, mount, text } from '../../helpers/dom.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DocumentBar } from '../../../addin/components/DocumentBar.tsx';
import { FakeHost } from '../../../addin/host/fake-host.ts';
import type { DocumentHost } from '../../../addin/host/host.ts';
import { S } from '../../../addin/strings.ts';
import { match } from '../fixtures.ts';

test('in Word: the document’s name only, as text', async () => {
  const word = { hostName: 'Word', documentName: () => '<b>Paper</b>.docx' } as unknown as DocumentHost;
  const m = await mount(<DocumentBar host={word} onError={() => undefined} />);
  assert.equal(text(m.container), 'Document: <b>Paper</b>.docx');
  assert.equal(m.container.querySelector('b'), null);
  assert.equal(m.container.querySelector('input'), null, 'no file picker in Word');
  await m.unmount();
});

test('demo mode: the name follows the loaded document; the last selection and the download appear as they happen', async () => {
  const host = new FakeHost();
  const m = await mount(<DocumentBar host={host} onError={() => undefined} />);
  assert.match(text(m.container), /Demo mode \(no Word\): No document/);
  assert.equal(control(m.container, S.host.openDocx).getAttribute('type'), 'file');
  await act(async () => host.loadBytes(new Uint8Array([1, 2, 3]), 'paper.docx'));
  assert.match(text(m.container), /Demo mode \(no Word\): paper\.docx/);
  await act(async () => {
    await host.selectMatch(match('m1', 'figure', 'ready', 'fig1', { sourceText: 'Figure 2' }), { occurrence: 1, map: null });
  });
  assert.equal(text(m.container.querySelector('[data-testid="last-selection"]')!), 'Selected: “Figure 2” (occurrence 2)');
  assert.equal(m.container.querySelector('[data-testid="download-linked"]'), null);
  await act(async () => {
    await host.replaceDocument(Buffer.from(new Uint8Array(3072)).toString('base64'));
  });
  const link = m.container.querySelector<HTMLAnchorElement>('[data-testid="download-linked"]')!;
  assert.equal(text(link), 'Download linked DOCX (3 KB)');
  assert.equal(link.getAttribute('download'), 'paper.docx');
  assert.match(link.getAttribute('href') ?? '', /^blob:/);
  await m.unmount();
});

test('the theme switch sets the demo host’s theme', async () => {
  const host = new FakeHost();
  const m = await mount(<DocumentBar host={host} onError={() => undefined} />);
  const sw = control(m.container, S.host.darkTheme);
  assert.equal(sw.checked, false);
  await click(sw);
  assert.equal(host.theme, 'dark');
  assert.equal(control(m.container, S.host.darkTheme).checked, true);
  await click(control(m.container, S.host.darkTheme));
  assert.equal(host.theme, 'light');
  await m.unmount();
});

test('a picked file that cannot be read is reported through onError', async () => {
  const host = new FakeHost();
  const errors: string[] = [];
  const m = await mount(<DocumentBar host={host} onError={(e) => errors.push(e)} />);
  const picker = control(m.container, S.host.openDocx);
  const broken = { name: 'broken.docx', arrayBuffer: () => Promise.reject(new Error('the file could not be read')) };
  Object.defineProperty(picker, 'files', { configurable: true, value: [broken] });
  await act(async () => {
    picker.dispatchEvent(new window.Event('change', { bubbles: true }) as unknown as Event);
  });
  await act(async () => new Promise((r) => setImmediate(r)));
  assert.deepEqual(errors, ['Error: the file could not be read']);
  assert.equal(host.hasDocument(), false);
  await m.unmount();
});
