import type { RouteObject } from 'react-router-dom';
import { AppLayout } from '../layout/AppLayout';
import { CategoryManagerPage } from '../pages/CategoryManagerPage';
import { ComingSoonPage } from '../pages/ComingSoonPage';
import { DashboardPage } from '../pages/DashboardPage';
import { DeleteAccountPage } from '../pages/DeleteAccountPage';
import { FaqPage } from '../pages/FaqPage';
import { ForgotPasswordPage } from '../pages/ForgotPasswordPage';
import { GlossaryPage } from '../pages/GlossaryPage';
import { LandingPage } from '../pages/LandingPage';
import { LoginPage } from '../pages/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { PrivacyPolicyPage } from '../pages/PrivacyPolicyPage';
import { ReportDetailPage } from '../pages/ReportDetailPage';
import { ReportFormPage } from '../pages/ReportFormPage';
import { ReportsPage } from '../pages/ReportsPage';
import { ProfilePage } from '../pages/ProfilePage';
import { PublicProfilePage } from '../pages/PublicProfilePage';
import { ResetPasswordPage } from '../pages/ResetPasswordPage';
import { RouteErrorPage } from '../pages/RouteErrorPage';
import { SearchResultsPage } from '../pages/SearchResultsPage';
import { SignupPage } from '../pages/SignupPage';
import { TagManagerPage } from '../pages/TagManagerPage';
import { TermsOfServicePage } from '../pages/TermsOfServicePage';
import { TutorialPage } from '../pages/TutorialPage';
import { VerifyEmailPage } from '../pages/VerifyEmailPage';
import { MemberGuard } from './MemberGuard';
import { PATHS } from './paths';

/** Route ids the groups carry, so guards, tests and later code can find a group without knowing its shape. */
export const ROUTE_GROUP_IDS = { public: 'public', members: 'members', tutorial: 'tutorial' } as const;

/** Open to everyone (SPEC.md section 2). */
export const PUBLIC_ROUTES: RouteObject[] = [
  { path: PATHS.home, element: <LandingPage /> },
  { path: PATHS.signup, element: <SignupPage /> },
  { path: PATHS.login, element: <LoginPage /> },
  { path: PATHS.verifyEmail, element: <VerifyEmailPage /> },
  { path: PATHS.forgotPassword, element: <ForgotPasswordPage /> },
  { path: PATHS.resetPassword, element: <ResetPasswordPage /> },
  { path: PATHS.contactForm, element: <ComingSoonPage page="contactForm" /> },
  { path: PATHS.faq, element: <FaqPage /> },
  { path: PATHS.privacyPolicy, element: <PrivacyPolicyPage /> },
  { path: PATHS.termsOfService, element: <TermsOfServicePage /> },
  { path: PATHS.glossary, element: <GlossaryPage /> },
];

/** Need a signed-in member; MemberGuard wraps them all. */
export const MEMBER_ROUTES: RouteObject[] = [
  { path: PATHS.dashboard, element: <DashboardPage /> },
  { path: PATHS.createReport, element: <ReportFormPage /> },
  { path: PATHS.reports, element: <ReportsPage /> },
  { path: PATHS.reportDetail, element: <ReportDetailPage /> },
  { path: PATHS.editReport, element: <ReportFormPage /> },
  { path: PATHS.categoryManager, element: <CategoryManagerPage /> },
  { path: PATHS.tagManager, element: <TagManagerPage /> },
  { path: PATHS.profile, element: <ProfilePage /> },
  { path: PATHS.publicProfile, element: <PublicProfilePage /> },
  { path: PATHS.searchResults, element: <SearchResultsPage /> },
  { path: PATHS.deleteAccount, element: <DeleteAccountPage /> },
];

/** Guarded on its own, outside the members group (SPEC.md section 2). */
export const TUTORIAL_ROUTE: RouteObject = { path: PATHS.tutorial, element: <TutorialPage /> };

export function buildAppRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <AppLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { id: ROUTE_GROUP_IDS.public, children: PUBLIC_ROUTES },
        { id: ROUTE_GROUP_IDS.members, element: <MemberGuard />, children: MEMBER_ROUTES },
        { id: ROUTE_GROUP_IDS.tutorial, element: <MemberGuard />, children: [TUTORIAL_ROUTE] },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
