// Entry point of the task pane and the demo page.
import { createRoot } from 'react-dom/client';
import { FluentProvider } from '@fluentui/react-components';
import { App } from './components/App.tsx';
import { pickHost } from './boot/pick-host.ts';
import { fluentTheme, themeName } from './boot/theme.ts';
import { appStore } from './settings/stores.ts';
import { loadConnection, loadSettings } from './settings/connection.ts';
import { S } from './strings.ts';

async function main(): Promise<void> {
  const rootEl = document.getElementById('root');
  if (!rootEl) throw new Error('#root missing');
  const { host, officeTheme } = await pickHost(location.search, () => {
    rootEl.textContent = S.app.officeSlow;
  });
  const store = await appStore();
  const theme = themeName(officeTheme, location.search);
  rootEl.textContent = '';
  createRoot(rootEl).render(
    <FluentProvider theme={fluentTheme(theme)}>
      <App host={host} store={store} initialConnection={loadConnection(store, location.origin)} initialSettings={loadSettings(store)} />
    </FluentProvider>,
  );
  document.body.dataset.host = host.hostName;
  document.body.dataset.theme = theme;
}

main().catch((e: unknown) => {
  document.body.textContent = S.app.startFailed(e instanceof Error ? e.message : String(e));
});
