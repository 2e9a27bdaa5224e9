/**
 * Remembers, across reloads, that the member asked to log out and the server has not confirmed it yet.
 * Kept in localStorage so another tab or the next visit on a shared device still ends the session.
 */
const KEY = 'hiraku.pendingLogout';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off; the retry then lasts as long as the page.
    return null;
  }
}

export const pendingLogoutStore = {
  get: (): boolean => storage()?.getItem(KEY) === '1',
  set: (): void => storage()?.setItem(KEY, '1'),
  clear: (): void => storage()?.removeItem(KEY),
};
