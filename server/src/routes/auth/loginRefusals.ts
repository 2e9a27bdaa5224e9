import { TEXTS } from '@hiraku/shared';
import type { LoginRefusal } from '../../auth/credentials';
import { AppError } from '../../errors';

/**
 * How each refusal answers. The 403s carry the page the client goes to after showing the message
 * (docs/product.md §8: a 2-second pause, then redirectUrl).
 */
export function loginRefusal(reason: LoginRefusal): AppError {
  switch (reason) {
    case 'unverified':
      return new AppError(403, 'email_not_verified', TEXTS.account.emailNotVerified, { redirectUrl: '/verify-email?resend=1' });
    case 'locked':
      return new AppError(403, 'account_locked', TEXTS.account.accountLocked, { redirectUrl: '/forgot-password' });
    case 'suspended':
      return new AppError(403, 'account_suspended', TEXTS.account.accountSuspended, { redirectUrl: '/' });
    case 'invalid':
      return new AppError(401, 'authentication_required', TEXTS.account.invalidCredentials);
  }
}

export function isLoginRefusal(value: unknown): value is LoginRefusal {
  return value === 'unverified' || value === 'locked' || value === 'suspended' || value === 'invalid';
}
