import type { Platform } from '@hiraku/ui';

export function createWebPlatform(apiBaseUrl: string): Platform {
  return {
    kind: 'web',
    apiBaseUrl,
    openExternal(url) {
      window.open(url, '_blank', 'noopener,noreferrer');
    },
  };
}
