import { DESKTOP_TEXTS } from '@hiraku/shared';
import { PATHS } from '../routes/paths';

export type OperatorScreen = 'moderationQueue' | 'members' | 'auditLog' | 'categories' | 'tags' | 'enquiries' | 'analytics';

export interface OperatorMenuItem {
  screen: OperatorScreen;
  label: string;
  path: string;
  /** False while the screen is still being built: the menu keeps its place and the route says so. */
  ready: boolean;
}

const t = DESKTOP_TEXTS.operatorMenu;

/**
 * The operators' screens in menu order (docs/decisions.md, the desktop app). When a screen lands, set
 * `ready` and give its element in operatorRoutes.tsx.
 */
export const OPERATOR_MENU: readonly OperatorMenuItem[] = [
  { screen: 'moderationQueue', label: t.moderationQueue, path: PATHS.moderationQueue, ready: true },
  { screen: 'members', label: t.members, path: PATHS.memberAdmin, ready: true },
  { screen: 'auditLog', label: t.auditLog, path: PATHS.auditLog, ready: true },
  { screen: 'categories', label: t.categories, path: PATHS.categoryManager, ready: true },
  { screen: 'tags', label: t.tags, path: PATHS.tagManager, ready: true },
  { screen: 'enquiries', label: t.enquiries, path: '/moderation/enquiries', ready: false },
  { screen: 'analytics', label: t.analytics, path: '/moderation/analytics', ready: false },
];

/** Where an operator lands after logging in: the first screen that exists. */
export const OPERATOR_HOME = OPERATOR_MENU.find((item) => item.ready)?.path ?? PATHS.categoryManager;
