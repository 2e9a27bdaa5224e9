import { z } from 'zod';

/**
 * The update feed: electron-updater's `generic` provider, i.e. a plain HTTPS folder holding
 * `latest.yml` (`latest-linux.yml`, `latest-mac.yml`) and the installers electron-builder made. Where it is
 * comes from the app's settings (`updateFeedUrl` in settings.json), so each operator team points the app
 * at its own server; nothing is checked until it is set. http is allowed for this machine only (a local
 * test feed): a feed anywhere else must be HTTPS, since it decides which program runs next.
 */
export const updateFeedUrlSchema = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
    } catch {
      return false;
    }
  });

/** What the app needs of electron-updater's AppUpdater (NsisUpdater, MacUpdater, AppImageUpdater). */
export interface Updater {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<{ isUpdateAvailable?: boolean; updateInfo: { version: string } } | null>;
}

export type UpdateCheckResult =
  | { state: 'notConfigured' }
  | { state: 'upToDate'; version: string }
  | { state: 'available'; version: string }
  | { state: 'failed'; reason: string };

/**
 * Asks the feed whether a newer version exists. Never downloads by itself (autoDownload off): an
 * operator's tool must not swap its program mid-shift; the app says a version is available and the
 * operator chooses. A feed that cannot be read is reported, never thrown: the app keeps working.
 */
export async function checkForUpdate(updater: Updater, feedUrl: string | null, currentVersion: string): Promise<UpdateCheckResult> {
  const parsed = feedUrl === null ? null : updateFeedUrlSchema.safeParse(feedUrl);
  if (!parsed?.success) return { state: 'notConfigured' };
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;
  updater.setFeedURL({ provider: 'generic', url: parsed.data });
  try {
    const result = await updater.checkForUpdates();
    // null: the updater is inactive (an unpackaged build) and looked nothing up.
    if (!result) return { state: 'upToDate', version: currentVersion };
    const available = result.isUpdateAvailable ?? result.updateInfo.version !== currentVersion;
    return available ? { state: 'available', version: result.updateInfo.version } : { state: 'upToDate', version: currentVersion };
  } catch (error) {
    return { state: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
}
