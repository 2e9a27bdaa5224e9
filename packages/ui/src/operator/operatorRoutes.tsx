import type { ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { CategoryManagerPage } from '../pages/CategoryManagerPage';
import { LoginPage } from '../pages/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RouteErrorPage } from '../pages/RouteErrorPage';
import { TagManagerPage } from '../pages/TagManagerPage';
import { AuditLogPage } from '../moderation/AuditLogPage';
import { EnquiriesPage } from '../moderation/EnquiriesPage';
import { EnquiryDetailPage } from '../moderation/EnquiryDetailPage';
import { LazyAnalyticsPage } from '../moderation/LazyAnalyticsPage';
import { MemberAdminPage } from '../moderation/MemberAdminPage';
import { CaseQueuePage } from '../moderation/CaseQueuePage';
import { NoticeTemplatesPage } from '../moderation/NoticeTemplatesPage';
import { AnnouncementPage } from '../notifications/AnnouncementPage';
import { MemberGuard } from '../routes/MemberGuard';
import { SettingsPage } from '../settings/SettingsPage';
import { OPERATOR_SETTINGS_SECTIONS } from '../settings/settingsSections';
import { PATHS } from '../routes/paths';
import { OperatorLayout } from './OperatorLayout';
import { OPERATOR_HOME, OPERATOR_MENU, type OperatorScreen } from './operatorMenu';
import { OperatorRoleGate } from './OperatorRoleGate';

const SCREENS: Record<OperatorScreen, ReactElement> = {
  moderationQueue: <CaseQueuePage />,
  members: <MemberAdminPage />,
  auditLog: <AuditLogPage />,
  noticeTemplates: <NoticeTemplatesPage />,
  categories: <CategoryManagerPage />,
  tags: <TagManagerPage />,
  enquiries: <EnquiriesPage />,
  analytics: <LazyAnalyticsPage />,
  announcements: <AnnouncementPage />,
};

/**
 * Operator mode (the desktop app): the login and the operators' screens, nothing of the member
 * screens. Mount with createHirakuRouter('hash', { routes: buildOperatorRoutes() }).
 */
export function buildOperatorRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <OperatorLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { path: PATHS.login, element: <LoginPage /> },
        {
          element: <MemberGuard />,
          children: [
            {
              element: <OperatorRoleGate />,
              children: [
                { path: PATHS.home, element: <Navigate to={OPERATOR_HOME} replace /> },
                ...OPERATOR_MENU.map((item) => ({ path: item.path, element: SCREENS[item.screen] })),
                { path: PATHS.enquiryDetail, element: <EnquiryDetailPage /> },
                { path: PATHS.settings, element: <SettingsPage sections={OPERATOR_SETTINGS_SECTIONS} /> },
              ],
            },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
