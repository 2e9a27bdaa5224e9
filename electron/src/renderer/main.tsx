// First: before any zod schema is built (see the module).
import '@hiraku/ui/zod-without-eval';
import { StrictMode, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { buildOperatorRoutes, createHirakuRouter, HirakuApp, OPERATOR_MENU } from '@hiraku/ui';
import '@hiraku/ui/styles.css';
import { desktopBridge } from './bridge';
import { createDesktopPlatform } from './desktopPlatform';
import { OfflineQueueView } from './OfflineQueueView';
import { ServerSetup } from './ServerSetup';

const bridge = desktopBridge();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

/**
 * The operators' screens while the server answers; the read-only offline queue while it does not (issue
 * 38). Back online, the screens are mounted afresh (`key`), so every list is read again from the server;
 * the router, and with it the screen the operator was on, stays.
 */
function OperatorApp({ initiallyOnline, passkeys }: { initiallyOnline: boolean; passkeys: boolean }) {
  const router = useMemo(() => createHirakuRouter('hash', { routes: buildOperatorRoutes() }), []);
  const platform = useMemo(() => createDesktopPlatform(bridge, { passkeys }), [passkeys]);
  const [online, setOnline] = useState(initiallyOnline);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const stop = bridge.onConnectivity((next) => {
      setOnline((previous) => {
        if (next && !previous) setGeneration((value) => value + 1);
        return next;
      });
    });
    // A change told before this listener existed is not lost: ask once more.
    void bridge.getState().then((state) => {
      if (!state.online) setOnline(false);
    });
    return stop;
  }, []);
  // The application menu's 移動: the main process names a screen, the router knows its path.
  useEffect(
    () =>
      bridge.onOpenScreen((screen) => {
        const item = OPERATOR_MENU.find((entry) => entry.screen === screen);
        if (item) void router.navigate(item.path);
      }),
    [router],
  );
  if (!online) return <OfflineQueueView bridge={bridge} />;
  return <HirakuApp key={generation} platform={platform} router={router} />;
}

function showOperatorApp(online: boolean, passkeys: boolean): void {
  root.render(
    <StrictMode>
      <OperatorApp initiallyOnline={online} passkeys={passkeys} />
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
