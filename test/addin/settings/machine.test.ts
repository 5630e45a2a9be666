// The machine part of the pane's key name: the Office host and platform when Office tells them, else
// "Browser", and the operating system the browser reports.
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { machineName } from '../../../addin/settings/machine.ts';

const g = globalThis as Record<string, unknown>;
const had = { window: g.window, navigator: Object.getOwnPropertyDescriptor(globalThis, 'navigator') };

function environment(office: { host?: string; platform?: string } | null, navigator: Record<string, unknown> | null): void {
  g.window = office ? { Office: { context: office } } : {};
  Object.defineProperty(globalThis, 'navigator', { value: navigator ?? undefined, configurable: true, writable: true });
}

afterEach(() => {
  g.window = had.window;
  if (had.navigator) Object.defineProperty(globalThis, 'navigator', had.navigator);
  else delete g.navigator;
});

test('Word on Windows: host, platform and the OS from userAgentData', () => {
  environment({ host: 'Word', platform: 'PC' }, { userAgentData: { platform: 'Windows' }, platform: 'Win32' });
  assert.equal(machineName(), 'Word PC on Windows');
});

test('Word on the web in a browser without userAgentData: navigator.platform names the OS', () => {
  environment({ host: 'Word', platform: 'OfficeOnline' }, { platform: 'Linux x86_64' });
  assert.equal(machineName(), 'Word OFFICE_ONLINE on Linux x86_64');
});

test('outside Office (the demo page): "Browser" and the OS', () => {
  environment(null, { platform: 'MacIntel' });
  assert.equal(machineName(), 'Browser on MacIntel');
  environment({}, { platform: 'MacIntel' });
  assert.equal(machineName(), 'Browser on MacIntel', 'Office loaded but not in a host');
});

test('nothing known: "Browser" alone, never an empty or "undefined" name', () => {
  environment(null, null);
  assert.equal(machineName(), 'Browser');
  environment({ host: 'Word' }, {});
  assert.equal(machineName(), 'Word', 'a host without a platform reported');
});
