import { useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { DEFAULT_SITE_CONFIG, SiteConfigProvider, type SiteConfig } from './config/SiteConfigContext';
import type { Platform } from './platform/Platform';
import { PlatformProvider } from './platform/PlatformContext';
import type { HirakuRouter } from './routes/createHirakuRouter';
import { ShellActionsProvider, type ShellActions } from './shell/ShellActionsContext';

export interface HirakuAppProps {
  platform: Platform;
  /** From createHirakuRouter('browser' | 'hash'): the host decides how addresses look. */
  router: HirakuRouter;
  siteConfig?: Partial<SiteConfig>;
  /** Runs when a member chooses ログアウト; the shell then goes to the top page whatever the outcome. */
  onLogout?: ShellActions['logout'];
}

export function HirakuApp({ platform, router, siteConfig, onLogout }: HirakuAppProps) {
  const config = useMemo(() => ({ ...DEFAULT_SITE_CONFIG, ...siteConfig }), [siteConfig]);
  const actions = useMemo<ShellActions>(() => ({ logout: onLogout ?? (() => undefined) }), [onLogout]);
  return (
    <PlatformProvider platform={platform}>
      <SiteConfigProvider config={config}>
        <ShellActionsProvider actions={actions}>
          <RouterProvider router={router} />
        </ShellActionsProvider>
      </SiteConfigProvider>
    </PlatformProvider>
  );
}
