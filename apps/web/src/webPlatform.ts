import type { Platform } from '@hiraku/ui';

/** `answers`: what the server read for the first screen it rendered in the page, if it did (main.tsx). */
export function createWebPlatform(apiBaseUrl: string, answers: Readonly<Record<string, unknown>> | null = null): Platform {
  return {
    kind: 'web',
    apiBaseUrl,
    firstAnswers: answers,
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
