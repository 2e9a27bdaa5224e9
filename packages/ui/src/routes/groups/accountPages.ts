// Public too, but forms that validate with the shared zod schemas: kept out of the landing page's chunk.
export { ForgotPasswordPage } from '../../pages/ForgotPasswordPage';
export { LoginPage } from '../../pages/LoginPage';
export { ResetPasswordPage } from '../../pages/ResetPasswordPage';
export { SignupPage } from '../../pages/SignupPage';
export { VerifyEmailPage } from '../../pages/VerifyEmailPage';
export { ConfirmEmailChangePage } from '../../pages/ConfirmEmailChangePage';
