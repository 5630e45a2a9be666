// End to end in Chromium at 320 px: the built task pane on the fake host, calling the real service
// (own MariaDB database, CORS for the pane's origin) on a corpus manuscript with 325 matches:
// sign in, scan, needs-attention filter, retarget with search, apply (verified), restore original,
// an edit during review with Track Changes on, a revoked key, sign out, and the service down.
// Screenshots of each stage in light and dark theme land in test-output/addin/screens (and in
// ADDIN_SCREENSHOTS_DIR when set, e.g. docs/addin-screens).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import JSZip from 'jszip';
import type { Browser, Page } from 'playwright-core';
import type { Backend } from './backend.ts';
import { CHROMIUM, panePage, startPaneSession, type PaneSession } from './session.ts';

const repo = new URL('../../../', import.meta.url).pathname;
const OUT = join(repo, 'test-output/addin');
const SCREENS = join(OUT, 'screens');
const DIST = join(OUT, 'dist');
const CORPUS = join(repo, '../shared/corpus/plos-pcbi-1004082.docx');
const EDIT_TEXT = 'A sentence the author added while reviewing.';

let backend: Backend;
let pane: { url: string; server: Server };
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];
/** Errors the test provokes on purpose (revoked key, service down). */
let expectErrors = false;

type FakeHostGlobal = {
  __hyperlinkerFakeHost: {
    replacements: { b64: string }[];
    selections: { refId: string }[];
    trackMode: string;
    revisions: { plan: { links: { text: string; address: string }[]; bookmarks: unknown[] }; trackMode: string }[];
    getDocx(): Promise<Uint8Array>;
    loadBytes(b: Uint8Array): void;
    selectAt(p: number, o: number, t: string): void;
    setTheme(t: string): void;
  };
};

let session: PaneSession | undefined;

before(async () => {
  mkdirSync(SCREENS, { recursive: true });
  session = await startPaneSession(DIST);
  ({ pane, backend, browser } = session);
  page = await panePage(browser, consoleErrors);
  page.on('console', (m) => (m.type() === 'error' && !expectErrors ? consoleErrors.push(m.text()) : undefined));
  page.on('response', (r) => (r.status() >= 400 && !expectErrors ? consoleErrors.push(`${r.status()} ${r.url()}`) : undefined));
}, { timeout: 360_000 });

after(async () => {
  await session?.close();
});

/** The stage in light and dark theme, at 320 px. */
async function shot(name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => (globalThis as unknown as FakeHostGlobal).__hyperlinkerFakeHost.setTheme(t), theme);
    await page.waitForFunction((t) => document.body.dataset.theme === t, theme);
    await page.waitForTimeout(150);
    const file = join(SCREENS, `${name}-${theme}.png`);
    await page.screenshot({ path: file });
    if (process.env.ADDIN_SCREENSHOTS_DIR) {
      mkdirSync(process.env.ADDIN_SCREENSHOTS_DIR, { recursive: true });
      copyFileSync(file, join(process.env.ADDIN_SCREENSHOTS_DIR, `${name}-${theme}.png`));
    }
  }
  await page.evaluate(() => (globalThis as unknown as FakeHostGlobal).__hyperlinkerFakeHost.setTheme('light'));
}

async function pick(testId: string, option: RegExp): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).click();
}

async function summary(): Promise<string> {
  return (await page.getByTestId('review-summary').textContent()) ?? '';
}

test('preconditions: chromium and the corpus file exist', () => {
  assert.ok(existsSync(CHROMIUM), 'apt-get install -y chromium');
  assert.ok(existsSync(CORPUS));
});

test('sign in inside the pane: the pane makes its own key and never shows it', async () => {
  await page.goto(`${pane.url}/demo.html`);
  await page.waitForSelector('[data-testid="fake-host"]');
  assert.equal(await page.evaluate(() => document.body.dataset.host), 'Fake');
  await page.locator('input[data-field="serviceUrl"]').fill(backend.url);
  await page.locator('input[data-field="serviceUrl"]').blur();
  await page.locator('input[data-field="email"]').fill(backend.email);
  await page.locator('input[data-field="password"]').fill(backend.password);
  await shot('01-sign-in');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Scan document' }).waitFor();
  const keys = await backend.session.listKeys();
  assert.ok(keys.ok);
  const own = keys.data.keys.filter((k) => k.is_active && /^Word add-in on /.test(k.name));
  assert.equal(own.length, 1, 'one key named after the installation');
  assert.ok(!(await page.content()).includes('sk_service_live'), 'the key is never in the page');
  await page.getByRole('tab', { name: 'Account' }).click();
  await page.getByTestId('signed-in').waitFor();
  assert.ok(!(await page.content()).includes('sk_service_live'));
  await page.getByRole('tab', { name: 'Review' }).click();
});

test('scan a 325-match manuscript: needs-attention first', async () => {
  await page.setInputFiles('[data-testid="docx-picker"]', CORPUS);
  await page.getByText('plos-pcbi-1004082.docx').waitFor();
  await page.getByRole('button', { name: 'Scan document' }).click();
  await page.getByTestId('review-summary').waitFor({ timeout: 120_000 });
  const s = await summary();
  const total = Number(s.match(/(\d+) matches/)![1]);
  const attention = Number(s.match(/(\d+) need attention/)![1]);
  assert.ok(total >= 300, s);
  assert.ok(attention > 0, s);
  // The list opens on what needs attention, and only those rows are listed.
  assert.match((await page.getByTestId('shown-count').textContent())!, new RegExp(`^${attention} of ${total} shown`));
  const statuses = await page.locator('.match-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')));
  assert.ok(statuses.length > 0 && statuses.every((st) => st !== 'ready'), statuses.join());
  await shot('02-needs-attention');
});

test('virtualised list: only rows in view are in the DOM, and a decision re-renders one row', async () => {
  await pick('status-filter', /^All matches/);
  const shown = (await page.getByTestId('shown-count').textContent())!;
  assert.match(shown, /^\d+ shown/);
  const inDom = await page.locator('.match-row').count();
  assert.ok(inDom < 40, `${inDom} rows rendered of ${shown}`);
  // Measure on ready rows (their Approve is enabled); the list opens on the unmatched ones.
  await pick('status-filter', /^Ready$/);
  const timings: number[] = [];
  const renders: number[] = [];
  for (let i = 0; i < 10; i++) {
    const r = await page.evaluate(async (n) => {
      // React flushes a click's update in a task after the event: wait for a macrotask (MessageChannel, no timer clamp).
      const rows = [...document.querySelectorAll<HTMLElement>('.match-row[data-status="ready"]:not([class*="decided-"])')];
      const row = rows[n % rows.length]!;
      row.click(); // make it current first: the click under test touches only this row
      await new Promise<void>((res) => { const c = new MessageChannel(); c.port1.onmessage = () => res(); c.port2.postMessage(0); });
      const mounted = new Set([...document.querySelectorAll('.match-row')].map((r) => r.getAttribute('data-refid')));
      globalThis.__hyperlinkerRowRenders = [];
      const approve = row.querySelector<HTMLButtonElement>('.match-actions button')!;
      const t0 = performance.now();
      approve.click();
      await new Promise<void>((res) => { const c = new MessageChannel(); c.port1.onmessage = () => res(); c.port2.postMessage(0); });
      const ms = performance.now() - t0;
      // Rows already on screen that rendered again (rows scrolled into view mount, which is not a re-render).
      const count = new Set(globalThis.__hyperlinkerRowRenders.filter((id) => mounted.has(id))).size;
      globalThis.__hyperlinkerRowRenders = undefined;
      return { ms, count };
    }, i);
    timings.push(r.ms);
    renders.push(r.count);
  }
  timings.sort((a, b) => a - b);
  console.log(`# per-click render: median ${timings[5]!.toFixed(1)} ms, max ${timings[9]!.toFixed(1)} ms; rows re-rendered per click: ${renders.join(',')}`);
  assert.ok(renders.every((n) => n === 1), `one row per click, got ${renders.join(',')}`);
  // Keyboard: arrow down moves the one tab stop, S skips the current row.
  const first = page.locator('.match-row').first();
  await first.focus();
  await page.keyboard.press('ArrowDown');
  const current = page.locator('.match-row.current');
  const refId = await current.getAttribute('data-refid');
  await page.keyboard.press('s');
  await page.locator(`.match-row[data-refid="${refId}"] [data-choice="skipped"]`).waitFor();
  const label = await page.locator(`.match-row[data-refid="${refId}"] .match-actions button`).first().getAttribute('aria-label');
  assert.match(label ?? '', /^Approve \w+ \d+ “.+” → .+/);
});

test('selecting in the pane selects in the document, and selecting in the document selects in the pane', async () => {
  const row = page.locator('.match-row').nth(3);
  const refId = (await row.getAttribute('data-refid'))!;
  await row.locator('.match-text').click();
  const selected = await page.evaluate(() => (globalThis as unknown as FakeHostGlobal).__hyperlinkerFakeHost.selections.at(-1)?.refId);
  assert.equal(selected, refId);
  // The cursor put on another match in "Word" makes that match the pane's current row.
  const other = page.locator('.match-row:not(.current)').nth(2);
  const otherId = (await other.getAttribute('data-refid'))!;
  const paragraph = Number(await other.getAttribute('data-paragraph'));
  const start = Number(await other.getAttribute('data-start'));
  await page.evaluate(([p, o]) => (globalThis as unknown as FakeHostGlobal).__hyperlinkerFakeHost.selectAt(p!, o!, 'x'.repeat(o! + 20)), [paragraph, start]);
  await page.locator(`.match-row.current[data-refid="${otherId}"]`).waitFor();
});

test('retarget a citation through the searchable combobox', async () => {
  await pick('status-filter', /^All matches/);
  await pick('kind-filter', /^Citations/);
  await page.getByTestId('match-list').evaluate((el) => el.scrollTo(0, 0));
  const refId = (await page.locator('.match-row[data-status="ready"]').first().getAttribute('data-refid'))!;
  const row = page.locator(`.match-row[data-refid="${refId}"]`);
  await row.getByRole('button', { name: 'Change…' }).click();
  const combo = row.getByRole('combobox', { name: 'Retarget to' });
  await combo.click();
  const options = await page.getByRole('option').allTextContents();
  assert.ok(options.length > 5, `targets listed: ${options.length}`);
  const wanted = options[4]!;
  const word = wanted.split(/\s+/).find((w) => w.length >= 5 && !/^\[?\d/.test(w)) ?? wanted.slice(0, 6);
  await combo.fill(word);
  await page.waitForFunction((n) => document.querySelectorAll('[role="option"]').length < n, options.length);
  const filtered = await page.getByRole('option').allTextContents();
  assert.ok(filtered.length < options.length && filtered.includes(wanted), `"${word}" narrows ${options.length} to ${filtered.length}`);
  await page.getByRole('option', { name: wanted, exact: true }).click();
  await shot('03-retarget-search');
  await row.getByRole('button', { name: 'Retarget', exact: true }).click();
  await page.locator(`.match-row[data-refid="${refId}"] [data-choice="retargeted"]`).waitFor();
  await page.locator(`.match-row[data-refid="${refId}"]`).getByRole('button', { name: 'Close' }).click();
});

test('apply: replaced, verified, and the original can be restored', async () => {
  await page.getByRole('button', { name: /^Approve all ready \(\d+\)$/ }).click();
  const applyButton = page.getByRole('button', { name: /^Apply \d+ links$/ });
  const planned = Number((await applyButton.textContent())!.match(/\d+/)![0]);
  const original = await page.evaluate(async () => Array.from(await (globalThis as unknown as FakeHostGlobal).__hyperlinkerFakeHost.getDocx()).length);
  await applyButton.click();
  await page.getByTestId('result').waitFor({ timeout: 120_000 });
  await page.getByTestId('verified').waitFor({ timeout: 60_000 });
  const linkCount = Number((await page.getByTestId('result').textContent())!.match(/(\d+) links added/)![1]);
  assert.ok(linkCount > 250 && linkCount <= planned, `${linkCount} links of ${planned}`);
  const b64 = await page.evaluate(() => (globalThis as unknown as FakeHostGlobal).__hyperlinkerFakeHost.replacements.at(-1)!.b64);
  const xml = await (await JSZip.loadAsync(Buffer.from(b64, 'base64'))).file('word/document.xml')!.async('string');
  assert.ok((xml.match(/<w:hyperlink\b/g)?.length ?? 0) >= linkCount * 0.9);
  await shot('04-applied-verified');
  await page.getByRole('button', { name: 'Restore original' }).click();
  await page.getByTestId('restored').waitFor({ timeout: 60_000 });
  const now = await page.evaluate(async () => Array.from(await (globalThis as unknown as FakeHostGlobal).__hyperlinkerFakeHost.getDocx()));
  assert.equal(now.length, original);
  assert.deepEqual(Buffer.from(now), readFileSync(CORPUS), 'the document is byte for byte the original');
  await shot('05-restored');
  assert.deepEqual(consoleErrors, []);
});

test('an edit during review is kept: rescanned, decisions carried over; Track Changes asked first', async () => {
  await page.getByRole('button', { name: 'Scan again' }).click();
  await page.getByRole('button', { name: /^Approve all ready \(\d+\)$/ }).waitFor({ timeout: 120_000 });
  await page.getByRole('button', { name: /^Approve all ready \(\d+\)$/ }).click();
  const decided = Number((await summary()).match(/(\d+) reviewed/)![1]);
  // The author types in Word while the pane is open: a new first paragraph.
  const zip = await JSZip.loadAsync(readFileSync(CORPUS));
  const xml = await zip.file('word/document.xml')!.async('string');
  zip.file('word/document.xml', xml.replace(/<w:body>/, `<w:body><w:p><w:r><w:t>${EDIT_TEXT}</w:t></w:r></w:p>`));
  const edited = Array.from(await zip.generateAsync({ type: 'uint8array' }));
  await page.evaluate((bytes) => {
    const host = (globalThis as unknown as FakeHostGlobal).__hyperlinkerFakeHost;
    host.loadBytes(new Uint8Array(bytes));
    host.trackMode = 'on';
  }, edited);
  await page.getByRole('button', { name: /^Apply \d+ links$/ }).click();
  await page.getByTestId('track-changes').waitFor();
  await shot('06-track-changes');
  await page.getByRole('button', { name: 'Turn off and apply' }).click();
  await page.getByTestId('result').waitFor({ timeout: 180_000 });
  await page.getByTestId('carried').waitFor();
  assert.match((await page.getByTestId('carried').textContent())!, new RegExp(`your ${decided} decisions were carried over`));
  assert.equal(await page.evaluate(() => (globalThis as unknown as FakeHostGlobal).__hyperlinkerFakeHost.trackMode), 'on', 'Track Changes is back as the author had it');
  const b64 = await page.evaluate(() => (globalThis as unknown as FakeHostGlobal).__hyperlinkerFakeHost.replacements.at(-1)!.b64);
  const out = await (await JSZip.loadAsync(Buffer.from(b64, 'base64'))).file('word/document.xml')!.async('string');
  assert.ok(out.includes(EDIT_TEXT), 'the edit made during review is in the linked document');
  assert.ok((out.match(/<w:hyperlink\b/g)?.length ?? 0) > 250);
  await page.getByTestId('verified').waitFor();
  await shot('07-edit-carried-over');
  assert.deepEqual(consoleErrors, []);
});

test('Track Changes on: "apply as tracked changes" makes each link a tracked change, nothing replaced, Track Changes as the author had it', async () => {
  await page.evaluate((bytes) => {
    const host = (globalThis as unknown as FakeHostGlobal).__hyperlinkerFakeHost;
    host.loadBytes(new Uint8Array(bytes));
    host.trackMode = 'off';
  }, Array.from(readFileSync(CORPUS)));
  await page.getByRole('button', { name: 'Scan again' }).click();
  await page.getByRole('button', { name: /^Approve all ready \(\d+\)$/ }).waitFor({ timeout: 120_000 });
  await page.getByRole('button', { name: /^Approve all ready \(\d+\)$/ }).click();
  const replacedBefore = await page.evaluate(() => (globalThis as unknown as FakeHostGlobal).__hyperlinkerFakeHost.replacements.length);
  await page.evaluate(() => ((globalThis as unknown as FakeHostGlobal).__hyperlinkerFakeHost.trackMode = 'on'));
  await page.getByRole('button', { name: /^Apply \d+ links$/ }).click();
  await page.getByTestId('track-changes').waitFor();
  await page.getByRole('button', { name: 'Apply as tracked changes' }).click();
  await page.getByTestId('result').waitFor({ timeout: 180_000 });
  const result = (await page.getByTestId('result').textContent())!;
  const linkCount = Number(result.match(/(\d+) links added/)![1]);
  assert.match(result, new RegExp(`${linkCount} links made as tracked changes`));
  const host = await page.evaluate(() => {
    const h = (globalThis as unknown as FakeHostGlobal).__hyperlinkerFakeHost;
    return { revisions: h.revisions, replacements: h.replacements.length, trackMode: h.trackMode };
  });
  assert.equal(host.replacements, replacedBefore, 'the document was not replaced');
  assert.equal(host.revisions.length, 1);
  assert.equal(host.revisions[0]!.trackMode, 'on', 'the links were made with Track Changes on');
  assert.equal(host.revisions[0]!.plan.links.length, linkCount, 'one tracked edit per link written');
  assert.ok(host.revisions[0]!.plan.bookmarks.length > 0);
  assert.ok(host.revisions[0]!.plan.links.every((l) => l.address.startsWith('#') || /^https?:/.test(l.address)));
  assert.equal(host.trackMode, 'on', 'Track Changes as the author had it');
  await page.getByTestId('verified').waitFor();
  await shot('15-tracked-changes');
  assert.deepEqual(consoleErrors, []);
});

test('a revoked key is said in words, with the fix', async () => {
  const keys = await backend.session.listKeys();
  assert.ok(keys.ok);
  for (const k of keys.data.keys.filter((k) => k.is_active)) await backend.session.revokeKey(k.id);
  expectErrors = true;
  await page.getByRole('button', { name: 'Scan again' }).click();
  await page.getByTestId('error').waitFor({ timeout: 60_000 });
  assert.match((await page.getByTestId('error').textContent())!, /Your key was revoked or is no longer valid: sign in again/);
  await shot('08-revoked-key');
});

test('sign out, sign in again, then the service goes down: said in words', async () => {
  await page.getByRole('tab', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.locator('input[data-field="password"]').fill(backend.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: /Scan/ }).waitFor();
  assert.equal(await page.getByTestId('error').count(), 0, 'signing in again clears the revoked-key error');
  await backend.stop();
  await page.getByRole('button', { name: 'Scan again' }).click();
  await page.getByTestId('error').filter({ hasText: 'not reachable' }).waitFor({ timeout: 60_000 });
  const text = (await page.getByTestId('error').textContent())!;
  assert.match(text, new RegExp(`The service is not reachable at ${backend.url.replace(/[.]/g, '\\.')}`));
  assert.ok(!/Non-JSON/.test(text));
  await shot('09-service-down');
});
