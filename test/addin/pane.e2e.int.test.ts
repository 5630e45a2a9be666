// End to end in Chromium: the built task pane on the fake host, a real corpus DOCX, the real
// service (or the real engine behind a tiny server): connect, scan, review (bulk approve, select,
// retarget, skip, DOI link), apply, and check the recorded replacement is a linked DOCX.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import JSZip from 'jszip';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildPane } from './e2e/build-pane.ts';
import { startBackend, type Backend } from './e2e/backend.ts';
import { startPaneServer } from './e2e/pane-server.ts';

const repo = new URL('../../', import.meta.url).pathname;
const OUT = join(repo, 'test-output/addin');
const DIST = join(OUT, 'dist');
const CORPUS = join(repo, '../shared/corpus/plos-pone-0117949.docx');
const CHROMIUM = '/usr/bin/chromium';

let backend: Backend;
let pane: { url: string; server: Server };
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];

before(async () => {
  mkdirSync(OUT, { recursive: true });
  buildPane(DIST);
  backend = await startBackend((m) => console.log(`# ${m}`));
  console.log(`# backend: ${backend.kind} at ${backend.url}`);
  pane = await startPaneServer(DIST, backend.url);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  page = await browser.newPage({ viewport: { width: 420, height: 900 } });
  page.on('console', (m) => (m.type() === 'error' ? consoleErrors.push(m.text()) : undefined));
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  page.on('response', (r) => (r.status() >= 400 ? consoleErrors.push(`${r.status()} ${r.url()}`) : undefined));
}, { timeout: 360_000 });

after(async () => {
  await browser?.close();
  await new Promise<void>((r) => (pane ? pane.server.close(() => r()) : r()));
  await backend?.close();
});

test('preconditions: chromium and the corpus file exist', () => {
  assert.ok(existsSync(CHROMIUM), 'apt-get install -y chromium');
  assert.ok(existsSync(CORPUS));
});

test('the demo page starts on the fake host and asks for a connection', async () => {
  await page.goto(`${pane.url}/demo.html`);
  await page.waitForSelector('[data-testid="fake-host"]');
  assert.equal(await page.evaluate(() => document.body.dataset.host), 'Fake');
  await page.waitForSelector('[data-field="apiKey"]');
});

test('connect, open the DOCX and scan', async () => {
  await page.locator('input[data-field="serviceUrl"]').fill(pane.url);
  await page.locator('input[data-field="apiKey"]').fill(backend.apiKey);
  await page.getByRole('button', { name: 'Save connection' }).click();
  await page.setInputFiles('[data-testid="docx-picker"]', CORPUS);
  await page.getByText('plos-pone-0117949.docx').waitFor();
  await page.getByRole('button', { name: 'Scan document' }).click();
  await page.waitForSelector('[data-testid="review-summary"]', { timeout: 120_000 });
  const summary = await page.textContent('[data-testid="review-summary"]');
  assert.match(summary ?? '', /\d+ matches/);
  const rows = await page.locator('li.match-row').count();
  assert.ok(rows > 0, 'the first group is open and lists matches');
  assert.deepEqual(consoleErrors, []);
});

test('clicking a match selects it in the (fake) document', async () => {
  const first = page.locator('li.match-row button.match-text').first();
  const text = (await first.textContent())!;
  await first.click();
  await page.getByTestId('last-selection').waitFor();
  assert.ok((await page.getByTestId('last-selection').textContent())!.includes(text));
  const recorded = await page.evaluate(() => (globalThis as unknown as { __hyperlinkerFakeHost: { selections: { sourceText: string }[] } }).__hyperlinkerFakeHost.selections.length);
  assert.equal(recorded, 1);
});

test('bulk approve, then skip one, retarget one and reject a bad DOI', async () => {
  const approveAll = page.getByRole('button', { name: /^Approve all ready \(\d+\)$/ });
  const n = Number((await approveAll.textContent())!.match(/\((\d+)\)/)![1]);
  assert.ok(n > 0, 'the corpus article has ready matches');
  await approveAll.click();
  await page.getByRole('button', { name: 'Approve all ready (0)' }).waitFor();

  const rows = page.locator('li.match-row');
  await rows.nth(0).getByRole('button', { name: 'Skip' }).click();
  await rows.nth(0).locator('[data-choice="skipped"]').waitFor();

  const row = rows.nth(1);
  await row.getByRole('button', { name: 'Change…' }).click();
  const select = row.getByLabel('Retarget to');
  const options = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  assert.ok(options.length > 1, 'several targets of the same type');
  const current = await select.inputValue();
  const other = options.find((o) => o !== current)!;
  await select.selectOption(other);
  await row.getByRole('button', { name: 'Retarget' }).click();
  await row.locator('[data-choice="retargeted"]').waitFor();

  const row3 = rows.nth(2);
  await row3.getByRole('button', { name: 'Change…' }).click();
  await row3.getByLabel('DOI').fill('not-a-doi');
  await row3.getByRole('button', { name: 'Link DOI' }).click();
  await row3.getByRole('alert').waitFor();
  assert.match((await row3.getByRole('alert').textContent())!, /not a DOI/);
  await row3.getByRole('button', { name: 'Close' }).click();

  await page.screenshot({ path: join(OUT, 'review.png'), fullPage: false });
});

test('apply replaces the document with a linked DOCX', async () => {
  const applyButton = page.getByRole('button', { name: /^Apply \d+ links$/ });
  const planned = Number((await applyButton.textContent())!.match(/\d+/)![0]);
  await applyButton.click();
  await page.getByTestId('result').waitFor({ timeout: 120_000 });
  const resultText = (await page.getByTestId('result').textContent())!;
  const linkCount = Number(resultText.match(/(\d+) links added/)![1]);
  assert.ok(linkCount > 0 && linkCount <= planned, `${linkCount} links of ${planned} planned`);
  await page.getByTestId('download-linked').waitFor();
  await page.screenshot({ path: join(OUT, 'applied.png') });

  const b64 = await page.evaluate(() => {
    const host = (globalThis as unknown as { __hyperlinkerFakeHost: { replacements: { b64: string }[] } }).__hyperlinkerFakeHost;
    return host.replacements.length === 1 ? host.replacements[0]!.b64 : '';
  });
  assert.ok(b64.length > 1000, 'one replacement recorded');
  const bytes = Buffer.from(b64, 'base64');
  writeFileSync(join(OUT, 'plos-pone-0117949.linked.docx'), bytes);
  const zip = await JSZip.loadAsync(bytes);
  const xml = await zip.file('word/document.xml')!.async('string');
  const links = xml.match(/<w:hyperlink\b/g)?.length ?? 0;
  assert.ok(links >= linkCount * 0.5, `document.xml has ${links} hyperlinks`);
  assert.deepEqual(consoleErrors, []);
});
