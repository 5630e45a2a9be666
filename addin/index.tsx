// Entry point of the task pane and the demo page.
import { useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { FluentProvider } from '@fluentui/react-components';
import type { DocumentHost } from './host/host.ts';
import { App } from './components/App.tsx';
import { pickHost } from './boot/pick-host.ts';
import { fluentTheme, themeName } from './boot/theme.ts';
import { appStore } from './settings/stores.ts';
import { defaultServiceUrl, loadSettings } from './settings/connection.ts';
import { loadAccount } from './settings/account.ts';
import { S } from './strings.ts';
import { applyDisplayLanguage, displayLanguageTag } from './boot/language.ts';

/** The Fluent theme, following the Office theme while the pane is open (the demo page's switch on the fake host). */
function ThemeRoot({ host, initial, children }: { host: DocumentHost; initial: 'light' | 'dark'; children: ReactNode }) {
  const [theme, setTheme] = useState(initial);
  useEffect(() => host.onThemeChanged(setTheme), [host]);
  useEffect(() => {
    document.body.dataset.theme = theme;
  }, [theme]);
  return <FluentProvider theme={fluentTheme(theme)}>{children}</FluentProvider>;
}

async function main(): Promise<void> {
  const rootEl = document.getElementById('root');
  if (!rootEl) throw new Error('#root missing');
  // Until Office answers, the browser's language (the "Word is slow" notice); then Office's display language.
  applyDisplayLanguage(displayLanguageTag(undefined, location.search, navigator.language));
  const { host, officeTheme, displayLanguage } = await pickHost(location.search, () => {
    rootEl.textContent = S.app.officeSlow;
  });
  applyDisplayLanguage(displayLanguageTag(displayLanguage, location.search, navigator.language));
  const store = await appStore();
  const theme = themeName(officeTheme, location.search);
  rootEl.textContent = '';
  createRoot(rootEl).render(
    <ThemeRoot host={host} initial={theme}>
      <App host={host} store={store} initialAccount={loadAccount(store, defaultServiceUrl(location.origin))} initialSettings={loadSettings(store)} />
    </ThemeRoot>,
  );
  document.body.dataset.host = host.hostName;
}

main().catch((e: unknown) => {
  document.body.textContent = S.app.startFailed(e instanceof Error ? e.message : String(e));
});
