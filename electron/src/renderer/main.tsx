// First: before any zod schema is built (see the module).
import '@hiraku/ui/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { buildOperatorRoutes, createHirakuRouter, HirakuApp } from '@hiraku/ui';
import '@hiraku/ui/styles.css';
import { desktopBridge } from './bridge';
import { createDesktopPlatform } from './desktopPlatform';
import { OfflineBanner } from './OfflineBanner';
import { ServerSetup } from './ServerSetup';

const bridge = desktopBridge();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

function showOperatorApp(online: boolean, passkeys: boolean): void {
  const router = createHirakuRouter('hash', { routes: buildOperatorRoutes() });
  root.render(
    <StrictMode>
      <OfflineBanner bridge={bridge} initiallyOnline={online} />
      <HirakuApp platform={createDesktopPlatform(bridge, { passkeys })} router={router} />
    </StrictMode>,
  );
}

void bridge.getState().then((state) => {
  if (state.serverOrigin) {
    showOperatorApp(state.online, state.passkeys);
    return;
  }
  root.render(
    <StrictMode>
      <ServerSetup bridge={bridge} onConnected={() => showOperatorApp(true, state.passkeys)} />
    </StrictMode>,
  );
});
