import type { Session, WebContents } from 'electron';
import { APP_ORIGIN, appPageMatcher } from './appScheme';
import { denyAllPermissions, installNavigationGuards, isServerLink } from './navigationGuards';

type Listener = (event: { preventDefault: () => void }, url: string) => void;

/** Just enough of WebContents to hold the listeners the guards register. */
function fakeContents() {
  const listeners = new Map<string, Listener>();
  let openHandler: ((details: { url: string }) => { action: string }) | undefined;
  const contents = {
    on: (event: string, listener: Listener) => listeners.set(event, listener),
    setWindowOpenHandler: (handler: typeof openHandler) => {
      openHandler = handler;
    },
  };
  const fire = (event: string, url: string) => {
    const preventDefault = jest.fn();
    listeners.get(event)?.({ preventDefault }, url);
    return preventDefault.mock.calls.length > 0;
  };
  return { contents: contents as unknown as WebContents, fire, open: (url: string) => openHandler?.({ url }) };
}

const SERVER = 'https://hiraku.example.jp';

describe('navigation guards', () => {
  function setUp(serverOrigin: string | null = SERVER) {
    const fake = fakeContents();
    const openExternal = jest.fn();
    installNavigationGuards(fake.contents, { isAppPage: appPageMatcher(), serverOrigin: () => serverOrigin, openExternal });
    return { ...fake, openExternal };
  }

  it('lets the app move between its own pages', () => {
    const { fire, openExternal } = setUp();
    expect(fire('will-navigate', `${APP_ORIGIN}/index.html#/tag-manager`)).toBe(false);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('stops navigation to the server and opens it in the system browser instead', () => {
    const { fire, openExternal } = setUp();
    expect(fire('will-navigate', `${SERVER}/reports/12`)).toBe(true);
    expect(openExternal).toHaveBeenCalledWith(`${SERVER}/reports/12`);
  });

  it('stops navigation anywhere else and opens nothing', () => {
    const { fire, openExternal } = setUp();
    for (const url of ['https://evil.example/', 'file:///etc/passwd', 'http://hiraku.example.jp/', 'javascript:alert(1)', `${SERVER}.evil.example/`]) {
      expect(fire('will-navigate', url)).toBe(true);
    }
    expect(fire('will-redirect', 'https://evil.example/')).toBe(true);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('denies every new window, handing only server links to the system browser', () => {
    const { open, openExternal } = setUp();
    expect(open(`${SERVER}/profile/abc`)).toEqual({ action: 'deny' });
    expect(open('https://evil.example/')).toEqual({ action: 'deny' });
    expect(open(`${APP_ORIGIN}/index.html`)).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls).toEqual([[`${SERVER}/profile/abc`]]);
  });

  it('opens nothing externally before a server is chosen, and refuses webviews', () => {
    const { fire, open, openExternal } = setUp(null);
    open(`${SERVER}/`);
    expect(fire('will-attach-webview', '')).toBe(true);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('treats the dev server as the app only when one is given', () => {
    expect(appPageMatcher('http://localhost:5173')('http://localhost:5173/#/login')).toBe(true);
    expect(appPageMatcher()('http://localhost:5173/#/login')).toBe(false);
    expect(appPageMatcher()('hiraku-app://other/index.html')).toBe(false);
  });

  it('knows a server link only by its exact origin and an http(s) scheme', () => {
    expect(isServerLink(`${SERVER}/x`, SERVER)).toBe(true);
    expect(isServerLink('https://hiraku.example.jp:8443/x', SERVER)).toBe(false);
    expect(isServerLink('not a url', SERVER)).toBe(false);
  });
});

describe('permissions', () => {
  it('answers no to every request, check and device', () => {
    let request: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | undefined;
    let check: ((...args: unknown[]) => boolean) | undefined;
    let device: ((...args: unknown[]) => boolean) | undefined;
    const session = {
      setPermissionRequestHandler: (handler: typeof request) => (request = handler),
      setPermissionCheckHandler: (handler: typeof check) => (check = handler),
      setDevicePermissionHandler: (handler: typeof device) => (device = handler),
    } as unknown as Session;
    denyAllPermissions(session);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen']) {
      const callback = jest.fn();
      request?.({}, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
      expect(check?.({}, permission, APP_ORIGIN, {})).toBe(false);
    }
    expect(device?.({ deviceType: 'usb', origin: APP_ORIGIN })).toBe(false);
  });
});
