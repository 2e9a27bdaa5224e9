import { NavLink } from 'react-router-dom';
import { MODERATION_SCREEN_TEXTS, PAGE_TITLES } from '@hiraku/shared';
import { PATHS } from '../routes/paths';

const LINKS = [
  { to: PATHS.moderationQueue, label: MODERATION_SCREEN_TEXTS.titles.queue },
  { to: PATHS.memberAdmin, label: MODERATION_SCREEN_TEXTS.titles.members },
  { to: PATHS.auditLog, label: MODERATION_SCREEN_TEXTS.titles.auditLog },
  { to: PATHS.categoryManager, label: PAGE_TITLES.categoryManager },
  { to: PATHS.tagManager, label: PAGE_TITLES.tagManager },
] as const;

/** Moves between the operators' screens without going back to the その他 menu (plain links, no list, so a screen's own list stays the only one). */
export function OperatorNav() {
  return (
    <nav className="moderation-nav" aria-label={MODERATION_SCREEN_TEXTS.nav.label}>
      {LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} className="moderation-nav__link">
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
