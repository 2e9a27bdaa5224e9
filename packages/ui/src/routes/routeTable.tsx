import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AppLayout } from '../layout/AppLayout';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RouteErrorPage } from '../pages/RouteErrorPage';
import { loadOperatorPages } from './groups/loadOperatorPages';
import { MemberGuard } from './MemberGuard';
import { PATHS } from './paths';

/** Route ids the groups carry, so guards, tests and later code can find a group without knowing its shape. */
export const ROUTE_GROUP_IDS = { public: 'public', members: 'members', tutorial: 'tutorial', operators: 'operators' } as const;

/*
 * Each route group's screens live in one chunk (./groups/*), fetched by the router's `lazy` the first time
 * one of its routes is matched: the landing page and /reports must stay within the initial JavaScript
 * budget that `npm run bench:bundle` measures. Paths stay here, so matching never waits for a download.
 * Members' screens are large (forms, editors, comments), so each is a chunk of its own and the bundler
 * shares what they have in common. To add a screen: export it from its group's module (or, for members,
 * import its page module) and add a route below.
 */
const publicPages = () => import('./groups/publicPages');
const accountPages = () => import('./groups/accountPages');
const legalPages = () => import('./groups/legalPages');
const trustPages = () => import('./groups/trustPages');
const operatorPages = loadOperatorPages;

type Loader<M> = () => Promise<M>;

/** A route whose element comes from a group chunk; `render` picks the page (and its props) from the module. */
function lazyRoute<M>(path: string, load: Loader<M>, render: (module: M) => ReactNode): RouteObject {
  return { path, lazy: async () => ({ element: render(await load()) }) };
}

/** Open to everyone (docs/product.md §2). */
export const PUBLIC_ROUTES: RouteObject[] = [
  lazyRoute(PATHS.home, publicPages, (m) => <m.LandingPage />),
  lazyRoute(PATHS.signup, accountPages, (m) => <m.SignupPage />),
  lazyRoute(PATHS.login, accountPages, (m) => <m.LoginPage />),
  lazyRoute(PATHS.verifyEmail, accountPages, (m) => <m.VerifyEmailPage />),
  lazyRoute(PATHS.forgotPassword, accountPages, (m) => <m.ForgotPasswordPage />),
  lazyRoute(PATHS.resetPassword, accountPages, (m) => <m.ResetPasswordPage />),
  lazyRoute(PATHS.confirmEmailChange, accountPages, (m) => <m.ConfirmEmailChangePage />),
  lazyRoute(PATHS.contactForm, () => import('../pages/ContactFormPage'), (m) => <m.ContactFormPage />),
  lazyRoute(PATHS.faq, legalPages, (m) => <m.FaqPage />),
  lazyRoute(PATHS.privacyPolicy, legalPages, (m) => <m.PrivacyPolicyPage />),
  lazyRoute(PATHS.termsOfService, legalPages, (m) => <m.TermsOfServicePage />),
  lazyRoute(PATHS.glossary, legalPages, (m) => <m.GlossaryPage />),
  // The digest's unsubscribe link works without signing in (the token is the proof).
  lazyRoute(PATHS.notificationsUnsubscribe, () => import('../notifications/UnsubscribePage'), (m) => <m.UnsubscribePage />),
  lazyRoute(PATHS.removalGuidelines, trustPages, (m) => <m.RemovalGuidelinesPage />),
  lazyRoute(PATHS.imageRules, trustPages, (m) => <m.ImageRulesPage />),
  lazyRoute(PATHS.reportIllegalContent, trustPages, (m) => <m.ReportIllegalContentPage />),
  lazyRoute(PATHS.takedownRequest, trustPages, (m) => <m.TakedownRequestPage />),
  lazyRoute(PATHS.takedownConfirm, trustPages, (m) => <m.TakedownConfirmPage />),
  lazyRoute(PATHS.transparency, trustPages, (m) => <m.TransparencyPage />),
];

/** Need a signed-in member; MemberGuard wraps them all. */
export const MEMBER_ROUTES: RouteObject[] = [
  lazyRoute(PATHS.dashboard, () => import('../pages/DashboardPage'), (m) => <m.DashboardPage />),
  lazyRoute(PATHS.createReport, () => import('../pages/ReportFormPage'), (m) => <m.ReportFormPage />),
  lazyRoute(PATHS.reports, () => import('../pages/ReportsPage'), (m) => <m.ReportsPage />),
  lazyRoute(PATHS.reportDetail, () => import('../pages/ReportDetailPage'), (m) => <m.ReportDetailPage />),
  lazyRoute(PATHS.editReport, () => import('../pages/ReportFormPage'), (m) => <m.ReportFormPage />),
  lazyRoute(PATHS.profile, () => import('../pages/ProfilePage'), (m) => <m.ProfilePage />),
  lazyRoute(PATHS.publicProfile, () => import('../pages/PublicProfilePage'), (m) => <m.PublicProfilePage />),
  lazyRoute(PATHS.searchResults, () => import('../pages/SearchResultsPage'), (m) => <m.SearchResultsPage />),
  lazyRoute(PATHS.deleteAccount, () => import('../pages/DeleteAccountPage'), (m) => <m.DeleteAccountPage />),
  lazyRoute(PATHS.settings, () => import('../settings/SettingsPage'), (m) => <m.SettingsPage />),
  lazyRoute(PATHS.saved, () => import('../saves/SavedPage'), (m) => <m.SavedPage />),
  lazyRoute(PATHS.notifications, () => import('../notifications/NotificationsPage'), (m) => <m.NotificationsPage />),
  lazyRoute(PATHS.decision, () => import('../flags/DecisionPage'), (m) => <m.DecisionPage />),
];

/**
 * Operators' screens, inside the members group (visitors go to /login first); each screen tells members
 * who are not operators that it is for operators only.
 */
export const OPERATOR_ROUTES: RouteObject[] = [
  lazyRoute(PATHS.categoryManager, operatorPages, (m) => <m.CategoryManagerPage />),
  lazyRoute(PATHS.tagManager, operatorPages, (m) => <m.TagManagerPage />),
  lazyRoute(PATHS.moderationQueue, operatorPages, (m) => <m.CaseQueuePage />),
  lazyRoute(PATHS.memberAdmin, operatorPages, (m) => <m.MemberAdminPage />),
  lazyRoute(PATHS.auditLog, operatorPages, (m) => <m.AuditLogPage />),
  lazyRoute(PATHS.noticeTemplates, operatorPages, (m) => <m.NoticeTemplatesPage />),
  lazyRoute(PATHS.enquiries, operatorPages, (m) => <m.EnquiriesPage />),
  lazyRoute(PATHS.enquiryDetail, operatorPages, (m) => <m.EnquiryDetailPage />),
  lazyRoute(PATHS.analytics, operatorPages, (m) => <m.LazyAnalyticsPage />),
  lazyRoute(PATHS.announcements, operatorPages, (m) => <m.AnnouncementPage />),
];

/** Guarded on its own, outside the members group (docs/product.md §2). */
export const TUTORIAL_ROUTE: RouteObject = lazyRoute(PATHS.tutorial, () => import('../pages/TutorialPage'), (m) => <m.TutorialPage />);

export function buildAppRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <AppLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { id: ROUTE_GROUP_IDS.public, children: PUBLIC_ROUTES },
        {
          id: ROUTE_GROUP_IDS.members,
          element: <MemberGuard />,
          children: [...MEMBER_ROUTES, { id: ROUTE_GROUP_IDS.operators, children: OPERATOR_ROUTES }],
        },
        { id: ROUTE_GROUP_IDS.tutorial, element: <MemberGuard />, children: [TUTORIAL_ROUTE] },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
