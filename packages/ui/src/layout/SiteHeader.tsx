import { lazy, Suspense } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { SITE_TEXTS, SHELL_TEXTS } from '@hiraku/shared';
import { PATHS } from '../routes/paths';
import { useSession } from '../session/SessionContext';
import { HeaderSearch } from './HeaderSearch';

// The bell reads its count through the query cache, which the first paint does without: a chunk of its own.
const NotificationBell = lazy(() => import('../notifications/NotificationBell').then((module) => ({ default: module.NotificationBell })));

export function SiteHeader() {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const { status } = useSession();
  const shownQuery = pathname === PATHS.searchResults ? (searchParams.get('query') ?? '') : '';
  return (
    <header className="site-header">
      {/* A member's header keeps the bell's place in its layout from its first byte (hiraku.css). */}
      <div className={status === 'authenticated' ? 'site-header__inner site-header__inner--member' : 'site-header__inner'}>
        <Link to={PATHS.reports} className="site-header__home" aria-label={SHELL_TEXTS.homeLinkLabel}>
          {SITE_TEXTS.name}
        </Link>
        {/* Keyed by the query in the address so the box shows what the results page is showing. */}
        <HeaderSearch key={shownQuery} initialQuery={shownQuery} />
        {status === 'authenticated' && (
          // The bell's place is kept while its code arrives: the search box beside it must not move.
          <Suspense fallback={<span className="notification-bell" aria-hidden="true" />}>
            <NotificationBell />
          </Suspense>
        )}
        {status === 'unauthenticated' && pathname !== PATHS.login && (
          <Link to={PATHS.login} className="site-header__login">
            {SHELL_TEXTS.headerLogin}
          </Link>
        )}
      </div>
    </header>
  );
}
