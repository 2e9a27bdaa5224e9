import { TEXTS } from '@hiraku/shared';
import { assertAcceptablePassword } from '../../auth/passwordPolicy';
import { resendVerificationMail, verifyEmail } from '../../commands/emailVerification';
import { ownerOfOneTimeToken } from '../../commands/oneTimeTokens';
import { signUpMember } from '../../commands/signUp';
import { conflict, validationError } from '../../errors';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import type { AppServices } from '../../services';

/** Sign-up, the verification link, and resending it. None of the answers tells whether an address is registered. */
export function signupHandlers(services: AppServices): EndpointHandlers<KeysOf<'signup'>> {
  return {
    'signup.create': async ({ body }) => {
      assertAcceptablePassword(body.password, 'password');
      await signUpMember(services, body);
      return { message: TEXTS.account.signupSucceeded };
    },

    'signup.verifyEmail': async ({ query }) => {
      if (!(await verifyEmail(services, query.token))) {
        // A link opened twice (or the older of two mails) of an address that is verified by now: the member
        // only needs to log in. Only the mail's recipient holds the token, so this tells nobody else anything.
        const ownerId = await ownerOfOneTimeToken(services.models, query.token, 'verify_email');
        const owner = ownerId === null ? null : await services.models.User.findByPk(ownerId);
        if (owner?.emailVerifiedAt) throw conflict(TEXTS.account.verifyAlreadyDone);
        throw validationError(TEXTS.account.verifyFailed);
      }
      return { message: TEXTS.account.verifySucceeded };
    },

    'signup.resendVerification': async ({ body }) => {
      await resendVerificationMail(services, body.email);
      return { message: TEXTS.account.verificationResent };
    },
  };
}
