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

export function isAppUrl(url: string): boolean {
  try {
    return new URL(url).origin === APP_ORIGIN;
  } catch {
    return false;
  }
}
