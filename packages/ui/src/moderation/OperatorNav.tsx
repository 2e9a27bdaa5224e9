import { NavLink } from 'react-router-dom';
import { PAGE_TITLES, MODERATION_TEXTS } from '@hiraku/shared';
import { PATHS } from '../routes/paths';

const LINKS = [
  { to: PATHS.moderationQueue, label: MODERATION_TEXTS.titles.queue },
  { to: PATHS.memberAdmin, label: MODERATION_TEXTS.titles.members },
  { to: PATHS.auditLog, label: MODERATION_TEXTS.titles.auditLog },
  { to: PATHS.noticeTemplates, label: MODERATION_TEXTS.titles.noticeTemplates },
  { to: PATHS.enquiries, label: MODERATION_TEXTS.titles.enquiries },
  { to: PATHS.analytics, label: MODERATION_TEXTS.titles.analytics },
  { to: PATHS.categoryManager, label: PAGE_TITLES.categoryManager },
  { to: PATHS.tagManager, label: PAGE_TITLES.tagManager },
] as const;

/** Moves between the operators' screens without going back to the その他 menu (plain links, no list, so a screen's own list stays the only one). */
export function OperatorNav() {
  return (
    <nav className="moderation-nav" aria-label={MODERATION_TEXTS.nav.label}>
      {LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} className="moderation-nav__link">
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
