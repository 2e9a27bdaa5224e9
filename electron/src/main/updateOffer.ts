import type * as Electron from 'electron';
import { DESKTOP_TEXTS } from '@hiraku/shared';
import { checkForUpdate, type Updater } from './updateCheck';

/**
 * At start-up, asks the update feed (settings.json's updateFeedUrl) for a newer version and, when there is
 * one, offers to download it; it is installed when the app next quits. electron-updater is loaded here
 * only, after the app is ready, and only for a packaged app with a feed set.
 */
export async function offerUpdate({
  dialog,
  window,
  feedUrl,
  version,
}: {
  dialog: Electron.Dialog;
  window: () => Electron.BrowserWindow | null;
  feedUrl: string | null;
  version: string;
}): Promise<void> {
  if (feedUrl === null) return;
  const { autoUpdater } = await import('electron-updater');
  const updater: Updater = autoUpdater;
  const result = await checkForUpdate(updater, feedUrl, version);
  if (result.state !== 'available') return;
  const t = DESKTOP_TEXTS.update;
  const options: Electron.MessageBoxOptions = { type: 'info', title: t.title, message: t.message(result.version), detail: t.detail, buttons: [t.download, t.later], defaultId: 0, cancelId: 1 };
  const shown = window();
  const { response } = await (shown ? dialog.showMessageBox(shown, options) : dialog.showMessageBox(options));
  if (response !== 0) return;
  autoUpdater.autoInstallOnAppQuit = true;
  await autoUpdater.downloadUpdate().catch(() => undefined);
}
