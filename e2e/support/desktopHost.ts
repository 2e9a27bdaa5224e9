import http from 'node:http';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { BRIDGE_CHANNELS } from '../../electron/src/shared/bridge';
import { createBridgeHandlers, type InvokeChannel } from '../../electron/src/main/bridgeHandlers';
import { createPasskeyCeremony } from '../../electron/src/main/passkeyCeremony';
import { contentSecurityPolicy } from '../../electron/src/main/contentSecurityPolicy';
import { CookieJar } from '../../electron/src/main/proxy/cookieJar';
import { contractAllowlist } from '../../electron/src/main/proxy/endpointAllowlist';
import { createRequestProxy } from '../../electron/src/main/proxy/requestProxy';
import { rendererFileResponse } from '../../electron/src/main/rendererFiles';
import { DEFAULT_SETTINGS, type DesktopSettings, type SettingsStore } from '../../electron/src/main/settingsStore';

const RENDERER_DIR = path.resolve(__dirname, '../../electron/out/renderer');

/**
 * Stands in for Electron around the built desktop renderer (electron/out/renderer, what electron-vite
 * writes): serves its files with the app's policy header, and backs window.hirakuDesktop with the real
 * bridge handlers and request proxy (its own cookie jar) against the e2e server.
 */
export async function startDesktopHost(serverOrigin: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://host');
    void rendererFileResponse(RENDERER_DIR, pathname, contentSecurityPolicy(serverOrigin)).then(async (answer) => {
      response.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * One app start: a fresh jar, the server already chosen, the bridge exposed under the preload's name.
 * `requests` then lists every call the renderer sends through the bridge (`METHOD /path`), in order.
 */
export async function installDesktopBridge(page: Page, serverOrigin: string): Promise<{ requests: string[] }> {
  const requests: string[] = [];
  let settings: DesktopSettings = { ...DEFAULT_SETTINGS, serverOrigin };
  const store: SettingsStore = { get: () => settings, update: (change) => (settings = { ...settings, ...change }) };
  const proxy = createRequestProxy({ serverOrigin: () => store.get().serverOrigin, jar: new CookieJar(), allowlist: contractAllowlist() });
  // Linux, as here: Electron has no passkey authenticator, so the app offers the code alone (issue 35).
  const passkeys = createPasskeyCeremony({ serverOrigin: () => store.get().serverOrigin, platform: 'linux', openWindow: () => { throw new Error('no ceremony window on Linux'); } });
  const handlers = createBridgeHandlers({ proxy, settings: store, version: '0.1.0', isOnline: () => true, openExternal: () => undefined, passkeys });
  await page.exposeFunction('__hirakuInvoke', (channel: InvokeChannel, payload: unknown) => {
    if (channel === BRIDGE_CHANNELS.request && typeof payload === 'object' && payload !== null) {
      const { method, path } = payload as { method?: unknown; path?: unknown };
      requests.push(`${String(method)} ${String(path)}`);
    }
    return handlers[channel](payload);
  });
  await page.addInitScript((channels) => {
    const invoke = (window as unknown as { __hirakuInvoke: (channel: string, payload?: unknown) => Promise<unknown> }).__hirakuInvoke;
    Object.defineProperty(window, 'hirakuDesktop', {
      value: Object.freeze({
        request: (request: unknown) => invoke(channels.request, request),
        getState: () => invoke(channels.getState),
        setServer: (url: string) => invoke(channels.setServer, url),
        openExternal: (url: string) => invoke(channels.openExternal, url),
        onConnectivity: () => () => undefined,
        passkeyCreate: (options: unknown) => invoke(channels.passkeyCreate, options),
        passkeyGet: (options: unknown) => invoke(channels.passkeyGet, options),
      }),
    });
  }, BRIDGE_CHANNELS);
  return { requests };
}
