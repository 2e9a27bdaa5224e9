import { TEXTS, type LoginResponse } from '@hiraku/shared';
import type { Context } from 'koa';
import { hasSecondFactor } from '../../auth/secondFactor';
import { setSessionCookies } from '../../auth/sessionCookies';
import { startSession } from '../../auth/sessions';
import { deviceName, readUserAgent } from '../../auth/userAgent';
import { recordDisclosure } from '../../commands/disclosureRecords';
import { enqueueMail } from '../../commands/mailOutbox';
import { writeTransaction } from '../../db/transaction';
import { requestSource } from '../../middlewares/clientAddress';
import { newSignInMail } from '../../mail/templates';
import type { User } from '../../models';
import { presentSessionUser } from '../../presenters/user';
import type { AppServices } from '../../services';

/**
 * The end of every successful sign-in (password, code or passkey): the session, and a mail to the member
 * when this browser is new to their account.
 */
export function createSignIn(services: AppServices): (ctx: Context, user: User) => Promise<LoginResponse> {
  const cookieOptions = { production: services.env.production };
  return async (ctx, user) => {
    const now = new Date();
    const userAgent = ctx.get('User-Agent');
    // Every sign-in here took the password (and the code when two-factor is on) or a passkey: a fresh step-up proof.
    const session = await startSession(services, user, now, { userAgent, strongProofAt: now });
    // Issue 38: a sign-in is a disclosure record (a request names the login that preceded a post).
    await writeTransaction(services.sequelize, (transaction) =>
      recordDisclosure(services.models, { kind: 'signin', targetId: user.id, member: user, source: requestSource(ctx), now }, { transaction }),
    );
    if (session.unseenBrowser) {
      const mail = newSignInMail({ to: user.email, device: deviceName(readUserAgent(userAgent)), at: now, publicUrl: services.env.publicUrl });
      await writeTransaction(services.sequelize, (transaction) => enqueueMail(services.models, 'newSignIn', mail, { transaction }));
    }
    setSessionCookies(ctx, session, cookieOptions);
    return { ...presentSessionUser(user, await hasSecondFactor(services.models, user)), message: TEXTS.account.loginSucceeded };
  };
}
