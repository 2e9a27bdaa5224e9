import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { SessionUser } from '@hiraku/shared';
import { AnalyticsProvider } from './analytics/AnalyticsContext';
import { ApiProvider, type Api } from './api/ApiContext';
import { createApi } from './api/createApi';
import { SiteConfigProvider, type SiteConfig } from './config/SiteConfigContext';
import { NoticeProvider } from './notice/NoticeContext';
import type { Platform } from './platform/Platform';
import { createQueryClient } from './query/queryClient';
import { PlatformProvider } from './platform/PlatformContext';
import type { HirakuRouter } from './routes/createHirakuRouter';
import { prefetchFirstScreen } from './routes/firstScreenData';
import { PATHS } from './routes/paths';
import { HirakuRouterProvider } from './routes/RouterView';
import type { LoginRedirectState } from './session/returnTo';
import { SessionProvider, useSession } from './session/SessionContext';
import { ShellActionsProvider, type ShellActions } from './shell/ShellActionsContext';

export interface HirakuAppProps {
  platform: Platform;
  /** From createHirakuRouter('browser' | 'hash'): the host decides how addresses look. */
  router: HirakuRouter;
  /** Settings the host already knows; pages fetch the rest from the server. */
  siteConfig?: Partial<SiteConfig>;
  /** A ready API client; by default one is made for platform.apiBaseUrl. */
  api?: Api;
  /** Start from a known member (or null: known to be signed out) instead of "unknown", e.g. in tests. */
  initialUser?: SessionUser | null;
  /** The cache of server answers (src/query); by default a new one. */
  queryClient?: QueryClient;
}

/** The menu's ログアウト ends the session; the menu itself then goes to the top page. */
function SessionShellActions({ children }: { children: ReactNode }) {
  const { logout } = useSession();
  const actions = useMemo<ShellActions>(() => ({ logout }), [logout]);
  return <ShellActionsProvider actions={actions}>{children}</ShellActionsProvider>;
}

/**
 * What one member was shown (their likes, drafts, profile) is not for the next one: when the signed-in
 * member changes (a logout, an expired session, another account), the cache starts empty.
 */
function SessionQueryReset({ client }: { client: QueryClient }) {
  const { status, user } = useSession();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (status === 'unknown') return;
    const member = user?.publicId ?? null;
    if (shown.current !== null && shown.current !== member) client.clear();
    shown.current = member;
  }, [client, status, user]);
  return null;
}

export function HirakuApp({ platform, router, siteConfig, api: givenApi, initialUser, queryClient: givenQueryClient }: HirakuAppProps) {
  const [ownQueryClient] = useState(createQueryClient);
  const queryClient = givenQueryClient ?? ownQueryClient;
  const config = useMemo(() => ({ ...siteConfig }), [siteConfig]);
  const api = useMemo(
    () => givenApi ?? createApi({ baseUrl: platform.apiBaseUrl, transport: platform.transport, firstAnswers: platform.firstAnswers }),
    [givenApi, platform.apiBaseUrl, platform.transport, platform.firstAnswers],
  );

  // The first screen's data leaves with the session check, before the screen's code has arrived, and the
  // screen waits for it (routes/firstScreenData.ts); a layout effect, so both go in the first commit.
  useLayoutEffect(() => {
    if (initialUser === null) return;
    const ready = prefetchFirstScreen(router.state.location.pathname, queryClient, api.call);
    if (ready) router.holdFirstScreen(ready);
    // Once, for the address the app opened at.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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
            <QueryClientProvider client={queryClient}>
              <SessionProvider initialUser={initialUser} onExpired={goToLogin} startPath={router.state.location.pathname}>
                <SessionQueryReset client={queryClient} />
                <SessionShellActions>
                  <AnalyticsProvider>
                    <HirakuRouterProvider router={router} />
                  </AnalyticsProvider>
                </SessionShellActions>
              </SessionProvider>
            </QueryClientProvider>
          </NoticeProvider>
        </ApiProvider>
      </SiteConfigProvider>
    </PlatformProvider>
  );
}
