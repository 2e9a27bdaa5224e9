import { DESKTOP_TEXTS } from '@hiraku/shared';
import { PATHS } from '../routes/paths';

export type OperatorScreen = 'moderationQueue' | 'members' | 'auditLog' | 'categories' | 'tags' | 'enquiries' | 'analytics' | 'announcements';

export interface OperatorMenuItem {
  screen: OperatorScreen;
  label: string;
  path: string;
}

const t = DESKTOP_TEXTS.operatorMenu;

/** The operators' screens in menu order (docs/decisions.md, the desktop app); each has its element in operatorRoutes.tsx. */
export const OPERATOR_MENU: readonly OperatorMenuItem[] = [
  { screen: 'moderationQueue', label: t.moderationQueue, path: PATHS.moderationQueue },
  { screen: 'members', label: t.members, path: PATHS.memberAdmin },
  { screen: 'auditLog', label: t.auditLog, path: PATHS.auditLog },
  { screen: 'categories', label: t.categories, path: PATHS.categoryManager },
  { screen: 'tags', label: t.tags, path: PATHS.tagManager },
  { screen: 'enquiries', label: t.enquiries, path: PATHS.enquiries },
  { screen: 'analytics', label: t.analytics, path: PATHS.analytics },
  { screen: 'announcements', label: t.announcements, path: PATHS.announcements },
];

/** Where an operator lands after logging in: the reported-comment queue, the operators' daily work. */
export const OPERATOR_HOME = PATHS.moderationQueue;
