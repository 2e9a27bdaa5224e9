import { TEXTS } from '@hiraku/shared';
import { verifyPassword } from '../../auth/password';
import { clearSessionCookies } from '../../auth/sessionCookies';
import { requireRecentProof, sessionIdOf } from '../../auth/stepUp';
import { changePassword } from '../../commands/passwordChange';
import { confirmEmailChange, requestEmailChange } from '../../commands/emailChange';
import { deleteAccount } from '../../commands/accountDeleter';
import { exportAccount } from '../../commands/accountExporter';
import { conflict, validationError } from '../../errors';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import type { AppServices } from '../../services';

/** Account deletion (at the path the web client has always called, under /profile) and the data export. */
export function accountHandlers(services: AppServices): EndpointHandlers<KeysOf<'account'>> {
  return {
    'account.delete': async ({ ctx, user, body }) => {
      await requireRecentProof(services, ctx);
      // The one read of the hash outside login: the request's member never carries it (auth/sessions.ts).
      const account = await services.models.User.findByPk(user.id, { attributes: ['passwordHash'] });
      if (!account || !(await verifyPassword(account.passwordHash, body.password))) {
        throw validationError(TEXTS.account.wrongPassword, { password: TEXTS.account.wrongPassword });
      }
      await deleteAccount(services, user.id);
      clearSessionCookies(ctx, { production: services.env.production });
      return { message: TEXTS.account.deleteSucceeded };
    },

    'account.changePassword': async ({ ctx, user, body }) => {
      await requireRecentProof(services, ctx);
      const sessionId = sessionIdOf(ctx, services.sessionKey);
      if (!sessionId) throw conflict(TEXTS.stepUp.noSessionRecord);
      await changePassword(services, { userId: user.id, sessionId, newPassword: body.newPassword });
      return { message: TEXTS.stepUp.passwordChanged };
    },

    'account.changeEmail': async ({ ctx, user, body }) => {
      await requireRecentProof(services, ctx);
      await requestEmailChange(services, { userId: user.id, newEmail: body.newEmail });
      return { message: TEXTS.emailChange.requested };
    },

    'account.confirmEmail': async ({ body }) => {
      await confirmEmailChange(services, { token: body.token });
      return { message: TEXTS.emailChange.confirmed };
    },

    // The privacy policy promises members may view their data: a JSON file of everything we hold.
    'account.export': async ({ ctx, user }) => {
      await requireRecentProof(services, ctx);
      const data = await exportAccount(services, user);
      ctx.set('Content-Disposition', `attachment; filename="hiraku-${user.publicId}.json"`);
      // Indented, for a member who opens the file; the returned value is still checked as declared.
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = JSON.stringify(data, null, 2);
      return data;
    },
  };
}
