import { Link, NavLink, useLocation } from 'react-router-dom';
import { PAGE_TITLES, SITE_TEXTS, SHELL_TEXTS } from '@hiraku/shared';
import { IconBack, IconMore, IconPen, IconSearch, IconUser } from '../components/icons';
import { useGoBack } from '../components/useGoBack';
import { MoreMenu } from '../menu/MoreMenu';
import { PATHS } from '../routes/paths';

const t = SHELL_TEXTS.footer;

/**
 * Issue 38: on a wide screen the operators' screens have no member tab bar (moderation.css): over the case
 * queue it covered the action buttons. On a phone it stays, as the way to その他.
 */
const isOperatorScreen = (pathname: string): boolean =>
  pathname.startsWith('/moderation/') || pathname === PATHS.categoryManager || pathname === PATHS.tagManager;

export function SiteFooter() {
  const goBack = useGoBack();
  const { pathname } = useLocation();
  return (
    <footer className="site-footer">
      <nav className="site-footer__links" aria-label={t.trustLabel}>
        <ul>
          <li>
            <Link to={PATHS.removalGuidelines}>{PAGE_TITLES.removalGuidelines}</Link>
          </li>
          <li>
            <Link to={PATHS.imageRules}>{PAGE_TITLES.imageRules}</Link>
          </li>
          <li>
            <Link to={PATHS.reportIllegalContent}>{PAGE_TITLES.reportIllegalContent}</Link>
          </li>
          <li>
            <Link to={PATHS.takedownRequest}>{PAGE_TITLES.takedownRequest}</Link>
          </li>
          <li>
            <Link to={PATHS.transparency}>{t.transparency}</Link>
          </li>
        </ul>
      </nav>
      <p className="site-footer__copyright">{SITE_TEXTS.copyright}</p>
      <nav className={`bottom-nav${isOperatorScreen(pathname) ? ' bottom-nav--operator' : ''}`} aria-label={t.navLabel}>
        <ul className="bottom-nav__list">
          <li>
            <button type="button" className="bottom-nav__item" onClick={goBack}>
              <IconBack />
              <span>{t.back}</span>
            </button>
          </li>
          <li>
            <NavLink to={PATHS.searchResults} className="bottom-nav__item">
              <IconSearch />
              <span>{t.search}</span>
            </NavLink>
          </li>
          <li>
            <NavLink to={PATHS.createReport} className="bottom-nav__item">
              <IconPen />
              <span>{t.create}</span>
            </NavLink>
          </li>
          <li>
            <NavLink to={PATHS.dashboard} className="bottom-nav__item">
              <IconUser />
              <span>{t.dashboard}</span>
            </NavLink>
          </li>
          <li>
            <MoreMenu placement="up" icon={<IconMore />} buttonClassName="bottom-nav__item" />
          </li>
        </ul>
      </nav>
    </footer>
  );
}
