import { TEXTS } from '@hiraku/shared';
import QRCode from 'qrcode';
import { verifyAccessToken } from '../../auth/accessToken';
import { readAccessCookie } from '../../auth/sessionCookies';
import { listSessions, liveSessionFamilies } from '../../auth/sessionFamilies';
import { revokeFamily } from '../../auth/sessions';
import { requireRecentProof } from '../../auth/stepUp';
import { otpauthUri } from '../../auth/totp';
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup, twoFactorStatus } from '../../commands/twoFactor';
import { notFound } from '../../errors';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import type { AppServices } from '../../services';

/** Two-factor sign-in (set-up, on, off) and the member's own sessions. */
export function securityHandlers(services: AppServices): EndpointHandlers<KeysOf<'twoFactor'> | KeysOf<'sessions'>> {
  /** The family of the request's own session: the access token names it (verified again, cheaply, here). */
  const currentFamily = (ctx: Parameters<EndpointHandlers<'sessions.list'>['sessions.list']>[0]['ctx']): string | null => {
    const token = readAccessCookie(ctx);
    return token ? (verifyAccessToken(token, services.sessionKey)?.familyId ?? null) : null;
  };

  return {
    'twoFactor.status': ({ user }) => twoFactorStatus(services, user.id),

    'twoFactor.setup': async ({ user }) => {
      const secret = await startTwoFactorSetup(services, user.id);
      const account = await services.models.User.findByPk(user.id, { attributes: ['email'] });
      const uri = otpauthUri(secret, account?.email ?? user.publicId);
      const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { setupKey: secret, otpauthUri: uri, qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}` };
    },

    'twoFactor.enable': async ({ user, body }) => {
      const recoveryCodes = await enableTwoFactor(services, user.id, body.code);
      return { message: TEXTS.security.enabled, recoveryCodes };
    },

    'twoFactor.disable': async ({ ctx, user, body }) => {
      await requireRecentProof(services, ctx);
      await disableTwoFactor(services, user.id, body);
      return { message: TEXTS.security.disabled };
    },

    'sessions.list': async ({ ctx, user }) => ({ sessions: await listSessions(services.models, user.id, currentFamily(ctx)) }),

    'sessions.revoke': async ({ user, params }) => {
      const family = await services.models.SessionFamily.findOne({ where: { id: params.id, userId: user.id }, attributes: ['familyId'] });
      const live = family ? (await liveSessionFamilies(services.models, user.id)).some((f) => f.familyId === family.familyId) : false;
      if (!family || !live) throw notFound(TEXTS.security.sessionNotFound);
      await revokeFamily(services.models, family.familyId);
      return { message: TEXTS.security.sessionEnded };
    },

    'sessions.revokeOthers': async ({ ctx, user }) => {
      const current = currentFamily(ctx);
      for (const family of await liveSessionFamilies(services.models, user.id)) {
        if (family.familyId !== current) await revokeFamily(services.models, family.familyId);
      }
      return { message: TEXTS.security.otherSessionsEnded };
    },
  };
}
