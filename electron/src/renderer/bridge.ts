import type { HirakuDesktopBridge } from '../shared/bridge';

declare global {
  interface Window {
    /** Set by the preload (electron/src/preload); the renderer's only way out. */
    hirakuDesktop?: HirakuDesktopBridge;
  }
}

export function desktopBridge(): HirakuDesktopBridge {
  const bridge = window.hirakuDesktop;
  if (!bridge) throw new Error('window.hirakuDesktop is missing: the preload did not run.');
  return bridge;
}
