import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import type { AnalyticsEventName } from '@hiraku/shared';
import { usePlatform } from '../platform/PlatformContext';
import { ANALYTICS_RECORD_PATH, createAnalyticsQueue, type AnalyticsQueue } from './analyticsQueue';
import { dailyVisitorKey } from './visitorKey';

export interface Analytics {
  /** Records an event of docs/product.md §7 for the page being shown (or `path`). */
  track(name: AnalyticsEventName, path?: string): void;
}

const AnalyticsContext = createContext<Analytics>({ track: () => undefined });

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** sendBeacon survives the page being closed; fetch with keepalive stands in where it is missing or refuses. */
function beaconSender(url: string): (body: string) => boolean {
  return (body) => {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return true;
    void fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit', headers: { 'Content-Type': 'text/plain' } }).catch(() => undefined);
    return true;
  };
}

/**
 * First-party analytics for the web app (docs/decisions.md): events go in batches to our own server only.
 * The operators' desktop app records nothing: its page views would only count the operators.
 */
export function AnalyticsProvider({ children }: { children: ReactNode }) {
  const platform = usePlatform();
  const queue = useMemo<AnalyticsQueue | null>(() => {
    if (platform.kind !== 'web' || typeof window === 'undefined') return null;
    return createAnalyticsQueue({ send: beaconSender(`${platform.apiBaseUrl}${ANALYTICS_RECORD_PATH}`), visitorKey: () => dailyVisitorKey(localStorageOrNull()) });
  }, [platform.kind, platform.apiBaseUrl]);

  useEffect(() => {
    if (!queue) return undefined;
    // Hidden or left: send now, a later timer may never run.
    const onHide = () => {
      if (document.visibilityState === 'hidden') queue.flush();
    };
    const onPageHide = () => queue.flush();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      queue.flush();
    };
  }, [queue]);

  const value = useMemo<Analytics>(
    () => ({ track: (name, path) => queue?.track({ name, path: path ?? window.location.pathname }) }),
    [queue],
  );
  return <AnalyticsContext.Provider value={value}>{children}</AnalyticsContext.Provider>;
}

export function useAnalytics(): Analytics {
  return useContext(AnalyticsContext);
}
