import { useSyncExternalStore } from 'react';

/** Issue 38: from this width (the web app's desktop and the desktop app) the case queue shows list and case side by side. */
export const WIDE_SCREEN_QUERY = '(min-width: 1024px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(WIDE_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the window is wide now; follows resizing. Narrow during server rendering (the phone layout is the default). */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE_SCREEN_QUERY).matches,
    () => false,
  );
}
