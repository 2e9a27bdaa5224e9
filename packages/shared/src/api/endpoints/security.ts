import { z } from 'zod';
import { LIMITS } from '../../limits';
import { SECURITY_MESSAGES as m } from '../../texts/security/messages';
import { ACCOUNT_MESSAGES } from '../../texts/account/messages';
import { endpoint } from './define';
import { loginResponseSchema, messageResponseSchema } from '../auth';

/**
 * A second-factor code as typed: six digits from the authenticator app, or a recovery code (letters and
 * digits in groups, any case, spaces and hyphens ignored). The server decides which it is.
 */
export const secondFactorCodeSchema = z
  .string({ error: m.codeRequired })
  .trim()
  .min(1, m.codeRequired)
  .max(LIMITS.secondFactorCodeMax, m.codeFormat)
  .regex(/^[0-9A-Za-z\s-]+$/, m.codeFormat);

export const loginCodeSchema = z.object({ code: secondFactorCodeSchema });
export const enableTwoFactorSchema = z.object({ code: secondFactorCodeSchema });
export const disableTwoFactorSchema = z.object({
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_MESSAGES.passwordRequired)
    .max(LIMITS.passwordMax * 4, m.wrongPassword),
  code: secondFactorCodeSchema,
});

/** The password was right and the account has two-factor sign-in: the code comes next (auth.loginCode). */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  message: z.string(),
  /** Which second steps the account has: the code (TOTP or recovery code), a passkey, or both. */
  methods: z.object({ code: z.boolean(), passkey: z.boolean() }),
});
export const loginAnswerSchema = z.union([loginResponseSchema, twoFactorChallengeSchema]);
export type LoginAnswer = z.output<typeof loginAnswerSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int().nonnegative(),
});
export type TwoFactorStatus = z.output<typeof twoFactorStatusSchema>;

/** Shown once while setting up: the secret (`setupKey`) for typing in, the otpauth:// URI and its QR code (an SVG data URL). */
export const twoFactorSetupSchema = z.object({ setupKey: z.string(), otpauthUri: z.string(), qrCodeDataUrl: z.string() });
export type TwoFactorSetup = z.output<typeof twoFactorSetupSchema>;

export const twoFactorEnabledSchema = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });
export type TwoFactorEnabled = z.output<typeof twoFactorEnabledSchema>;

export const accountSessionSchema = z.object({
  id: z.string(),
  /** e.g. 「Google Chrome（Windows）」, or the desktop app's name. */
  label: z.string(),
  desktopApp: z.boolean(),
  startedAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSession = z.output<typeof accountSessionSchema>;
export type AccountSessions = z.output<typeof accountSessionsSchema>;

const sessionParams = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/) });

/** Two-factor sign-in and the sessions list. Never cached: they are about who is signed in where. */
export const SECURITY_ENDPOINTS = {
  /** The second step of a login: the code, with the short-lived "password ok" cookie of auth.login. */
  'auth.loginCode': endpoint('auth.loginCode', {
    access: 'public',
    body: loginCodeSchema,
    response: loginResponseSchema,
    rateLimit: 'loginCode',
    cache: 'no-store',
    errors: ['authentication_required', 'account_locked', 'account_suspended'],
  }),
  'twoFactor.status': endpoint('twoFactor.status', { access: 'member', response: twoFactorStatusSchema, cache: 'no-store', errors: [] }),
  'twoFactor.setup': endpoint('twoFactor.setup', {
    access: 'member',
    response: twoFactorSetupSchema,
    rateLimit: 'twoFactorChange',
    cache: 'no-store',
    errors: ['conflict'],
  }),
  'twoFactor.enable': endpoint('twoFactor.enable', {
    access: 'member',
    body: enableTwoFactorSchema,
    response: twoFactorEnabledSchema,
    rateLimit: 'twoFactorChange',
    cache: 'no-store',
    errors: ['conflict'],
  }),
  'twoFactor.disable': endpoint('twoFactor.disable', {
    access: 'member',
    body: disableTwoFactorSchema,
    response: messageResponseSchema,
    rateLimit: 'twoFactorChange',
    cache: 'no-store',
    errors: ['conflict', 'step_up_required'],
  }),
  'sessions.list': endpoint('sessions.list', { access: 'member', response: accountSessionsSchema, cache: 'no-store', errors: [] }),
  'sessions.revoke': endpoint('sessions.revoke', {
    access: 'member',
    params: sessionParams,
    notFoundMessage: m.sessionNotFound,
    response: messageResponseSchema,
    cache: 'no-store',
    errors: [],
  }),
  'sessions.revokeOthers': endpoint('sessions.revokeOthers', { access: 'member', response: messageResponseSchema, cache: 'no-store', errors: [] }),
};
