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
import { createOfflineQueueStore } from '../../electron/src/main/offlineQueue';
import { E2E_BASE_URL } from './env';
import { enterLoginCode, type TestMember } from './members';
import { main } from './page';

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
 * `setServerReachable(false)` cuts the proxy off the server as a lost network would (issue 38's offline
 * mode); the proxy's reachability is told to the page as the main process tells the window.
 */
export async function installDesktopBridge(page: Page, serverOrigin: string): Promise<{ requests: string[]; setServerReachable(reachable: boolean): void }> {
  const requests: string[] = [];
  let settings: DesktopSettings = { ...DEFAULT_SETTINGS, serverOrigin };
  const store: SettingsStore = { get: () => settings, update: (change) => (settings = { ...settings, ...change }) };
  let reachable = true;
  let online = true;
  const proxy = createRequestProxy({
    serverOrigin: () => store.get().serverOrigin,
    jar: new CookieJar(),
    allowlist: contractAllowlist(),
    fetch: (input, init) => (reachable ? globalThis.fetch(input, init) : Promise.reject(new TypeError('fetch failed'))),
    onReachability: (now) => {
      if (now === online) return;
      online = now;
      void page.evaluate((value) => (window as unknown as { __hirakuConnectivity?: (online: boolean) => void }).__hirakuConnectivity?.(value), now).catch(() => undefined);
    },
  });
  // As the app keeps it, but in memory: no keychain here (Linux's basic_text, as the app would find).
  const offlineQueue = createOfflineQueueStore({
    safeStorage: { isEncryptionAvailable: () => false, encryptString: () => Buffer.alloc(0), decryptString: () => '' },
    file: path.join(RENDERER_DIR, 'never-written.bin'),
    serverOrigin: () => store.get().serverOrigin,
  });
  // Linux, as here: Electron has no passkey authenticator, so the app offers the code alone (issue 35).
  const passkeys = createPasskeyCeremony({ serverOrigin: () => store.get().serverOrigin, platform: 'linux', openWindow: () => { throw new Error('no ceremony window on Linux'); } });
  const handlers = createBridgeHandlers({ proxy, settings: store, version: '0.1.0', isOnline: () => online, openExternal: () => undefined, passkeys, offlineQueue });
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
        onConnectivity: (listener: (online: boolean) => void) => {
          const host = window as unknown as { __hirakuConnectivityListeners?: Set<(online: boolean) => void>; __hirakuConnectivity?: (online: boolean) => void };
          const listeners = (host.__hirakuConnectivityListeners ??= new Set());
          host.__hirakuConnectivity = (online) => listeners.forEach((each) => each(online));
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        onOpenScreen: () => () => undefined,
        offlineQueue: () => invoke(channels.offlineQueue),
        setUpdateFeed: (url: string) => invoke(channels.setUpdateFeed, url),
        passkeyCreate: (options: unknown) => invoke(channels.passkeyCreate, options),
        passkeyGet: (options: unknown) => invoke(channels.passkeyGet, options),
      }),
    });
  }, BRIDGE_CHANNELS);
  return {
    requests,
    setServerReachable: (value: boolean) => {
      reachable = value;
    },
  };
}

/**
 * Starts the desktop app on `hostUrl` and signs `account` in through its login screen (password, then the
 * two-factor code operators have); answers the bridge, whose `requests` lists the calls the renderer sent.
 */
export async function logInToDesktop(page: Page, hostUrl: string, account: TestMember): ReturnType<typeof installDesktopBridge> {
  const bridge = await installDesktopBridge(page, E2E_BASE_URL);
  await page.goto(`${hostUrl}/index.html#/login`);
  await main(page).getByLabel('メールアドレス').fill(account.email);
  await main(page).getByLabel('パスワード').fill(account.password);
  await main(page).getByRole('button', { name: 'ログイン' }).click();
  await enterLoginCode(main(page), account);
  return bridge;
}
