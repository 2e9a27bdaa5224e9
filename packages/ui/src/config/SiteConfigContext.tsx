import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_SUPPORT_EMAIL } from '@hiraku/shared';

/** Settings that differ per deployment and that pages show to members. */
export interface SiteConfig {
  supportEmail: string;
}

export const DEFAULT_SITE_CONFIG: SiteConfig = { supportEmail: DEFAULT_SUPPORT_EMAIL };

const SiteConfigContext = createContext<SiteConfig>(DEFAULT_SITE_CONFIG);

export function SiteConfigProvider({ config, children }: { config: SiteConfig; children: ReactNode }) {
  return <SiteConfigContext.Provider value={config}>{children}</SiteConfigContext.Provider>;
}

export function useSiteConfig(): SiteConfig {
  return useContext(SiteConfigContext);
}
