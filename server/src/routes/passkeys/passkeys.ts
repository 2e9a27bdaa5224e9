import { TEXTS } from '@hiraku/shared';
import { listPasskeys, presentPasskey, registerPasskey, registrationOptions, removePasskey, renamePasskey, signInOptions, verifyPasskeySignIn } from '../../commands/passkeys';
import { requireRecentProof } from '../../auth/stepUp';
import { AppError, validationError } from '../../errors';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import type { AppServices } from '../../services';
import { loginRefusal } from '../auth/loginRefusals';
import { createSignIn } from '../auth/signIn';
import { onPasskeyVerified } from './onPasskeyVerified';

/** A member's passkeys in 設定, and signing in with one. */
export function passkeyHandlers(services: AppServices): EndpointHandlers<KeysOf<'passkeys'> | 'auth.passkeyOptions' | 'auth.passkey'> {
  const signIn = createSignIn(services);
  return {
    'passkeys.list': async ({ user }) => ({ passkeys: await listPasskeys(services.models, user.id) }),

    'passkeys.registerOptions': async ({ user }) => {
      const account = await services.models.User.findByPk(user.id, { attributes: ['id', 'publicId', 'email'] });
      if (!account) throw validationError();
      return { options: await registrationOptions(services, account) };
    },

    'passkeys.register': async ({ user, body }) => {
      const passkey = await registerPasskey(services, user.id, body);
      return { message: TEXTS.passkeys.registered, passkey: presentPasskey(passkey) };
    },

    'passkeys.rename': async ({ user, params, body }) => {
      await renamePasskey(services.models, user.id, params.id, body.name);
      return { message: TEXTS.passkeys.renamed };
    },

    'passkeys.remove': async ({ ctx, user, params }) => {
      // Removing a passkey cannot be undone: a recent proof first (issue 35's step-up).
      await requireRecentProof(services, ctx);
      await removePasskey(services.models, user.id, params.id);
      return { message: TEXTS.passkeys.removed };
    },

    'auth.passkeyOptions': async () => ({ options: await signInOptions(services) }),

    'auth.passkey': async ({ ctx, body }) => {
      const user = await verifyPasskeySignIn(services, body.response);
      if (user.suspendedAt) throw loginRefusal('suspended');
      return signIn(ctx, user);
    },

    'passkeys.stepUp': async ({ ctx, user, body }) => {
      // A passkey of someone else (or a failed one) is a wrong answer here, not an ended session.
      const proved = await verifyPasskeySignIn(services, body.response).catch((error: unknown) => {
        if (error instanceof AppError && error.status === 401) throw validationError(error.message);
        throw error;
      });
      if (proved.id !== user.id) throw validationError(TEXTS.passkeys.signInFailed);
      await onPasskeyVerified(services, ctx);
      return { message: TEXTS.stepUp.confirmed };
    },
  };
}
