import { useCallback, useEffect, useRef } from 'react';
import type { BlockerFunction } from 'react-router-dom';
import { REPORT_MESSAGES } from '@hiraku/shared';
import { usePlatform } from '../../platform/PlatformContext';
import { useBlocker } from '../../routes/RouterView';

/**
 * Asks before unsaved words are lost (docs/product.md §4): the browser's own dialog when the tab is closed
 * or reloaded, and a confirm for moves inside the app. Call `release()` right before navigating away
 * after a save, so that move is not questioned.
 */
export function useLeaveWarning(unsaved: boolean): { release: () => void } {
  const released = useRef(false);
  const unsavedRef = useRef(unsaved);
  useEffect(() => {
    unsavedRef.current = unsaved;
  }, [unsaved]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => unsavedRef.current && !released.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);
  const platform = usePlatform();
  // The question may be answered asynchronously (the desktop app's own dialog); ask it once per blocked move.
  const asking = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void platform.confirm(REPORT_MESSAGES.leaveWarning).then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, platform]);

  useEffect(() => {
    if (!unsaved) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const release = useCallback(() => {
    released.current = true;
  }, []);
  return { release };
}
