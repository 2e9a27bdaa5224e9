import { createContext, useContext, type ReactNode } from 'react';

/**
 * Settings that differ per deployment and that pages show to members. The server is their source
 * (GET /api/site-config); a host or a test may hand them in, and a page asks the server for whatever
 * was not handed in, so no baked-in default is ever shown as if it were the deployment's.
 */
export interface SiteConfig {
  supportEmail: string;
}

const SiteConfigContext = createContext<Partial<SiteConfig>>({});

export function SiteConfigProvider({ config, children }: { config: Partial<SiteConfig>; children: ReactNode }) {
  return <SiteConfigContext.Provider value={config}>{children}</SiteConfigContext.Provider>;
}

export function useSiteConfig(): Partial<SiteConfig> {
  return useContext(SiteConfigContext);
}
