import type { Session, WebContents } from 'electron';

export interface NavigationGuardOptions {
  /** The app's own pages (appPageMatcher): the only places the window may go. */
  isAppPage: (url: string) => boolean;
  /** The configured server's origin: its pages (a report, the public site) open in the system browser. */
  serverOrigin: () => string | null;
  openExternal: (url: string) => void;
}

/** True only for an http(s) address on the configured server's own origin. */
export function isServerLink(url: string, serverOrigin: string | null): boolean {
  if (!serverOrigin) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.origin === serverOrigin;
  } catch {
    return false;
  }
}

/**
 * The window never leaves the app's own pages: navigation elsewhere and window.open are refused, and
 * a link to the server's own site goes to the system browser; any other address goes nowhere.
 */
export function installNavigationGuards(contents: WebContents, options: NavigationGuardOptions): void {
  const leaveForBrowser = (url: string) => {
    if (isServerLink(url, options.serverOrigin())) options.openExternal(url);
  };
  contents.on('will-navigate', (event, url) => {
    if (options.isAppPage(url)) return;
    event.preventDefault();
    leaveForBrowser(url);
  });
  contents.on('will-redirect', (event, url) => {
    if (!options.isAppPage(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    leaveForBrowser(url);
    return { action: 'deny' };
  });
}

/**
 * Camera, microphone, geolocation, notifications, clipboard, USB... the renderer needs none of them
 * (system notifications come from the main process), so every request and check is answered no.
 */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}
