import { TEXTS } from '@hiraku/shared';
import { validationError } from '../errors';
import { isCommonPassword } from './commonPasswords';

/**
 * The server's half of the password rules (the length rules are in the shared zod schema, which has
 * already run): a password from the leaked-password list is refused with a message for `field`.
 */
export function assertAcceptablePassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw validationError(TEXTS.account.passwordTooCommon, { [field]: TEXTS.account.passwordTooCommon });
  }
}
