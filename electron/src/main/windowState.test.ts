import { DEFAULT_WINDOW_SIZE, initialBounds, trackWindowState } from './windowState';

const screen = { x: 0, y: 0, width: 1920, height: 1040 };

describe('window size and position', () => {
  it('opens where it was, or at the default size when that spot is off every screen', () => {
    expect(initialBounds(null, [screen])).toEqual(DEFAULT_WINDOW_SIZE);
    expect(initialBounds({ x: 100, y: 80, width: 1000, height: 700 }, [screen])).toEqual({ x: 100, y: 80, width: 1000, height: 700 });
    // The second monitor it was on has been unplugged.
    expect(initialBounds({ x: 2500, y: 80, width: 1000, height: 700 }, [screen])).toEqual({ width: 1000, height: 700 });
  });

  it('remembers the normal bounds after moves settle, and at once on close', () => {
    jest.useFakeTimers();
    const listeners = new Map<string, () => void>();
    const bounds = { x: 5, y: 6, width: 1100, height: 750 };
    const save = jest.fn();
    trackWindowState({ on: (event, listener) => listeners.set(event, listener), getNormalBounds: () => bounds, isMaximized: () => true }, save, 500);
    listeners.get('move')?.();
    listeners.get('resize')?.();
    expect(save).not.toHaveBeenCalled();
    jest.advanceTimersByTime(500);
    expect(save.mock.calls).toEqual([[bounds, true]]);
    listeners.get('close')?.();
    expect(save).toHaveBeenCalledTimes(2);
    jest.useRealTimers();
  });
});
