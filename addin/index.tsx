// Entry point of the task pane and the demo page.
import { createRoot } from 'react-dom/client';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { App } from './components/App.tsx';
import { pickHost } from './boot/pick-host.ts';
import { appStore } from './settings/stores.ts';
import { loadConnection, loadSettings } from './settings/connection.ts';

async function main(): Promise<void> {
  const rootEl = document.getElementById('root');
  if (!rootEl) throw new Error('#root missing');
  const host = await pickHost(location.search);
  const store = appStore();
  createRoot(rootEl).render(
    <FluentProvider theme={webLightTheme}>
      <App host={host} store={store} initialConnection={loadConnection(store, location.origin)} initialSettings={loadSettings(store)} />
    </FluentProvider>,
  );
  document.body.dataset.host = host.hostName;
}

main().catch((e: unknown) => {
  document.body.textContent = `Hyperlinker could not start: ${e instanceof Error ? e.message : String(e)}`;
});
