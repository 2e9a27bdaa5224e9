/** At most this long: a hidden tab paints nothing, and the app must start all the same. */
export const FIRST_PAINT_WAIT_MS = 200;

/**
 * Settles once the browser has painted the page as it stands (the task after the next animation frame's
 * paint), or after FIRST_PAINT_WAIT_MS when no frame comes.
 */
export function afterFirstPaint(raf: (callback: () => void) => unknown = (callback) => requestAnimationFrame(callback)): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, FIRST_PAINT_WAIT_MS);
    raf(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
