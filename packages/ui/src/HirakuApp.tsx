import { useCallback, useMemo, type ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { SessionUser } from '@hiraku/shared';
import { AnalyticsProvider } from './analytics/AnalyticsContext';
import { ApiProvider, type Api } from './api/ApiContext';
import { createApi } from './api/createApi';
import { DEFAULT_SITE_CONFIG, SiteConfigProvider, type SiteConfig } from './config/SiteConfigContext';
import { NoticeProvider } from './notice/NoticeContext';
import type { Platform } from './platform/Platform';
import { PlatformProvider } from './platform/PlatformContext';
import type { HirakuRouter } from './routes/createHirakuRouter';
import { PATHS } from './routes/paths';
import type { LoginRedirectState } from './session/returnTo';
import { SessionProvider, useSession } from './session/SessionContext';
import { ShellActionsProvider, type ShellActions } from './shell/ShellActionsContext';

export interface HirakuAppProps {
  platform: Platform;
  /** From createHirakuRouter('browser' | 'hash'): the host decides how addresses look. */
  router: HirakuRouter;
  siteConfig?: Partial<SiteConfig>;
  /** A ready API client; by default one is made for platform.apiBaseUrl. */
  api?: Api;
  /** Start from a known member (or null: known to be signed out) instead of "unknown", e.g. in tests. */
  initialUser?: SessionUser | null;
}

/** The menu's ログアウト ends the session; the menu itself then goes to the top page. */
function SessionShellActions({ children }: { children: ReactNode }) {
  const { logout } = useSession();
  const actions = useMemo<ShellActions>(() => ({ logout }), [logout]);
  return <ShellActionsProvider actions={actions}>{children}</ShellActionsProvider>;
}

export function HirakuApp({ platform, router, siteConfig, api: givenApi, initialUser }: HirakuAppProps) {
  const config = useMemo(() => ({ ...DEFAULT_SITE_CONFIG, ...siteConfig }), [siteConfig]);
  const api = useMemo(
    () => givenApi ?? createApi({ baseUrl: platform.apiBaseUrl, transport: platform.transport }),
    [givenApi, platform.apiBaseUrl, platform.transport],
  );

  const goToLogin = useCallback(() => {
    const { location } = router.state;
    if (location.pathname === PATHS.login) return;
    const state: LoginRedirectState = { from: { pathname: location.pathname, search: location.search }, reason: 'expired' };
    void router.navigate(PATHS.login, { replace: true, state });
  }, [router]);

  return (
    <PlatformProvider platform={platform}>
      <SiteConfigProvider config={config}>
        <ApiProvider api={api}>
          <NoticeProvider>
            <SessionProvider initialUser={initialUser} onExpired={goToLogin}>
              <SessionShellActions>
                <AnalyticsProvider>
                  <RouterProvider router={router} />
                </AnalyticsProvider>
              </SessionShellActions>
            </SessionProvider>
          </NoticeProvider>
        </ApiProvider>
      </SiteConfigProvider>
    </PlatformProvider>
  );
}
