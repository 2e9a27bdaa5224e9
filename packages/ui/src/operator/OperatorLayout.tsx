import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { DESKTOP_TEXTS, SHELL_TEXTS } from '@hiraku/shared';
import { InPageLink } from '../components/InPageLink';
import { NoticeBanner } from '../notice/NoticeBanner';
import { PATHS } from '../routes/paths';
import { ScrollRestoration } from '../routes/RouterView';
import { SessionRouteSync } from '../session/SessionRouteSync';
import { useSession } from '../session/SessionContext';
import { OPERATOR_MENU } from './operatorMenu';

const t = DESKTOP_TEXTS.operatorMenu;

/** The desktop app's frame: the operators' menu on the side, the screen beside it; no member screens. */
export function OperatorLayout() {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  const { status, logout } = useSession();
  const navigate = useNavigate();

  useEffect(() => {
    if (pathname === shownPath.current) return;
    shownPath.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  const signOut = () => {
    void logout().finally(() => navigate(PATHS.login, { replace: true }));
  };

  return (
    <div className="operator-shell">
      <InPageLink targetId="main" className="skip-link">
        {SHELL_TEXTS.skipToContent}
      </InPageLink>
      <SessionRouteSync />
      {status === 'authenticated' && (
        <nav className="operator-nav" aria-label={t.label}>
          <p className="operator-nav__title">{DESKTOP_TEXTS.productName}</p>
          <ul className="operator-nav__list">
            {OPERATOR_MENU.map((item) => (
              <li key={item.screen}>
                <NavLink to={item.path} className="operator-nav__link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <button type="button" className="button button--ghost operator-nav__logout" onClick={signOut}>
            {t.logout}
          </button>
        </nav>
      )}
      <main id="main" ref={mainRef} tabIndex={-1} className="operator-main">
        <NoticeBanner />
        <Outlet />
      </main>
      <ScrollRestoration />
    </div>
  );
}
