import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { SHELL_TEXTS } from '@hiraku/shared';
import { AnalyticsRouteSync } from '../analytics/AnalyticsRouteSync';
import { InPageLink } from '../components/InPageLink';
import { NoticeBanner } from '../notice/NoticeBanner';
import { ScrollRestoration } from '../routes/RouterView';
import { SessionRouteSync } from '../session/SessionRouteSync';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { useSession } from '../session/SessionContext';
import { ContentWarningProvider } from '../contentWarnings/ContentWarningContext';

// Not needed for the first paint: the stream and the toast come in a chunk of their own.
const NotificationLive = lazy(() => import('../notifications/NotificationLive').then((module) => ({ default: module.NotificationLive })));

export function AppLayout() {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  const { status } = useSession();

  useEffect(() => {
    // After an in-app navigation the clicked link may be gone; a screen reader should start on the new page.
    if (pathname === shownPath.current) return;
    shownPath.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="app-shell">
      <InPageLink targetId="main" className="skip-link">
        {SHELL_TEXTS.skipToContent}
      </InPageLink>
      <SiteHeader />
      <SessionRouteSync />
      <AnalyticsRouteSync />
      <main id="main" ref={mainRef} tabIndex={-1} className="app-main">
        <NoticeBanner />
        <ContentWarningProvider>
          <Outlet />
        </ContentWarningProvider>
      </main>
      {/* Keyed by nothing but the session: a new member gets a new stream. */}
      {status === 'authenticated' && (
        <Suspense fallback={null}>
          <NotificationLive />
        </Suspense>
      )}
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
