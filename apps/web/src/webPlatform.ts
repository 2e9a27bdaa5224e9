import type { Platform } from '@hiraku/ui';

export function createWebPlatform(apiBaseUrl: string): Platform {
  return {
    kind: 'web',
    apiBaseUrl,
    openExternal(url) {
      window.open(url, '_blank', 'noopener,noreferrer');
    },
    // The browser's own dialogs: they block the page until closed, as the browser tests expect.
    alert(message) {
      window.alert(message);
    },
    confirm(question) {
      return Promise.resolve(window.confirm(question));
    },
  };
}
