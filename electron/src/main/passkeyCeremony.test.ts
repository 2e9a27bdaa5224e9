import { PASSKEY_MESSAGES } from '@hiraku/shared';
import { createPasskeyCeremony, passkeysSupported, type CeremonyWindow } from './passkeyCeremony';

const OPTIONS = { challenge: 'Y2hhbGxlbmdlLWZyb20tc2VydmVy', rpId: 'hiraku.example.jp', userVerification: 'required' };
const ASSERTION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln', userHandle: 'dXNlcg' },
  authenticatorAttachment: 'platform',
  clientExtensionResults: {},
};

/** Electron's BrowserWindow, faked at the boundary: it records what it loaded and ran, and answers `outcome`. */
function fakeWindow(outcome: unknown | (() => Promise<unknown>)) {
  const calls = { loaded: [] as string[], scripts: [] as string[], gestures: [] as Array<boolean | undefined>, destroyed: 0 };
  let destroyed = false;
  const window: CeremonyWindow = {
    loadURL: async (url) => void calls.loaded.push(url),
    webContents: {
      executeJavaScript: async (code, userGesture) => {
        calls.scripts.push(code);
        calls.gestures.push(userGesture);
        return typeof outcome === 'function' ? (outcome as () => Promise<unknown>)() : outcome;
      },
    },
    destroy: () => {
      destroyed = true;
      calls.destroyed += 1;
    },
    isDestroyed: () => destroyed,
  };
  return { window, calls };
}

function setUp(outcome: unknown, { platform = 'darwin' as NodeJS.Platform, origin = 'https://hiraku.example.jp' as string | null } = {}) {
  const fake = fakeWindow(outcome);
  const openWindow = jest.fn(() => fake.window);
  return { ceremony: createPasskeyCeremony({ serverOrigin: () => origin, platform, openWindow }), openWindow, calls: fake.calls };
}

describe('passkey ceremony in the main process (issue 35)', () => {
  it('is offered on macOS and Windows only, where Electron reaches the system authenticator', () => {
    expect(passkeysSupported('darwin')).toBe(true);
    expect(passkeysSupported('win32')).toBe(true);
    expect(passkeysSupported('linux')).toBe(false);
  });

  it("runs navigator.credentials.get on the server's own origin with the options, and answers the checked assertion", async () => {
    const { ceremony, calls } = setUp({ ok: true, credential: ASSERTION });
    await expect(ceremony.get(OPTIONS)).resolves.toEqual({ ok: true, response: ASSERTION });
    expect(calls.loaded).toEqual(['https://hiraku.example.jp/api/health']);
    expect(calls.scripts[0]).toContain('navigator.credentials[kind]');
    expect(calls.scripts[0]).toContain(`"get", ${JSON.stringify(OPTIONS)}`);
    expect(calls.gestures).toEqual([true]);
    expect(calls.destroyed).toBe(1);
  });

  it('tells a cancelled ceremony in Japanese and closes the window', async () => {
    const { ceremony, calls } = setUp({ ok: false, name: 'NotAllowedError' });
    await expect(ceremony.get(OPTIONS)).resolves.toEqual({ ok: false, message: PASSKEY_MESSAGES.cancelled });
    expect(calls.destroyed).toBe(1);
  });

  it('refuses a credential of the wrong shape, and options without a usable challenge before opening any window', async () => {
    const misshapen = setUp({ ok: true, credential: { ...ASSERTION, response: { clientDataJSON: 'e30' } } });
    await expect(misshapen.ceremony.get(OPTIONS)).resolves.toEqual({ ok: false, message: PASSKEY_MESSAGES.responseInvalid });
    const badOptions = setUp({ ok: true, credential: ASSERTION });
    await expect(badOptions.ceremony.get({ challenge: '"); alert(1); ("' })).resolves.toEqual({ ok: false, message: PASSKEY_MESSAGES.responseInvalid });
    expect(badOptions.openWindow).not.toHaveBeenCalled();
  });

  it('opens nothing on Linux or before a server is chosen: the code remains', async () => {
    const linux = setUp({ ok: true, credential: ASSERTION }, { platform: 'linux' });
    expect(linux.ceremony.supported).toBe(false);
    await expect(linux.ceremony.get(OPTIONS)).resolves.toEqual({ ok: false, message: PASSKEY_MESSAGES.unsupported });
    const noServer = setUp({ ok: true, credential: ASSERTION }, { origin: null });
    await expect(noServer.ceremony.create(OPTIONS)).resolves.toEqual({ ok: false, message: PASSKEY_MESSAGES.unsupported });
    expect(linux.openWindow).not.toHaveBeenCalled();
    expect(noServer.openWindow).not.toHaveBeenCalled();
  });

  it('closes the window when the page cannot load', async () => {
    const fake = fakeWindow(null);
    fake.window.loadURL = async () => {
      throw new Error('ERR_CONNECTION_REFUSED');
    };
    const ceremony = createPasskeyCeremony({ serverOrigin: () => 'https://hiraku.example.jp', platform: 'win32', openWindow: () => fake.window });
    await expect(ceremony.get(OPTIONS)).resolves.toEqual({ ok: false, message: PASSKEY_MESSAGES.unsupported });
    expect(fake.calls.destroyed).toBe(1);
  });
});
