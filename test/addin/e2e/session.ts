// What every browser test of the pane starts with: the pane built and served, the real service (backend.ts) on a
// fresh database allowing the pane's origin, and Debian's Chromium (never a download) started headless; a page at
// the task pane's width that records its uncaught errors. One place, so that the four suites start alike.
import type { Server } from 'node:http';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildPane } from './build-pane.ts';
import { startBackend, type Backend } from './backend.ts';
import { startPaneServer } from './pane-server.ts';

export const CHROMIUM = '/usr/bin/chromium';
const BROWSER_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export interface PaneSession {
  pane: { url: string; server: Server };
  backend: Backend;
  browser: Browser;
  close(): Promise<void>;
}

/** Builds the pane into `dist`, serves it, starts the service and Chromium (`browserArgs` added to the usual). */
export async function startPaneSession(dist: string, options: { plan?: 'free' | 'pro'; browserArgs?: string[] } = {}): Promise<PaneSession> {
  buildPane(dist);
  let backendUrl = '';
  const pane = await startPaneServer(dist, () => backendUrl);
  const backend = await startBackend(pane.url, options.plan ? { plan: options.plan } : {});
  backendUrl = backend.url;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...BROWSER_ARGS, ...(options.browserArgs ?? [])] });
  return {
    pane,
    backend,
    browser,
    async close() {
      await browser.close();
      await new Promise<void>((r) => pane.server.close(() => r()));
      await backend.close();
    },
  };
}

/** A page 320 px wide (the narrowest task pane) whose uncaught errors go to `errors`. */
export async function panePage(browser: Browser, errors: string[], options: { locale?: string } = {}): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 320, height: 760 }, ...(options.locale ? { locale: options.locale } : {}) });
  page.on('pageerror', (e) => errors.push(String(e)));
  return page;
}
