import type { Rectangle } from 'electron';
import type { WindowBounds } from './settingsStore';

export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 820 } as const;

function overlap(a: Rectangle, b: Rectangle): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/**
 * Where the window opens: where it was last time, unless that spot is no longer on any screen (a
 * monitor was unplugged), then the default size, centred by Electron.
 */
export function initialBounds(saved: WindowBounds | null, workAreas: readonly Rectangle[]): Partial<Rectangle> {
  if (!saved) return { ...DEFAULT_WINDOW_SIZE };
  // At least a quarter of the window (and its title bar with it, in practice) on one screen.
  const visible = workAreas.some((area) => overlap(saved, area) >= (saved.width * saved.height) / 4 && saved.y >= area.y - 8);
  return visible ? { ...saved } : { width: saved.width, height: saved.height };
}

export interface TrackedWindow {
  on(event: 'resize' | 'move' | 'close', listener: () => void): unknown;
  getNormalBounds(): Rectangle;
  isMaximized(): boolean;
}

/** Remembers the window's normal size and place (not the maximised one) and whether it was maximised. */
export function trackWindowState(window: TrackedWindow, save: (bounds: WindowBounds, maximized: boolean) => void, delayMs = 500): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const saveNow = () => {
    clearTimeout(timer);
    save(window.getNormalBounds(), window.isMaximized());
  };
  const saveSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(saveNow, delayMs);
  };
  window.on('resize', saveSoon);
  window.on('move', saveSoon);
  window.on('close', saveNow);
}
