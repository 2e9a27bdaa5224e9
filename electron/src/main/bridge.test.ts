import type { IpcMain } from 'electron';
import { DESKTOP_MESSAGES } from '@hiraku/shared';
import { BRIDGE_CHANNELS } from '../shared/bridge';
import { appPageMatcher } from './appScheme';
import { createBridgeHandlers } from './bridgeHandlers';
import { createPasskeyCeremony } from './passkeyCeremony';
import { registerBridge } from './ipc';
import { CookieJar } from './proxy/cookieJar';
import { contractAllowlist } from './proxy/endpointAllowlist';
import { createRequestProxy } from './proxy/requestProxy';
import { DEFAULT_SETTINGS, type DesktopSettings, type SettingsStore } from './settingsStore';

function memorySettings(initial: Partial<DesktopSettings> = {}): SettingsStore {
  let current = { ...DEFAULT_SETTINGS, ...initial };
  return { get: () => current, update: (change) => (current = { ...current, ...change }) };
}

/** The bridge as main wires it, with ipcMain and the network replaced by fakes that record everything. */
function setUp(serverOrigin: string | null = 'https://hiraku.example.jp') {
  const network = jest.fn<Promise<Response>, Parameters<typeof fetch>>(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
  const settings = memorySettings({ serverOrigin });
  const proxy = createRequestProxy({ serverOrigin: () => settings.get().serverOrigin, jar: new CookieJar(), allowlist: contractAllowlist(), fetch: network });
  const openExternal = jest.fn();
  const handlers = new Map<string, (event: unknown, payload: unknown) => Promise<unknown>>();
  const ipcMain = { handle: (channel: string, handler: (event: unknown, payload: unknown) => Promise<unknown>) => handlers.set(channel, handler) };
  registerBridge(ipcMain as unknown as IpcMain, createBridgeHandlers({ proxy, settings, version: '1.2.3', isOnline: () => true, openExternal, passkeys: createPasskeyCeremony({ serverOrigin: () => settings.get().serverOrigin, platform: 'linux', openWindow: () => { throw new Error('no window'); } }) }), appPageMatcher());
  const fromApp = { senderFrame: { url: 'hiraku-app://renderer/index.html#/login' } };
  const invoke = (channel: string, payload?: unknown, event: unknown = fromApp) => {
    const handler = handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler(event, payload);
  };
  return { invoke, network, settings, openExternal, channels: [...handlers.keys()] };
}

const refused = { kind: 'response', status: 403, body: { error: 'authorization_error', message: DESKTOP_MESSAGES.callRefused } };
const misshapen = { kind: 'response', status: 400, body: { error: 'validation_error', message: DESKTOP_MESSAGES.callRefused } };

describe('desktop bridge', () => {
  it('answers exactly the eight invoke channels (issue 38: the saved offline queue, the update feed)', () => {
    expect(setUp().channels.sort()).toEqual(
      [BRIDGE_CHANNELS.getState, BRIDGE_CHANNELS.openExternal, BRIDGE_CHANNELS.request, BRIDGE_CHANNELS.setServer, BRIDGE_CHANNELS.passkeyCreate, BRIDGE_CHANNELS.passkeyGet, BRIDGE_CHANNELS.offlineQueue, BRIDGE_CHANNELS.setUpdateFeed].sort(),
    );
  });

  it('forwards a declared endpoint to the configured server', async () => {
    const { invoke, network } = setUp();
    await expect(invoke(BRIDGE_CHANNELS.request, { method: 'GET', path: '/api/categories', query: [['a', '1']] })).resolves.toEqual({ kind: 'response', status: 200, body: { ok: true } });
    expect(String(network.mock.calls[0]?.[0])).toBe('https://hiraku.example.jp/api/categories?a=1');
  });

  it('refuses calls outside the declared endpoints without touching the network', async () => {
    const { invoke, network } = setUp();
    // Declared since the contract moved every endpoint onto the map, but sent without the body it declares.
    for (const call of [
      { method: 'POST', path: '/api/signup', body: {} },
      { method: 'DELETE', path: '/api/profile/deleteAccount' },
    ]) {
      await expect(invoke(BRIDGE_CHANNELS.request, call)).resolves.toEqual(misshapen);
    }
    for (const call of [
      { method: 'PATCH', path: '/api/categories/1' },
      { method: 'GET', path: '/api/categories/1/2' },
      { method: 'POST', path: '/api/moderation/cases/7/delete-everything' },
      // Declared, but multipart: files never cross the bridge.
      { method: 'POST', path: '/api/reports', body: { title: 'x' } },
    ]) {
      await expect(invoke(BRIDGE_CHANNELS.request, call)).resolves.toEqual(refused);
    }
    expect(network).not.toHaveBeenCalled();
  });

  it('lets through the session and operators\' calls, every one checked against the shared map', async () => {
    const { invoke, network } = setUp();
    const calls = [
      { method: 'GET', path: '/api/auth/me' },
      { method: 'POST', path: '/api/auth/refresh' },
      { method: 'GET', path: '/api/moderation/cases', query: [['status', 'open']] },
      { method: 'GET', path: '/api/moderation/enquiries', query: [['status', 'open']] },
      { method: 'GET', path: '/api/moderation/enquiries/3' },
      { method: 'PUT', path: '/api/moderation/enquiries/3/handled', body: { handled: true } },
      { method: 'GET', path: '/api/moderation/analytics/daily', query: [['from', '2025-05-01'], ['to', '2025-05-30']] },
    ];
    for (const call of calls) await expect(invoke(BRIDGE_CHANNELS.request, call)).resolves.toMatchObject({ kind: 'response', status: 200 });
    expect(network.mock.calls.map(([url]) => new URL(String(url)).pathname)).toEqual(expect.arrayContaining(calls.map((call) => call.path)));
    // Checked, not merely matched: the same operators' calls with a wrong shape never leave.
    network.mockClear();
    for (const call of [
      { method: 'PUT', path: '/api/moderation/enquiries/3/handled', body: { handled: 'yes' } },
      { method: 'GET', path: '/api/moderation/enquiries', query: [['status', 'everything']] },
      { method: 'GET', path: '/api/moderation/analytics/daily', query: [['from', '2025-05-30'], ['to', '2025-05-01']] },
    ]) {
      await expect(invoke(BRIDGE_CHANNELS.request, call)).resolves.toEqual(misshapen);
    }
    expect(network).not.toHaveBeenCalled();
  });

  it('refuses the analytics beacon: the desktop app sends no analytics, whatever its renderer asks', async () => {
    const { invoke, network } = setUp();
    const beacon = { method: 'POST', path: '/api/analytics/events', body: { events: [{ name: 'page_view', path: '/moderation/queue' }] } };
    await expect(invoke(BRIDGE_CHANNELS.request, beacon)).resolves.toEqual(refused);
    await expect(invoke(BRIDGE_CHANNELS.request, { ...beacon, body: JSON.stringify(beacon.body) })).resolves.toEqual(refused);
    expect(network).not.toHaveBeenCalled();
  });

  it('refuses calls of the wrong shape without touching the network', async () => {
    const { invoke, network } = setUp();
    const wrongShape = { kind: 'response', status: 400, body: { error: 'validation_error', message: DESKTOP_MESSAGES.callRefused } };
    for (const call of [
      undefined,
      'GET /api/categories',
      { method: 'get', path: '/api/categories' },
      { method: 'GET', path: 'https://evil.example/api/categories' },
      { method: 'GET', path: '/api/../admin' },
      { method: 'POST', path: '/api/moderation/cases//resolve' },
      { method: 'GET', path: '/api/categories?x=1' },
      { method: 'GET', path: '/api/categories', query: { a: '1' } },
      { method: 'GET', path: '/api/categories', headers: { Cookie: 'x' } },
      { method: 'POST', path: '/api/categories', body: 'x'.repeat(300_000) },
      // Declared endpoints whose params or body do not fit the contract's schemas.
      { method: 'PUT', path: '/api/categories/abc', body: { name: '新しい名前' } },
      { method: 'POST', path: '/api/categories', body: { name: 42 } },
      { method: 'GET', path: '/api/categories', body: { unexpected: true } },
    ]) {
      await expect(invoke(BRIDGE_CHANNELS.request, call)).resolves.toEqual(wrongShape);
    }
    expect(network).not.toHaveBeenCalled();
  });

  it('refuses every call from a frame that is not the app', async () => {
    const { invoke, network } = setUp();
    for (const event of [{ senderFrame: { url: 'https://evil.example/' } }, { senderFrame: null }, {}]) {
      await expect(invoke(BRIDGE_CHANNELS.request, { method: 'GET', path: '/api/categories' }, event)).rejects.toThrow('untrusted frame');
      await expect(invoke(BRIDGE_CHANNELS.getState, undefined, event)).rejects.toThrow('untrusted frame');
    }
    expect(network).not.toHaveBeenCalled();
  });

  it('says so when no server is chosen yet, and stores a valid one', async () => {
    const { invoke, network, settings } = setUp(null);
    await expect(invoke(BRIDGE_CHANNELS.request, { method: 'GET', path: '/api/categories' })).resolves.toMatchObject({ status: 400, body: { message: DESKTOP_MESSAGES.serverNotConfigured } });
    await expect(invoke(BRIDGE_CHANNELS.setServer, 'http://hiraku.example.jp')).resolves.toEqual({ ok: false, message: DESKTOP_MESSAGES.serverUrlHttpsRequired });
    await expect(invoke(BRIDGE_CHANNELS.setServer, { url: 'https://x' })).resolves.toEqual({ ok: false, message: DESKTOP_MESSAGES.serverUrlRequired });
    expect(settings.get().serverOrigin).toBeNull();
    await expect(invoke(BRIDGE_CHANNELS.setServer, 'https://hiraku.example.jp/login')).resolves.toEqual({ ok: true, origin: 'https://hiraku.example.jp' });
    expect(settings.get().serverOrigin).toBe('https://hiraku.example.jp');
    await expect(invoke(BRIDGE_CHANNELS.getState)).resolves.toEqual({ serverOrigin: 'https://hiraku.example.jp', version: '1.2.3', online: true, passkeys: false, updateFeedUrl: null });
    expect(network).not.toHaveBeenCalled();
  });

  it('opens only the server’s own pages in the system browser', async () => {
    const { invoke, openExternal } = setUp();
    await invoke(BRIDGE_CHANNELS.openExternal, 'https://hiraku.example.jp/reports/3');
    await invoke(BRIDGE_CHANNELS.openExternal, 'https://evil.example/');
    await invoke(BRIDGE_CHANNELS.openExternal, 'file:///etc/passwd');
    await invoke(BRIDGE_CHANNELS.openExternal, 42);
    expect(openExternal.mock.calls).toEqual([['https://hiraku.example.jp/reports/3']]);
  });

  it('keeps the update feed the operator sets in 設定: https, or http on this machine; refused otherwise in Japanese, unchanged', async () => {
    const { invoke, settings } = setUp();
    expect(await invoke(BRIDGE_CHANNELS.getState)).toMatchObject({ updateFeedUrl: null });
    expect(await invoke(BRIDGE_CHANNELS.setUpdateFeed, ' https://updates.example.jp/hiraku/ ')).toEqual({ ok: true, url: 'https://updates.example.jp/hiraku/' });
    expect(settings.get().updateFeedUrl).toBe('https://updates.example.jp/hiraku/');
    expect(await invoke(BRIDGE_CHANNELS.getState)).toMatchObject({ updateFeedUrl: 'https://updates.example.jp/hiraku/' });
    for (const bad of ['http://updates.example.jp/feed/', 'file:///etc/', 'フィード', 42, 'x'.repeat(3000)]) {
      expect(await invoke(BRIDGE_CHANNELS.setUpdateFeed, bad)).toEqual({ ok: false, message: DESKTOP_MESSAGES.updateFeedInvalid });
    }
    expect(settings.get().updateFeedUrl).toBe('https://updates.example.jp/hiraku/');
    expect(await invoke(BRIDGE_CHANNELS.setUpdateFeed, 'http://127.0.0.1:8080/feed/')).toEqual({ ok: true, url: 'http://127.0.0.1:8080/feed/' });
    expect(await invoke(BRIDGE_CHANNELS.setUpdateFeed, '')).toEqual({ ok: true, url: null });
    expect(settings.get().updateFeedUrl).toBeNull();
  });
});
