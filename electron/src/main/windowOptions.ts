import type { BrowserWindowConstructorOptions, Rectangle } from 'electron';
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
