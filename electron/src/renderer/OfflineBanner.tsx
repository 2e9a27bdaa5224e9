import { useEffect, useState } from 'react';
import { DESKTOP_TEXTS } from '@hiraku/shared';
import type { HirakuDesktopBridge } from '../shared/bridge';

/** Shown while the main process cannot reach the server; it goes away by itself on the next answer. */
export function OfflineBanner({ bridge, initiallyOnline }: { bridge: HirakuDesktopBridge; initiallyOnline: boolean }) {
  const [online, setOnline] = useState(initiallyOnline);
  useEffect(() => bridge.onConnectivity(setOnline), [bridge]);
  if (online) return null;
  return (
    <p role="alert" className="desktop-offline">
      {DESKTOP_TEXTS.offline.banner}
    </p>
  );
}
