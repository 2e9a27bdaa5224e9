import { createContext, useContext, type ReactNode } from 'react';
import type { Platform } from './Platform';

const PlatformContext = createContext<Platform | null>(null);

export function PlatformProvider({ platform, children }: { platform: Platform; children: ReactNode }) {
  return <PlatformContext.Provider value={platform}>{children}</PlatformContext.Provider>;
}

export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (!platform) {
    // A missing provider is a wiring mistake in the host; failing loudly beats silently guessing 'web'.
    throw new Error('usePlatform() needs a <PlatformProvider> (HirakuApp provides one).');
  }
  return platform;
}
