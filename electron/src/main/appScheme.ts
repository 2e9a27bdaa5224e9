import type { CustomScheme } from 'electron';

/**
 * The renderer is served from hiraku-app://renderer/, not file://: a standard, secure origin of its
 * own, so 'self' in the policy means exactly the app's files and no other file on the disk.
 */
export const APP_SCHEME = 'hiraku-app';
export const APP_HOST = 'renderer';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: false, corsEnabled: false, allowServiceWorkers: false, bypassCSP: false, stream: false },
};

/**
 * A matcher for the app's own pages: hiraku-app://renderer/, plus the dev server's origin while
 * `electron-vite dev` serves the renderer. Protocol and host are compared, not `origin`: Node's URL
 * gives a custom scheme the origin "null".
 */
export function appPageMatcher(devServerUrl?: string): (url: string) => boolean {
  const devOrigin = devServerUrl ? new URL(devServerUrl).origin : null;
  return (url) => {
    try {
      const parsed = new URL(url);
      if (parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST) return true;
      return devOrigin !== null && parsed.origin === devOrigin;
    } catch {
      return false;
    }
  };
}
