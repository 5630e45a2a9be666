// Issue 20 in Chromium at 320 px against the real service and MariaDB: the author's work survives
// the pane. 50 matches approved, the pane reloaded, the review resumed with all 50; then the service
// restarted with a new TOKEN_SECRET (every scan token it gave is foreign now) and apply still applies
// every decision without signing in again.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import JSZip from 'jszip';
import type { Browser, Page } from 'playwright-core';
import type { Backend } from './backend.ts';
import { CHROMIUM, panePage, startPaneSession, type PaneSession } from './session.ts';
import { CORPUS_DIR } from '../../helpers/corpus.ts';

const repo = new URL('../../../', import.meta.url).pathname;
const OUT = join(repo, 'test-output/addin-keeps-work');
const DIST = join(OUT, 'dist');
const CORPUS = join(CORPUS_DIR, 'plos-pcbi-1004082.docx');
const APPROVE = 50;

let backend: Backend;
let pane: { url: string; server: Server };
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

type FakeHostGlobal = { __hyperlinkerFakeHost: { replacements: { b64: string }[] } };

let session: PaneSession | undefined;

before(async () => {
  mkdirSync(OUT, { recursive: true });
  session = await startPaneSession(DIST);
  ({ pane, backend, browser } = session);
  page = await panePage(browser, pageErrors);
}, { timeout: 360_000 });

after(async () => {
  await session?.close();
});

async function reviewed(): Promise<number> {
  return Number(((await page.getByTestId('review-summary').textContent()) ?? '').match(/(\d+) reviewed/)![1]);
}

test('preconditions: chromium and the corpus file exist', () => {
  assert.ok(existsSync(CHROMIUM), 'apt-get install -y chromium');
  assert.ok(existsSync(CORPUS));
});

test(`approve ${APPROVE} matches, reload the pane, resume with all ${APPROVE}`, async () => {
  await page.goto(`${pane.url}/demo.html`);
  await page.waitForSelector('[data-testid="fake-host"]');
  await page.locator('input[data-field="serviceUrl"]').fill(backend.url);
  await page.locator('input[data-field="serviceUrl"]').blur();
  await page.locator('input[data-field="email"]').fill(backend.email);
  await page.locator('input[data-field="password"]').fill(backend.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Scan document' }).waitFor();
  await page.setInputFiles('[data-testid="docx-picker"]', CORPUS);
  await page.getByRole('button', { name: 'Scan document' }).click();
  await page.getByTestId('review-summary').waitFor({ timeout: 120_000 });
  await page.getByTestId('status-filter').click();
  await page.getByRole('option', { name: /^Ready$/ }).click();
  for (let i = 0; i < APPROVE; i++) {
    const row = page.locator('.match-row[data-status="ready"]:not([class*="decided-"])').first();
    const refId = (await row.getAttribute('data-refid'))!;
    await row.locator('.match-actions button').first().click();
    await page.locator(`.match-row[data-refid="${refId}"] [data-choice="approved"]`).waitFor();
  }
  assert.equal(await reviewed(), APPROVE);
  await page.waitForTimeout(500); // the last save (a local write) lands

  await page.reload();
  await page.waitForSelector('[data-testid="fake-host"]');
  // Signed in still (the key is in the pane's storage); the demo's "document" is picked again, as Word would reopen it.
  await page.setInputFiles('[data-testid="docx-picker"]', CORPUS);
  await page.getByTestId('resume-offer').waitFor({ timeout: 30_000 });
  assert.match((await page.getByTestId('resume-offer').textContent())!, new RegExp(`\\(${APPROVE} decisions\\)`));
  await page.getByRole('button', { name: 'Resume review' }).click();
  await page.getByTestId('carried').waitFor({ timeout: 120_000 });
  assert.match((await page.getByTestId('carried').textContent())!, new RegExp(`Review resumed: your ${APPROVE} decisions are back`));
  assert.equal(await reviewed(), APPROVE);
  assert.deepEqual(pageErrors, []);
});

test('the service restarted with a new TOKEN_SECRET mid-review: apply applies every decision, no sign-in asked', async () => {
  await backend.restart();
  const apply = page.getByRole('button', { name: /^Apply \d+ links$/ });
  assert.equal(Number((await apply.textContent())!.match(/\d+/)![0]), APPROVE);
  await apply.click();
  await page.getByTestId('result').waitFor({ timeout: 180_000 });
  assert.equal(await page.getByTestId('error').count(), 0);
  const links = Number((await page.getByTestId('result').textContent())!.match(/(\d+) links added/)![1]);
  assert.equal(links, APPROVE, 'every decision applied');
  const b64 = await page.evaluate(() => (globalThis as unknown as FakeHostGlobal).__hyperlinkerFakeHost.replacements.at(-1)!.b64);
  const xml = await (await JSZip.loadAsync(Buffer.from(b64, 'base64'))).file('word/document.xml')!.async('string');
  assert.ok((xml.match(/<w:hyperlink\b/g)?.length ?? 0) >= APPROVE);
  assert.deepEqual(pageErrors, []);
});
