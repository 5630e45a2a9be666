// The pane in Office's display language, in Chromium at 320 px on the fake host against the real
// service: Office says "de-DE" (Office.context.displayLanguage), and sign-in, the scan of a Portuguese
// manuscript, the review (summary, filters, kinds, statuses, row labels), a refused style change's blocking
// entries, Settings and Account, and after apply the matches left unlinked with why, are in German, <html lang="de">; pt-PT falls back to Brazilian Portuguese and an unbundled language to English.
// Screenshots land in test-output/addin/screens (and ADDIN_SCREENSHOTS_DIR when set).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import type { Backend } from './backend.ts';
import { CHROMIUM, panePage, startPaneSession, type PaneSession } from './session.ts';
import { MESSAGES } from '../../../addin/i18n/messages.ts';

const repo = new URL('../../../', import.meta.url).pathname;
const OUT = join(repo, 'test-output/addin');
const SCREENS = join(OUT, 'screens');
const DIST = join(OUT, 'dist-languages');
const MANUSCRIPT = join(repo, '../shared/corpus-i18n/scielo-pt-7f8rqrq4vsnj7b73.docx');

let backend: Backend;
let pane: { url: string; server: Server };
let browser: Browser;
const consoleErrors: string[] = [];

let session: PaneSession | undefined;

before(async () => {
  mkdirSync(SCREENS, { recursive: true });
  session = await startPaneSession(DIST, { browserArgs: ['--lang=en-US'] });
  ({ pane, backend, browser } = session);
}, { timeout: 360_000 });

after(async () => {
  await session?.close();
});

/** A page whose Office reports no host (so the pane runs on the fake host) and this display language. */
async function paneIn(displayLanguage: string): Promise<Page> {
  const page = await panePage(browser, consoleErrors, { locale: 'en-US' });
  page.on('console', (m) => (m.type() === 'error' ? consoleErrors.push(m.text()) : undefined));
  // As a string: a function would be serialised with the test transform's helpers, which the page lacks.
  await page.addInitScript(`globalThis.Office = { onReady: async () => ({ host: null }), HostType: { Word: 'Word' }, context: { displayLanguage: ${JSON.stringify(displayLanguage)} } };`);
  await page.goto(`${pane.url}/demo.html`);
  await page.waitForSelector('[data-testid="fake-host"]');
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  const file = join(SCREENS, `${name}.png`);
  await page.screenshot({ path: file });
  if (process.env.ADDIN_SCREENSHOTS_DIR) {
    mkdirSync(process.env.ADDIN_SCREENSHOTS_DIR, { recursive: true });
    copyFileSync(file, join(process.env.ADDIN_SCREENSHOTS_DIR, `${name}.png`));
  }
}

/** English words of the pane that must not show in another language (whole words, case-sensitive). */
const ENGLISH = ['Review', 'Settings', 'Account', 'Sign in', 'Scan document', 'matches', 'need attention', 'Approve', 'Skip', 'Citations', 'Figures', 'Show', 'Kind', 'shown', 'ready', 'unmatched', 'low confidence', 'skipped', 'not reviewed', 'no decision', 'not linked'];

function englishIn(text: string): string[] {
  return ENGLISH.filter((w) => new RegExp(`(^|[^\\p{L}])${w}([^\\p{L}]|$)`, 'u').test(text));
}

/**
 * The service's English reasons as the pane's English says them: the words of each sentence between its
 * placeholders (two words or more), which a German pane must not show.
 */
const ENGLISH_REASONS = [...new Set(Object.values(MESSAGES.en.reasons as Record<string, string>).flatMap((t) => t.split(/\{\w+\}/)).map((x) => x.trim()).filter((x) => /\p{L}+ \p{L}+/u.test(x)))];

function englishReasonsIn(text: string): string[] {
  return ENGLISH_REASONS.filter((x) => text.includes(x));
}

test('preconditions: chromium and the manuscript exist', () => {
  assert.ok(existsSync(CHROMIUM), 'apt-get install -y chromium');
  assert.ok(existsSync(MANUSCRIPT));
});

test('German display language: German strings from sign-in to review, <html lang="de">', { timeout: 300_000 }, async () => {
  const page = await paneIn('de-DE');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
  for (const tab of ['Prüfen', 'Einstellungen', 'Konto']) await page.getByRole('tab', { name: tab }).waitFor();
  await page.getByText('Adresse des Dienstes').first().waitFor();
  await page.locator('input[data-field="serviceUrl"]').fill(backend.url);
  await page.locator('input[data-field="serviceUrl"]').blur();
  await page.locator('input[data-field="email"]').fill(backend.email);
  await page.locator('input[data-field="password"]').fill(backend.password);
  await shot(page, 'de-01-sign-in');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.getByRole('button', { name: 'Dokument scannen' }).waitFor();

  await page.setInputFiles('[data-testid="docx-picker"]', MANUSCRIPT);
  await page.getByText('scielo-pt-7f8rqrq4vsnj7b73.docx').waitFor();
  await page.getByRole('button', { name: 'Dokument scannen' }).click();
  await page.getByTestId('review-summary').waitFor({ timeout: 180_000 });
  const summary = (await page.getByTestId('review-summary').textContent()) ?? '';
  assert.match(summary, /^[\d.]+ Treffer · [\d.]+ zu beachten · [\d.]+ geprüft · [\d.]+ zu verlinken/);
  await page.getByRole('tab', { name: /^Links \(\d+\)$/ }).waitFor();
  assert.match((await page.getByTestId('shown-count').textContent()) ?? '', /^[\d.]+ (von [\d.]+ )?angezeigt$/);

  // Every row on screen: its status and its approve button's label in German.
  await page.getByTestId('status-filter').click();
  await page.getByRole('option', { name: /^Alle Treffer/ }).click();
  await page.locator('.match-row').first().waitFor();
  const labels = await page.locator('.match-row .match-actions button').evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label') ?? ''));
  assert.ok(labels.length > 0);
  const approveLabels = labels.filter((l) => /^Bestätigen: /.test(l));
  assert.ok(approveLabels.length > 0, labels.slice(0, 4).join(' | '));
  assert.ok(approveLabels.some((l) => /^Bestätigen: (Zitat|Abbildung|Tabelle|Gleichung|Abschnitt|Anhang) \d+ „/.test(l)), approveLabels.slice(0, 4).join(' | '));
  await page.getByTestId('kind-filter').click();
  const kinds = await page.getByRole('option').allTextContents();
  assert.ok(kinds.includes('Alle Arten') && kinds.some((k) => /^Zitate/.test(k)), kinds.join(', '));
  await page.keyboard.press('Escape');
  await shot(page, 'de-02-review');
  const reviewText = (await page.locator('#root').innerText()) ?? '';
  assert.deepEqual(englishIn(reviewText), [], reviewText.slice(0, 600));

  // A refused style change: APA cannot render 14 of the 29 entries as read; the preview lists each blocking entry,
  // its label and what it lacks said from their codes, in German.
  await page.getByRole('tab', { name: 'Stil' }).click();
  const picker = page.getByRole('combobox', { name: 'Zitierstil wählen' });
  await picker.click();
  await picker.fill('APA Style 7th edition');
  await page.getByRole('option', { name: 'APA Style 7th edition', exact: true }).click();
  await page.getByTestId('style-preview-blocking').waitFor({ timeout: 120_000 });
  await page.getByText('Einträge, die das Umschreiben verhindern:').waitFor();
  const blocking = await page.getByTestId('style-preview-blocking-entry').allInnerTexts();
  assert.ok(blocking.length >= 10, blocking.join(' | '));
  assert.ok(blocking.every((b) => /^Literaturangabe \d+: /.test(b)), blocking.join(' | '));
  assert.ok(blocking.some((b) => /Felder zusammengelesen|die Auslesung erklärt nicht|der Stil würde ein leeres Feld schreiben/.test(b)), blocking.join(' | '));
  const styleText = (await page.getByTestId('style-picker').innerText()) ?? '';
  assert.match(styleText, /Das Umschreiben würde abgelehnt: \d+ von 29 Einträgen können in apa nicht geschrieben werden/);
  assert.doesNotMatch(styleText, /Reference \d|fields read|does not account|cannot be rendered/, styleText.slice(0, 600));
  await shot(page, 'de-03-style-refused');

  await page.getByRole('tab', { name: 'Einstellungen' }).click();
  await page.getByText('Zitate mit Literaturangaben verlinken').waitFor();
  await page.getByText('Querverweise').first().waitFor();
  await page.getByRole('button', { name: 'Einstellungen speichern' }).waitFor();
  await shot(page, 'de-04-settings');
  assert.deepEqual(englishIn(await page.locator('#root').innerText()), []);

  // Apply with every ready match approved and two skipped: the matches left unlinked are listed with why, each
  // said from the service's code in German (the reviewer's skips, the unsure and unmatched ones no one decided).
  await page.getByRole('tab', { name: 'Prüfen' }).click();
  await page.getByRole('tab', { name: /^Links \(\d+\)$/ }).click();
  await page.getByRole('button', { name: /^Alle bereiten bestätigen \([\d.]+\)$/ }).click();
  const skip = page.locator('.match-row .match-actions button[aria-label^="Überspringen: "]');
  for (const i of [0, 1]) {
    const refId = await page.locator('.match-row').nth(i).getAttribute('data-refid');
    await skip.nth(i).click();
    await page.locator(`.match-row[data-refid="${refId}"] [data-choice="skipped"]`).waitFor();
  }
  await page.getByRole('button', { name: /^Links? anwenden \([\d.]+\)$/ }).click();
  await page.getByTestId('result').waitFor({ timeout: 180_000 });
  const unlinked = page.getByTestId('unlinked');
  await unlinked.locator('summary').click();
  assert.match((await unlinked.locator('summary').innerText()).trim(), /^Nicht verlinkt: [\d.]+ Treffer$/);
  const items = await page.getByTestId('unlinked-item').allInnerTexts();
  const kindWords = Object.values(MESSAGES.de.review.kindSingular);
  assert.ok(items.length >= 2, items.join(' | '));
  assert.ok(items.every((t) => kindWords.some((k) => t.startsWith(`${k} „`))), items.slice(0, 6).join(' | '));
  assert.equal(items.filter((t) => /“: beim Prüfen übersprungen$/.test(t)).length, 2, items.join(' | '));
  assert.deepEqual(englishReasonsIn(items.join('\n')), [], items.join(' | '));
  await shot(page, 'de-05-unlinked');
  const resultText = await page.getByTestId('result').innerText();
  assert.deepEqual(englishIn(resultText), [], resultText.slice(0, 600));
  assert.deepEqual(englishReasonsIn(resultText), [], resultText.slice(0, 600));
  await page.close();
});

test('pt-PT falls back to Brazilian Portuguese, an unbundled language to English', async () => {
  const pt = await paneIn('pt-PT');
  assert.equal(await pt.evaluate(() => document.documentElement.lang), 'pt-BR');
  for (const tab of ['Revisão', 'Configurações', 'Conta']) await pt.getByRole('tab', { name: tab }).waitFor();
  await pt.close();
  const ko = await paneIn('ko-KR');
  assert.equal(await ko.evaluate(() => document.documentElement.lang), 'en');
  for (const tab of ['Review', 'Settings', 'Account']) await ko.getByRole('tab', { name: tab }).waitFor();
  await ko.close();
});

test('no console errors', () => {
  assert.deepEqual(consoleErrors, []);
});
