import { hostTransport, PasskeyCeremonyError, type PasskeyCeremonies, type Platform } from '@hiraku/ui';
import type { HirakuDesktopBridge } from '../shared/bridge';

/** packages/ui in the desktop app: every API call and every outside link goes through the bridge. */
/** The system authenticator through the main process; a refusal comes back in Japanese. */
function desktopPasskeys(bridge: HirakuDesktopBridge): PasskeyCeremonies {
  const settle = async <T>(result: Promise<{ ok: true; response: T } | { ok: false; message: string }>): Promise<T> => {
    const outcome = await result;
    if (!outcome.ok) throw new PasskeyCeremonyError(outcome.message);
    return outcome.response;
  };
  return { create: (options) => settle(bridge.passkeyCreate(options)), get: (options) => settle(bridge.passkeyGet(options)) };
}

/** `passkeys`: whether the main process can reach an authenticator here (DesktopState.passkeys). */
export function createDesktopPlatform(bridge: HirakuDesktopBridge, { passkeys }: { passkeys: boolean }): Platform {
  return {
    kind: 'desktop',
    apiBaseUrl: '',
    openExternal: (url) => void bridge.openExternal(url),
    // Electron shows these as native dialogs of the window (safeDialogs keeps a page from looping them).
    alert: (message) => window.alert(message),
    confirm: async (question) => window.confirm(question),
    transport: hostTransport((request) => bridge.request(request)),
    passkeys: passkeys ? desktopPasskeys(bridge) : null,
    updateFeed: { current: async () => (await bridge.getState()).updateFeedUrl, set: (url) => bridge.setUpdateFeed(url) },
  };
}
