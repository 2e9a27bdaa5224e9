import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../../texts/account/messages';
import { LIMITS } from '../../limits';
import { emailSchema, loginSchema, passwordSchema, signupSchema } from '../../schemas/account';
import { endpoint } from './define';
import { accountExportSchema } from '../accountExport';
import { messageResponseSchema, sessionUserSchema } from '../auth';
import { loginAnswerSchema } from './security';

/** A token from a mail link; a wrong one reads as "invalid or expired", never as a format error. */
const mailToken = (message: string) => z.string({ error: message }).trim().min(1, message).max(200, message);

export const verifyEmailQuerySchema = z.object({ token: mailToken(ACCOUNT_MESSAGES.verifyInvalidToken) });
export const resendVerificationSchema = z.object({ email: emailSchema });
export const forgotPasswordSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({ token: mailToken(ACCOUNT_MESSAGES.resetInvalidToken), newPassword: passwordSchema });
export const deleteAccountSchema = z.object({
  // Only "is it the member's password" matters here, not today's password rules.
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_MESSAGES.passwordRequired)
    .max(LIMITS.passwordMax * 4, ACCOUNT_MESSAGES.wrongPassword),
});

/**
 * Sessions, sign-up, password reset and the account itself. Session and account answers are never
 * cached; none of the sign-up or reset answers tells whether an address is registered.
 */
export const ACCOUNT_ENDPOINTS = {
  /** With two-factor sign-in on, a right password answers a challenge and the code goes to auth.loginCode. */
  'auth.login': endpoint('auth.login', {
    access: 'public',
    body: loginSchema,
    response: loginAnswerSchema,
    rateLimit: 'login',
    cache: 'no-store',
    errors: ['authentication_required', 'email_not_verified', 'account_locked', 'account_suspended'],
  }),
  'auth.logout': endpoint('auth.logout', { access: 'public', response: messageResponseSchema, cache: 'no-store', errors: [] }),
  /** Rotates the refresh token; a token used twice revokes the whole session family (docs/decisions.md). */
  'auth.refresh': endpoint('auth.refresh', {
    access: 'public',
    response: sessionUserSchema,
    cache: 'no-store',
    errors: ['authentication_required', 'account_suspended'],
  }),
  'auth.me': endpoint('auth.me', { access: 'member', response: sessionUserSchema, cache: 'no-store', errors: [] }),
  'signup.create': endpoint('signup.create', {
    access: 'public',
    body: signupSchema,
    response: messageResponseSchema,
    status: 201,
    rateLimit: 'signup',
    cache: 'none',
    errors: [],
  }),
  'signup.verifyEmail': endpoint('signup.verifyEmail', {
    access: 'public',
    query: verifyEmailQuerySchema,
    response: messageResponseSchema,
    cache: 'no-store',
    errors: [],
  }),
  'signup.resendVerification': endpoint('signup.resendVerification', {
    access: 'public',
    body: resendVerificationSchema,
    response: messageResponseSchema,
    rateLimit: 'resendVerification',
    cache: 'none',
    errors: [],
  }),
  'passwordReset.forgot': endpoint('passwordReset.forgot', {
    access: 'public',
    body: forgotPasswordSchema,
    response: messageResponseSchema,
    rateLimit: 'forgotPassword',
    cache: 'none',
    errors: [],
  }),
  'passwordReset.reset': endpoint('passwordReset.reset', {
    access: 'public',
    body: resetPasswordSchema,
    response: messageResponseSchema,
    rateLimit: 'resetPassword',
    cache: 'none',
    errors: [],
  }),
  'tutorial.complete': endpoint('tutorial.complete', { access: 'member', response: messageResponseSchema, cache: 'none', errors: [] }),
  /** At the path the web client has always called, under /profile. */
  'account.delete': endpoint('account.delete', {
    access: 'member',
    body: deleteAccountSchema,
    response: messageResponseSchema,
    rateLimit: 'deleteAccount',
    cache: 'no-store',
    errors: ['step_up_required'],
  }),
  /** The privacy policy promises members may view their data: a JSON file of everything we hold. */
  'account.export': endpoint('account.export', { access: 'member', response: accountExportSchema, cache: 'no-store', errors: ['step_up_required'] }),
};
