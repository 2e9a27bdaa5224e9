export type PlatformKind = 'web' | 'desktop';

/**
 * What the host (browser page or Electron renderer) lends the shared UI. Pages reach the outside world
 * only through this, so the desktop app can route external links to the system browser and point the
 * API at a configurable server.
 */
export interface Platform {
  kind: PlatformKind;
  /** Prefix for API calls; '' means the same origin that served the page. */
  apiBaseUrl: string;
  /** Opens a link outside the app: a new tab on the web, the system browser or mailer on the desktop. */
  openExternal(url: string): void;
}
