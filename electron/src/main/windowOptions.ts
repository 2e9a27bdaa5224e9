import type { BrowserWindow, BrowserWindowConstructorOptions, Rectangle } from 'electron';
import { DESKTOP_TEXTS } from '@hiraku/shared';

export const MIN_WINDOW = { width: 960, height: 640 } as const;

/**
 * Every security-relevant web preference is written out, even where it is Electron's default today:
 * a default that changes in an upgrade must not quietly open the renderer to Node.
 */
export function mainWindowOptions({ preload, bounds }: { preload: string; bounds: Partial<Rectangle> }): BrowserWindowConstructorOptions {
  return {
    ...bounds,
    minWidth: MIN_WINDOW.width,
    minHeight: MIN_WINDOW.height,
    title: DESKTOP_TEXTS.productName,
    show: false,
    backgroundColor: '#ffffff',
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
    },
  };
}

/**
 * The passkey ceremony's window: on the server's origin, with no preload and nothing of Node,
 * modal over the app so the system's passkey dialog belongs to it. It only ever shows the server's health answer.
 */
export function passkeyWindowOptions(parent: BrowserWindow | null): BrowserWindowConstructorOptions {
  return {
    width: 420,
    height: 240,
    parent: parent ?? undefined,
    modal: parent !== null,
    title: DESKTOP_TEXTS.productName,
    show: true,
    resizable: false,
    minimizable: false,
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      javascript: true,
      safeDialogs: true,
    },
  };
}
