import { TEXTS } from '@hiraku/shared';
import { assertAcceptablePassword } from '../../auth/passwordPolicy';
import { requestPasswordReset, resetPassword } from '../../commands/passwordReset';
import { validationError } from '../../errors';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import type { AppServices } from '../../services';

export function passwordResetHandlers(services: AppServices): EndpointHandlers<KeysOf<'passwordReset'>> {
  return {
    /** Same answer for every address: whether it is registered stays unknown. */
    'passwordReset.forgot': async ({ body }) => {
      await requestPasswordReset(services, body.email);
      return { message: TEXTS.account.forgotPasswordSent };
    },

    'passwordReset.reset': async ({ body }) => {
      assertAcceptablePassword(body.newPassword, 'newPassword');
      if (!(await resetPassword(services, body.token, body.newPassword))) {
        throw validationError(TEXTS.account.resetInvalidToken, { token: TEXTS.account.resetInvalidToken });
      }
      return { message: TEXTS.account.resetSucceeded };
    },
  };
}
