import { DESKTOP_TEXTS, OPERATOR_SCREENS, type OperatorScreen } from '@hiraku/shared';
import { PATHS } from '../routes/paths';

export type { OperatorScreen };

export interface OperatorMenuItem {
  screen: OperatorScreen;
  label: string;
  path: string;
}

const t = DESKTOP_TEXTS.operatorMenu;

const SCREEN_PATHS: Record<OperatorScreen, string> = {
  moderationQueue: PATHS.moderationQueue,
  members: PATHS.memberAdmin,
  auditLog: PATHS.auditLog,
  noticeTemplates: PATHS.noticeTemplates,
  categories: PATHS.categoryManager,
  tags: PATHS.tagManager,
  enquiries: PATHS.enquiries,
  analytics: PATHS.analytics,
  announcements: PATHS.announcements,
};

/**
 * The operators' screens in menu order (docs/decisions.md, the desktop app; the order is OPERATOR_SCREENS,
 * which the application menu's 移動 shares); each has its element in operatorRoutes.tsx.
 */
export const OPERATOR_MENU: readonly OperatorMenuItem[] = OPERATOR_SCREENS.map((screen) => ({ screen, label: t[screen], path: SCREEN_PATHS[screen] }));

/** Where an operator lands after logging in: the reported-comment queue, the operators' daily work. */
export const OPERATOR_HOME = PATHS.moderationQueue;
