import { hostTransport, type Platform } from '@hiraku/ui';
import type { HirakuDesktopBridge } from '../shared/bridge';

/** packages/ui in the desktop app: every API call and every outside link goes through the bridge. */
export function createDesktopPlatform(bridge: HirakuDesktopBridge): Platform {
  return {
    kind: 'desktop',
    apiBaseUrl: '',
    openExternal: (url) => void bridge.openExternal(url),
    // Electron shows these as native dialogs of the window (safeDialogs keeps a page from looping them).
    alert: (message) => window.alert(message),
    confirm: async (question) => window.confirm(question),
    transport: hostTransport((request) => bridge.request(request)),
  };
}
