import type { Transport } from '../api/transport';
import type { PasskeyCeremonies } from '../passkeys/passkeyCeremonies';

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
  /**
   * Tells the user something they must acknowledge (docs/product.md asks for an alert after sign-up, mail links,
   * password reset and saves): the browser's alert on the web, the app's own dialog on the desktop.
   * Screens do not wait for it to close; they also keep the text on the page.
   */
  alert(message: string): void;
  /** Asks a yes/no question (leave unsaved edits, delete, report); true when the user agrees. */
  confirm(question: string): Promise<boolean>;
  /**
   * Desktop: every API call goes to the host (the Electron main process), which keeps the cookies and
   * the anti-forgery token itself. Unset on the web, where the browser's fetch does.
   */
  transport?: Transport;
  /** Web: the answers the server read for the first screen it rendered in the page (apps/web/src/main.tsx). */
  firstAnswers?: Readonly<Record<string, unknown>> | null;
  /**
   * Passkey ceremonies when the host does them itself: the desktop app's main process, or null
   * where it cannot (the login then offers the code alone). Unset on the web: the page's own WebAuthn.
   */
  passkeys?: PasskeyCeremonies | null;
  /**
   * The desktop app's update feed, kept by the main process in its settings: read and set
   * from 設定 › アプリの更新. Unset on the web, which has nothing to update.
   */
  updateFeed?: UpdateFeedSetting;
}

export interface UpdateFeedSetting {
  current(): Promise<string | null>;
  /** '' clears it; a refusal comes back in Japanese. */
  set(url: string): Promise<{ ok: true; url: string | null } | { ok: false; message: string }>;
}
