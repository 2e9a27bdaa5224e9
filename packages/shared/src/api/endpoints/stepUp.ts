import { z } from 'zod';
import { LIMITS } from '../../limits';
import { STEP_UP_MESSAGES as m } from '../../texts/stepUp/messages';
import { emailSchema, passwordSchema } from '../../schemas/account';
import { EMAIL_CHANGE_MESSAGES } from '../../texts/emailChange/messages';
import { messageResponseSchema } from '../auth';
import { endpoint } from './define';
import { secondFactorCodeSchema } from './security';

/** The step-up dialog's proof: the password, and the code when two-factor sign-in is on (the server knows). */
export const stepUpSchema = z.object({
  password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(LIMITS.passwordMax * 4, m.wrongPassword),
  code: secondFactorCodeSchema.optional(),
});
export type StepUpInput = z.input<typeof stepUpSchema>;

/** 設定's password change: step-up is the proof of the current password. */
export const changePasswordSchema = z.object({ newPassword: passwordSchema });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** 設定's e-mail change: step-up first; the address changes once the link mailed to it is opened. */
export const changeEmailSchema = z.object({ newEmail: emailSchema });
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;
/** The link's token, sent by the page the link opens (/confirm-email-change). */
export const confirmEmailSchema = z.object({
  token: z.string({ error: EMAIL_CHANGE_MESSAGES.linkInvalid }).trim().min(1, EMAIL_CHANGE_MESSAGES.linkInvalid).max(200, EMAIL_CHANGE_MESSAGES.linkInvalid),
});

/** Step-up: renews this session's proof of identity for TIMINGS.stepUpFreshSec. */
export const STEP_UP_ENDPOINTS = {
  'stepUp.confirm': endpoint('stepUp.confirm', {
    access: 'member',
    body: stepUpSchema,
    response: messageResponseSchema,
    rateLimit: 'stepUp',
    cache: 'no-store',
    errors: ['conflict'],
  }),
  /** Every other session of the member ends; this one stays. */
  'account.changePassword': endpoint('account.changePassword', {
    access: 'member',
    body: changePasswordSchema,
    response: messageResponseSchema,
    rateLimit: 'stepUp',
    cache: 'no-store',
    errors: ['step_up_required', 'conflict'],
  }),
  /**
   * Mails a link to the new address (the answer is the same whether or not that address is free, so the
   * form tells nobody who is registered); the old address is told once the change is done.
   */
  'account.changeEmail': endpoint('account.changeEmail', {
    access: 'member',
    body: changeEmailSchema,
    response: messageResponseSchema,
    rateLimit: 'stepUp',
    cache: 'no-store',
    errors: ['step_up_required'],
  }),
  /** Public: the link may be opened on another device. A used, unknown or expired link: 400; the address taken meanwhile: 409. */
  'account.confirmEmail': endpoint('account.confirmEmail', {
    access: 'public',
    body: confirmEmailSchema,
    response: messageResponseSchema,
    rateLimit: 'emailChangeConfirm',
    cache: 'no-store',
    errors: ['conflict'],
  }),
};
